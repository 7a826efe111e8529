import { compareVersions } from './capabilities';
import type { OperationSpec, ScopeCategory } from './operationSpec';
import type { ServerProfile } from './serverProfile';

/**
 * The scopes a token needs for the given operations: `write:<category>` where one of them changes
 * something (Gitea's write includes read), else `read:<category>`; admin only for a site administrator.
 */
export function scopesFor(
  operations: readonly OperationSpec[],
  options: { readonly admin: boolean },
): string[] {
  const levels = new Map<ScopeCategory, 'read' | 'write'>();
  for (const operation of operations) {
    if (operation.scope === 'admin' && !options.admin) continue;
    const level = operation.method === 'GET' ? 'read' : 'write';
    if (levels.get(operation.scope) !== 'write') levels.set(operation.scope, level);
  }
  return [...levels].map(([category, level]) => `${level}:${category}`).sort();
}

/** Gitea 1.20 redesigned scopes into `read:`/`write:` categories (1.19's were `repo`, `admin:org`, …). */
const categoryScopesSince = '1.20.0';

/**
 * What to ask for when creating a token: exact categories where the server knows them (Teahouse, Gitea
 * and Forgejo on Gitea ≥ 1.20); `all` elsewhere — 1.19's only name covering what Teahouse does, and a
 * field older servers ignore.
 */
export function tokenScopesFor(
  profile: ServerProfile | undefined,
  operations: readonly OperationSpec[],
  admin: boolean,
): string[] {
  const categories =
    profile?.kind === 'teahouse' ||
    (profile?.giteaVersion !== undefined && compareVersions(profile.giteaVersion, categoryScopesSince) >= 0);
  return categories ? scopesFor(operations, { admin }) : ['all'];
}

const scopeNouns: Readonly<Record<string, string>> = {
  repository: 'repositories',
  issue: 'issues',
  user: 'user settings',
  organization: 'organizations',
  notification: 'notifications',
  misc: 'miscellaneous endpoints (markdown, settings)',
  admin: 'site administration',
  package: 'packages',
  activitypub: 'ActivityPub',
};

/**
 * The scopes a 403 says are missing: Gitea ≥ 1.20 answers
 * `token does not have at least one of required scope(s), required=[write:issue], token scope=read:issue`
 * (some releases `…required scope(s): [write:issue]`). Empty when the 403 is about something else.
 */
export function missingScopes(message: string): string[] {
  const match = /required scope\(s\)(?:,\s*required=|:)\s*\[?([a-z_:, -]+?)\]?(?:,\s*token scope|$)/i.exec(
    message.trim(),
  );
  return (match?.[1] ?? '')
    .split(/[,\s]+/)
    .map((scope) => scope.trim())
    .filter((scope) => /^(read|write):[a-z]+$/.test(scope));
}

/** "this token cannot write issues: it needs `write:issue`", or undefined for another 403. */
export function describeMissingScope(message: string): string | undefined {
  const [scope, ...others] = missingScopes(message);
  if (scope === undefined) return undefined;
  const [level = '', category = ''] = scope.split(':');
  const noun = scopeNouns[category] ?? category;
  const alternatives = others.length > 0 ? ` (or ${others.map((other) => `\`${other}\``).join(', ')})` : '';
  return `This token cannot ${level} ${noun}: it needs \`${scope}\`${alternatives}. Create a token with that scope on the server and sign in again with it.`;
}
