import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A `pre-receive` hook that refuses updates to branches matching `TEAHOUSE_DENY_PUSH` and deletions of
 * branches matching `TEAHOUSE_DENY_DELETE` (POSIX extended expressions; empty = none). It is a shell script
 * so git runs it without Node.
 */
const hookScript = `#!/bin/sh
status=0
while read -r old new ref; do
  case "$ref" in refs/heads/*) ;; *) continue ;; esac
  branch=\${ref#refs/heads/}
  if [ -n "$TEAHOUSE_DENY_DELETE" ] && [ -z "\${new#"\${new%%[!0]*}"}" ] &&
    printf '%s\\n' "$branch" | grep -Eq -- "$TEAHOUSE_DENY_DELETE"; then
    echo "Gitea: branch $branch is protected from deletion" >&2
    status=1
  elif [ -n "$TEAHOUSE_DENY_PUSH" ] && printf '%s\\n' "$branch" | grep -Eq -- "$TEAHOUSE_DENY_PUSH"; then
    echo "Gitea: Not allowed to push to protected branch $branch" >&2
    status=1
  fi
done
exit $status
`;

/** The hooks folder holding the protection hook under the data folder, written on first use. */
export function protectionHooksDir(dataDir: string): string {
  const dir = path.join(dataDir, 'hooks', 'branch-protection');
  const hook = path.join(dir, 'pre-receive');
  if (!existsSync(hook)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(hook, hookScript, { mode: 0o755 });
    chmodSync(hook, 0o755);
  }
  return dir;
}
