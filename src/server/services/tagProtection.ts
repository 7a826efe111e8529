import { forbidden, malformed, notFound } from '../domain/errors';
import type { FieldReader } from '../domain/fieldReader';
import type { Database } from '../store/database';
import {
  deleteProtectedTag,
  findProtectedTag,
  findProtectedTagByPattern,
  insertProtectedTag,
  updateProtectedTag,
  type ProtectedTagRow,
} from '../store/protectedTags';
import type { RepositoryRow } from '../store/repositories';
import { findUserById, userType } from '../store/users';
import { teamIds, userIds } from './branchProtection';

const ownedByOrganization = (db: Database, repo: RepositoryRow): boolean =>
  findUserById(db, repo.owner_id)?.type === userType.organization;

/** The rule `{id}` of this repository; 404 for a malformed id, another repository's rule or none. */
export function loadTagProtection(db: Database, repo: RepositoryRow, idParam: string): ProtectedTagRow {
  const id = /^\d{1,15}$/.test(idParam) ? Number(idParam) : 0;
  const rule = id > 0 ? findProtectedTag(db, repo.id, id) : undefined;
  if (!rule) throw notFound("The target couldn't be found.");
  return rule;
}

/**
 * Gitea's CreateTagProtection: the pattern is trimmed and required (400), an allow list is required (400),
 * a pattern may be protected once (403); unknown users or teams answer 422. Teams only count for an
 * organization's repository.
 */
export function createTagProtection(db: Database, repo: RepositoryRow, body: FieldReader): ProtectedTagRow {
  const pattern = (body.string('name_pattern') ?? '').trim();
  if (pattern === '') throw malformed('name_pattern are empty');
  const users = body.stringArray('whitelist_usernames') ?? [];
  const teams = body.stringArray('whitelist_teams') ?? [];
  if (users.length === 0 && teams.length === 0) {
    throw malformed('both whitelist_usernames and whitelist_teams are empty');
  }
  if (findProtectedTagByPattern(db, repo.id, pattern)) throw forbidden('Tag protection already exist');
  const id = insertProtectedTag(db, repo.id, {
    name_pattern: pattern,
    allowlist_user_ids: JSON.stringify(userIds(db, users)),
    allowlist_team_ids: JSON.stringify(ownedByOrganization(db, repo) ? teamIds(db, repo, teams) : []),
  });
  return findProtectedTag(db, repo.id, id)!;
}

/** Gitea's EditTagProtection: each field given replaces the old one (the pattern untrimmed, as there). */
export function editTagProtection(
  db: Database,
  repo: RepositoryRow,
  rule: ProtectedTagRow,
  body: FieldReader,
): ProtectedTagRow {
  const users = body.stringArray('whitelist_usernames');
  const teams = body.stringArray('whitelist_teams');
  updateProtectedTag(db, rule.id, {
    name_pattern: body.string('name_pattern') ?? rule.name_pattern,
    allowlist_user_ids: users === undefined ? rule.allowlist_user_ids : JSON.stringify(userIds(db, users)),
    allowlist_team_ids:
      teams === undefined
        ? rule.allowlist_team_ids
        : JSON.stringify(ownedByOrganization(db, repo) ? teamIds(db, repo, teams) : []),
  });
  return findProtectedTag(db, repo.id, rule.id)!;
}

export function removeTagProtection(db: Database, rule: ProtectedTagRow): void {
  deleteProtectedTag(db, rule.id);
}
