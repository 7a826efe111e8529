import type { TagProtection } from '../../api/types';
import type { Database } from '../store/database';
import type { ProtectedTagRow } from '../store/protectedTags';
import { teamNames, userNames } from './branchProtection';
import { isoTime } from './time';

/** Gitea's `TagProtection`: allow lists by name, deleted users and teams dropped. */
export function toTagProtection(view: { db: Database }, rule: ProtectedTagRow): TagProtection {
  return {
    id: rule.id,
    name_pattern: rule.name_pattern,
    whitelist_usernames: userNames(view.db, rule.allowlist_user_ids),
    whitelist_teams: teamNames(view.db, rule.allowlist_team_ids),
    created_at: isoTime(rule.created_unix),
    updated_at: isoTime(rule.updated_unix),
  };
}
