import { nowSeconds, type Database, type SqlValue } from './database';
import type { Page } from './teams';
import { userType, type UserRow, type Visibility } from './users';

/** Organizations live in `user` with type 1, as in Gitea; membership is `org_user`. */

export interface NewOrganization {
  name: string;
  fullName: string;
  email: string;
  description: string;
  website: string;
  location: string;
  visibility: Visibility;
  repoAdminChangeTeamAccess: boolean;
}

export function insertOrganization(db: Database, org: NewOrganization): number {
  const now = nowSeconds();
  return db.run(
    `INSERT INTO user (type, lower_name, name, full_name, email, description, website, location, visibility,
       repo_admin_change_team_access, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    userType.organization,
    org.name.toLowerCase(),
    org.name,
    org.fullName,
    org.email,
    org.description,
    org.website,
    org.location,
    org.visibility,
    org.repoAdminChangeTeamAccess,
    now,
    now,
  ).lastInsertRowid;
}

/** An organization (not a user) by name, case-insensitively. */
export function findOrganizationByName(db: Database, name: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM user WHERE lower_name = ? AND type = 1', name.toLowerCase());
}

/** Who may be listed: Gitea's visibility filter for organization lists. */
export interface OrgListViewer {
  /** Visibilities listed to everyone who asks. */
  visibilities: readonly Visibility[];
  /** Also list limited organizations where this user is a member (restricted users). */
  memberOf?: number;
}

function visibilityClause(viewer: OrgListViewer): { sql: string; params: SqlValue[] } {
  const marks = viewer.visibilities.map(() => '?').join(', ');
  const listed = viewer.visibilities.length > 0 ? `visibility IN (${marks})` : '0';
  if (viewer.memberOf === undefined) return { sql: listed, params: [...viewer.visibilities] };
  return {
    sql: `(${listed} OR (visibility = 'limited' AND id IN (SELECT org_id FROM org_user WHERE uid = ?)))`,
    params: [...viewer.visibilities, viewer.memberOf],
  };
}

/** All organizations the viewer may list, alphabetically (GET /orgs, GET /admin/orgs). */
export function listOrganizations(
  db: Database,
  viewer: OrgListViewer,
  page: Page,
): { rows: UserRow[]; total: number } {
  const { sql, params } = visibilityClause(viewer);
  const where = `type = 1 AND ${sql}`;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM user WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<UserRow>(
    `SELECT * FROM user WHERE ${where} ORDER BY lower_name LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

export interface MembershipFilter {
  /** Only memberships the user made public. */
  publicOnly: boolean;
  /** Only organizations of these visibilities; all when absent. */
  visibilities?: readonly Visibility[];
}

/** The organizations the user belongs to, alphabetically. */
export function listOrganizationsOfUser(
  db: Database,
  uid: number,
  filter: MembershipFilter,
  page: Page,
): { rows: UserRow[]; total: number } {
  const clauses = ['user.type = 1', 'org_user.uid = ?'];
  const params: SqlValue[] = [uid];
  if (filter.publicOnly) clauses.push('org_user.is_public = 1');
  if (filter.visibilities) {
    clauses.push(`user.visibility IN (${filter.visibilities.map(() => '?').join(', ')})`);
    params.push(...filter.visibilities);
  }
  const where = clauses.join(' AND ');
  const from = 'user JOIN org_user ON org_user.org_id = user.id';
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<UserRow>(
    `SELECT user.* FROM ${from} WHERE ${where} ORDER BY user.lower_name LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

export interface MemberFilter {
  /** Only members who made their membership public. */
  publicOnly: boolean;
  /** Hide members whose own profile the viewer may not see: null for anonymous, else the viewer's id. */
  visibleTo?: { id: number | null; restricted: boolean };
}

/** The organization's members, by name. */
export function listOrgMembers(
  db: Database,
  orgId: number,
  filter: MemberFilter,
  page: Page,
): { rows: UserRow[]; total: number } {
  const clauses = ['org_user.org_id = ?'];
  const params: SqlValue[] = [orgId];
  if (filter.publicOnly) clauses.push('org_user.is_public = 1');
  if (filter.visibleTo) {
    const { id, restricted } = filter.visibleTo;
    // Gitea's user visibility: public to all, limited to signed-in unrestricted users, private to oneself.
    if (id === null) clauses.push("user.visibility = 'public'");
    else if (restricted) {
      clauses.push("(user.visibility = 'public' OR user.id = ?)");
      params.push(id);
    } else {
      clauses.push("(user.visibility IN ('public', 'limited') OR user.id = ?)");
      params.push(id);
    }
  }
  const where = clauses.join(' AND ');
  const from = 'user JOIN org_user ON org_user.uid = user.id';
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<UserRow>(
    `SELECT user.* FROM ${from} WHERE ${where} ORDER BY user.lower_name LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

/** The membership row, if the user is a member: whether it is public. */
export function findOrgMembership(
  db: Database,
  orgId: number,
  uid: number,
): { is_public: boolean } | undefined {
  return db.get<{ is_public: boolean }>(
    'SELECT is_public FROM org_user WHERE org_id = ? AND uid = ?',
    orgId,
    uid,
  );
}

/** Makes the user a member (concealed, as Gitea's default); nothing changes for a member. */
export function insertOrgUser(db: Database, orgId: number, uid: number, isPublic = false): void {
  db.run('INSERT OR IGNORE INTO org_user (uid, org_id, is_public) VALUES (?, ?, ?)', uid, orgId, isPublic);
}

export function deleteOrgUser(db: Database, orgId: number, uid: number): void {
  db.run('DELETE FROM org_user WHERE org_id = ? AND uid = ?', orgId, uid);
}

export function setOrgMembershipPublic(db: Database, orgId: number, uid: number, isPublic: boolean): void {
  db.run('UPDATE org_user SET is_public = ? WHERE org_id = ? AND uid = ?', isPublic, orgId, uid);
}

/** Deletes the organization; its teams and memberships go with it (foreign keys cascade). */
export function deleteOrganizationRow(db: Database, orgId: number): void {
  db.run('DELETE FROM user WHERE id = ? AND type = 1', orgId);
}
