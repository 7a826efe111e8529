import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The hooks a receive-pack runs when the server sets `core.hooksPath` for it. Shell scripts, so git runs
 * them without Node; they read their settings from the environment of that one push:
 * - `pre-receive` refuses deletions of branches matching `TEAHOUSE_DENY_DELETE` (a POSIX extended
 *   expression; empty = none), and updates of branches and tags that `TEAHOUSE_BRANCH_RULES` /
 *   `TEAHOUSE_TAG_RULES` deny: lines of `allow` or `deny`, a tab and an expression, the first match deciding;
 * - with `TEAHOUSE_GIT_HOOKS=1` (`--enable-git-hooks`) each then runs the repository's own hook that the
 *   git hooks API sets, Gitea's `hooks/<name>.d/<name>` in the git directory, with the same input and
 *   arguments; a failing pre-receive or update hook refuses the push as git would.
 */

const userHook = (name: string): string => `"\${GIT_DIR:-.}/hooks/${name}.d/${name}"`;

const preReceive = `#!/bin/sh
input=$(cat)
status=0
tab=$(printf '\\t')
verdict() {
  printf '%s\\n' "$2" | while IFS="$tab" read -r rule expression; do
    [ -n "$expression" ] || continue
    if printf '%s\\n' "$1" | grep -Eq -- "$expression"; then echo "$rule"; break; fi
  done
}
while read -r old new ref; do
  case "$ref" in
  refs/heads/*)
    branch=\${ref#refs/heads/}
    if [ -n "$TEAHOUSE_DENY_DELETE" ] && [ -z "\${new#"\${new%%[!0]*}"}" ] &&
      printf '%s\\n' "$branch" | grep -Eq -- "$TEAHOUSE_DENY_DELETE"; then
      echo "Gitea: branch $branch is protected from deletion" >&2
      status=1
    elif [ "$(verdict "$branch" "$TEAHOUSE_BRANCH_RULES")" = deny ]; then
      echo "Gitea: Not allowed to push to protected branch $branch" >&2
      status=1
    fi
    ;;
  refs/tags/*)
    tag=\${ref#refs/tags/}
    if [ "$(verdict "$tag" "$TEAHOUSE_TAG_RULES")" = deny ]; then
      echo "Gitea: Tag $tag is protected" >&2
      status=1
    fi
    ;;
  esac
done <<EOF
$input
EOF
[ $status -eq 0 ] || exit $status
hook=${userHook('pre-receive')}
if [ "$TEAHOUSE_GIT_HOOKS" = 1 ] && [ -f "$hook" ] && [ -x "$hook" ]; then
  printf '%s\\n' "$input" | "$hook"
  exit $?
fi
exit 0
`;

const update = `#!/bin/sh
hook=${userHook('update')}
if [ "$TEAHOUSE_GIT_HOOKS" = 1 ] && [ -f "$hook" ] && [ -x "$hook" ]; then
  exec "$hook" "$@"
fi
exit 0
`;

const postReceive = `#!/bin/sh
input=$(cat)
hook=${userHook('post-receive')}
if [ "$TEAHOUSE_GIT_HOOKS" = 1 ] && [ -f "$hook" ] && [ -x "$hook" ]; then
  printf '%s\\n' "$input" | "$hook"
fi
exit 0
`;

const scripts: Readonly<Record<string, string>> = {
  'pre-receive': preReceive,
  update,
  'post-receive': postReceive,
};

/** Data folders whose scripts this process has checked (a newer version rewrites older scripts once). */
const written = new Set<string>();

/** The hooks folder of receive-packs under the data folder, its scripts (re)written on first use. */
export function receiveHooksDir(dataDir: string): string {
  const dir = path.join(dataDir, 'hooks', 'receive');
  if (written.has(dir)) return dir;
  mkdirSync(dir, { recursive: true });
  for (const [name, script] of Object.entries(scripts)) {
    const file = path.join(dir, name);
    let current: string | undefined;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = undefined;
    }
    if (current !== script) writeFileSync(file, script, { mode: 0o755 });
    chmodSync(file, 0o755);
  }
  written.add(dir);
  return dir;
}
