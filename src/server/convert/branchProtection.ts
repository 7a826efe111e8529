import type { BranchProtection } from '../../api/types';
import { protectionFlags, protectionLists, type ProtectedBranchRow } from '../store/branchProtections';
import type { Database } from '../store/database';
import { findTeamById } from '../store/teams';
import { findUserById } from '../store/users';
import { allowListIds as idList } from '../services/branchProtectionRules';
import { isoTime } from './time';

/** Names of the users (or teams) still there; deleted ones drop out as in Gitea. */
export const userNames = (db: Database, json: string): string[] =>
  idList(json).flatMap((id) => findUserById(db, id)?.name ?? []);
export const teamNames = (db: Database, json: string): string[] =>
  idList(json).flatMap((id) => findTeamById(db, id)?.name ?? []);

/** Gitea's `BranchProtection`; `branch_name` repeats the rule name (deprecated in Gitea). */
export function toBranchProtection(view: { db: Database }, rule: ProtectedBranchRow): BranchProtection {
  const flags = Object.fromEntries(protectionFlags.map((flag) => [flag, rule[flag]])) as Record<
    (typeof protectionFlags)[number],
    boolean
  >;
  const lists = Object.fromEntries(
    protectionLists.flatMap(({ list, usersField }) => [
      [usersField, userNames(view.db, rule[`${list}_user_ids`])],
      [`${list}_teams`, teamNames(view.db, rule[`${list}_team_ids`])],
    ]),
  ) as Pick<
    BranchProtection,
    | 'push_whitelist_usernames'
    | 'push_whitelist_teams'
    | 'force_push_allowlist_usernames'
    | 'force_push_allowlist_teams'
    | 'merge_whitelist_usernames'
    | 'merge_whitelist_teams'
    | 'approvals_whitelist_username'
    | 'approvals_whitelist_teams'
    | 'bypass_allowlist_usernames'
    | 'bypass_allowlist_teams'
  >;
  const contexts: unknown = JSON.parse(rule.status_check_contexts);
  return {
    branch_name: rule.rule_name,
    rule_name: rule.rule_name,
    priority: rule.priority,
    ...flags,
    ...lists,
    required_approvals: rule.required_approvals,
    status_check_contexts: Array.isArray(contexts) ? contexts.map(String) : [],
    protected_file_patterns: rule.protected_file_patterns,
    unprotected_file_patterns: rule.unprotected_file_patterns,
    created_at: isoTime(rule.created_unix),
    updated_at: isoTime(rule.updated_unix),
  };
}
