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
  if (!isGlobRule(ruleName)) {
    const letters = [...ruleName].map((c) => {
      const lower = c.toLowerCase();
      const upper = c.toUpperCase();
      if (lower !== upper) return `[${lower}${upper}]`;
      return specials.test(c) || c === '{' || c === '}' ? `\\${c}` : c;
    });
    return `^${letters.join('')}$`;
  }
  let out = '';
  let depth = 0;
  for (let i = 0; i < ruleName.length; i++) {
    const c = ruleName[i]!;
    if (c === '*') {
      if (ruleName[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
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

/** The rule that governs a branch: the first match by priority, plain names before patterns, then age. */
export function ruleForBranch(
  rules: readonly ProtectedBranchRow[],
  branch: string,
): ProtectedBranchRow | undefined {
  const ordered = [...rules].sort(
    (a, b) =>
      a.priority - b.priority ||
      Number(isGlobRule(a.rule_name)) - Number(isGlobRule(b.rule_name)) ||
      a.id - b.id,
  );
  return ordered.find((rule) => ruleMatches(rule, branch));
}

const ids = (json: string): number[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
};

function onList(db: Database, user: NonNullable<Viewer>, userIds: string, teamIds: string): boolean {
  return ids(userIds).includes(user.id) || ids(teamIds).some((team) => isTeamMember(db, team, user.id));
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
