import { isTeamMember } from '../store/teams';
import type { Database } from '../store/database';
import type { ProtectedBranchRow } from '../store/branchProtections';
import { atLeast, type AccessMode, type Viewer } from './permissions';

/** Gitea treats a rule name with glob characters as a pattern; any other name protects that one branch. */
export const isGlobRule = (ruleName: string): boolean => /[*?[\]{}]/.test(ruleName);

const specials = /[.^$+()|\\]/;

/**
 * A rule as a regular expression that is both a JavaScript and a POSIX extended one (so a git hook's
 * `grep -E` can use it): glob rules as Gitea's glob with `/` as separator (`*`, `**`, `?`, `[..]`, `{a,b}`),
 * plain names case-insensitively, as Gitea compares them.
 */
export function ruleExpression(ruleName: string): string {
  return isGlobRule(ruleName) ? globExpression(ruleName, '/') : plainExpression(ruleName);
}

function plainExpression(ruleName: string): string {
  const letters = [...ruleName].map((c) => {
    const lower = c.toLowerCase();
    const upper = c.toUpperCase();
    if (lower !== upper) return `[${lower}${upper}]`;
    return specials.test(c) || c === '{' || c === '}' ? `\\${c}` : c;
  });
  return `^${letters.join('')}$`;
}

/**
 * A glob as a POSIX extended (and JavaScript) expression: with `separator` `*` and `?` stop at it and
 * `**` crosses it; without, as gobwas/glob compiled without separators, `*` matches any run.
 */
export function globExpression(ruleName: string, separator?: '/'): string {
  const anyRun = separator ? '[^/]*' : '.*';
  const anyOne = separator ? '[^/]' : '.';
  let out = '';
  let depth = 0;
  for (let i = 0; i < ruleName.length; i++) {
    const c = ruleName[i]!;
    if (c === '*') {
      if (ruleName[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += anyRun;
    } else if (c === '?') out += anyOne;
    else if (c === '[') {
      const end = ruleName.indexOf(']', i + 1);
      if (end < 0) {
        out += '\\[';
        continue;
      }
      // inside brackets a backslash is literal in POSIX but an escape in JavaScript: leave such classes out
      let inner = ruleName.slice(i + 1, end);
      if (inner.includes('\\') || inner === '' || inner === '!') {
        out += '\\[';
        continue;
      }
      if (inner.startsWith('!')) inner = `^${inner.slice(1)}`;
      out += `[${inner}]`;
      i = end;
    } else if (c === '{') {
      depth++;
      out += '(';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += specials.test(c) || c === '}' ? `\\${c}` : c;
  }
  return `^${out}${')'.repeat(depth)}$`;
}

function ruleMatches(rule: Pick<ProtectedBranchRow, 'rule_name'>, branch: string): boolean {
  try {
    return new RegExp(ruleExpression(rule.rule_name)).test(branch);
  } catch {
    return false;
  }
}

/** Gitea's order of rules, the first matching a branch governing it: priority, plain names first, then age. */
export function orderedRules(rules: readonly ProtectedBranchRow[]): ProtectedBranchRow[] {
  return [...rules].sort(
    (a, b) =>
      a.priority - b.priority ||
      Number(isGlobRule(a.rule_name)) - Number(isGlobRule(b.rule_name)) ||
      a.id - b.id,
  );
}

/** The rule that governs a branch: the first match in Gitea's order. */
export function ruleForBranch(
  rules: readonly ProtectedBranchRow[],
  branch: string,
): ProtectedBranchRow | undefined {
  return orderedRules(rules).find((rule) => ruleMatches(rule, branch));
}

/** The ids of an allow-list column (a JSON array). */
export const allowListIds = (json: string): number[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
};

function onList(db: Database, user: NonNullable<Viewer>, userIds: string, teamIds: string): boolean {
  return (
    allowListIds(userIds).includes(user.id) ||
    allowListIds(teamIds).some((team) => isTeamMember(db, team, user.id))
  );
}

/** Gitea's CanUserPush: pushing needs write access, the rule's push switch and, when set, the allow list. */
export function mayPushTo(
  db: Database,
  rule: ProtectedBranchRow | undefined,
  user: Viewer,
  mode: AccessMode,
): boolean {
  if (user === null || !atLeast(mode, 'write')) return false;
  if (!rule) return true;
  if (!rule.enable_push) return false;
  if (!rule.enable_push_whitelist) return true;
  return onList(db, user, rule.push_whitelist_user_ids, rule.push_whitelist_team_ids);
}

/** Gitea's IsUserMergeWhitelisted: write access, and the merge allow list when the rule enables it. */
export function mayMergeInto(
  db: Database,
  rule: ProtectedBranchRow | undefined,
  user: Viewer,
  mode: AccessMode,
): boolean {
  if (user === null || !atLeast(mode, 'write')) return false;
  if (!rule || !rule.enable_merge_whitelist) return true;
  return onList(db, user, rule.merge_whitelist_user_ids, rule.merge_whitelist_team_ids);
}

/** Gitea's CanUserForcePush: pushing at all, the rule's force-push switch and, when set, its allow list. */
export function mayForcePush(
  db: Database,
  rule: ProtectedBranchRow | undefined,
  user: Viewer,
  mode: AccessMode,
): boolean {
  if (!mayPushTo(db, rule, user, mode) || user === null) return false;
  if (!rule) return true;
  if (!rule.enable_force_push) return false;
  if (!rule.enable_force_push_allowlist) return true;
  return onList(db, user, rule.force_push_allowlist_user_ids, rule.force_push_allowlist_team_ids);
}
