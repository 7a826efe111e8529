import { invalid } from '../domain/errors';
import type { Database } from '../store/database';
import { listProtectedTags, type ProtectedTagRow } from '../store/protectedTags';
import { isTeamMember } from '../store/teams';
import { allowListIds, globExpression } from './branchProtectionRules';
import type { Viewer } from './permissions';

/**
 * A tag rule's pattern as an expression both JavaScript and a hook's `grep -E` read: `/…/` is a regular
 * expression matched anywhere in the name (Go's MatchString), anything else a glob over the whole name
 * without separators (gobwas/glob as Gitea compiles it), case-sensitive.
 */
export function tagRuleExpression(pattern: string): string {
  if (pattern.length >= 2 && pattern.startsWith('/') && pattern.endsWith('/')) return pattern.slice(1, -1);
  return globExpression(pattern);
}

function matches(rule: ProtectedTagRow, tag: string): boolean {
  try {
    return new RegExp(tagRuleExpression(rule.name_pattern)).test(tag);
  } catch {
    // Gitea fails the whole check on a pattern it cannot compile; here that rule protects nothing.
    return false;
  }
}

/** Gitea's IsUserAllowedModifyTag: the user or one of their teams is on the rule's allow list. */
function allows(db: Database, rule: ProtectedTagRow, user: Viewer): boolean {
  if (user === null) return false;
  return (
    allowListIds(rule.allowlist_user_ids).includes(user.id) ||
    allowListIds(rule.allowlist_team_ids).some((team) => isTeamMember(db, team, user.id))
  );
}

/**
 * Gitea's IsUserAllowedToControlTag: a tag no rule matches is free; otherwise one matching rule that allows
 * the user suffices. Site administrators are not exempt, as in Gitea.
 */
export function mayControlTag(db: Database, repoId: number, tag: string, user: Viewer): boolean {
  const matching = listProtectedTags(db, repoId).filter((rule) => matches(rule, tag));
  return matching.length === 0 || matching.some((rule) => allows(db, rule, user));
}

/** 422 with Gitea's message for this path when the user may not create, move or delete this tag. */
export function assertMayControlTag(
  db: Database,
  repoId: number,
  tag: string,
  user: Viewer,
  message: string,
): void {
  if (!mayControlTag(db, repoId, tag, user)) throw invalid(message);
}

/**
 * The rules for a push hook, in the order that makes the first match decide as mayControlTag does: rules
 * allowing this user first, then the others. Empty when the repository protects no tags.
 */
export function tagPushRules(
  db: Database,
  repoId: number,
  user: Viewer,
): { readonly allow: boolean; readonly expression: string }[] {
  const rules = listProtectedTags(db, repoId).map((rule) => ({
    allow: allows(db, rule, user),
    expression: tagRuleExpression(rule.name_pattern),
  }));
  return [...rules.filter((r) => r.allow), ...rules.filter((r) => !r.allow)];
}
