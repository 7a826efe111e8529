import { nowSeconds, type Database } from './database';
import type { RepositoryRow } from './repositories';
import type { UserRow } from './users';

/** The team permission words the schema stores (Gitea's AccessMode). */
export type TeamAuthorize = 'none' | 'read' | 'write' | 'admin' | 'owner';
/** What a team unit row may hold: team_unit never stores 'owner'. */
export type TeamUnitMode = 'none' | 'read' | 'write' | 'admin';

/** A row of `team`. Booleans are 0/1. */
export interface TeamRow {
  id: number;
  org_id: number;
  lower_name: string;
  name: string;
  description: string;
  authorize: TeamAuthorize;
  includes_all_repositories: boolean;
  can_create_org_repo: boolean;
  created: number;
  updated: number;
}

export interface TeamUnitRow {
  unit: string;
  access_mode: TeamUnitMode;
}

export interface Page {
  offset: number;
  limit: number;
}

export interface NewTeam {
  orgId: number;
  name: string;
  description: string;
  authorize: TeamAuthorize;
  includesAllRepositories: boolean;
  canCreateOrgRepo: boolean;
}

export function findTeamById(db: Database, id: number): TeamRow | undefined {
  return db.get<TeamRow>('SELECT * FROM team WHERE id = ?', id);
}

/** A team of the organization by name, case-insensitively. */
export function findTeamByName(db: Database, orgId: number, name: string): TeamRow | undefined {
  return db.get<TeamRow>('SELECT * FROM team WHERE org_id = ? AND lower_name = ?', orgId, name.toLowerCase());
}

export function insertTeam(db: Database, team: NewTeam): number {
  const now = nowSeconds();
  return db.run(
    `INSERT INTO team (org_id, lower_name, name, description, authorize, includes_all_repositories,
       can_create_org_repo, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    team.orgId,
    team.name.toLowerCase(),
    team.name,
    team.description,
    team.authorize,
    team.includesAllRepositories,
    team.canCreateOrgRepo,
    now,
    now,
  ).lastInsertRowid;
}

export interface TeamChanges {
  name: string;
  description: string;
  authorize: TeamAuthorize;
  includesAllRepositories: boolean;
  canCreateOrgRepo: boolean;
}

export function updateTeam(db: Database, id: number, changes: TeamChanges): void {
  db.run(
    `UPDATE team SET name = ?, lower_name = ?, description = ?, authorize = ?, includes_all_repositories = ?,
       can_create_org_repo = ?, updated = ?
     WHERE id = ?`,
    changes.name,
    changes.name.toLowerCase(),
    changes.description,
    changes.authorize,
    changes.includesAllRepositories,
    changes.canCreateOrgRepo,
    nowSeconds(),
    id,
  );
}

export function deleteTeamRow(db: Database, id: number): void {
  db.run('DELETE FROM team WHERE id = ?', id);
}

/** The organization's teams by name, as Gitea's SearchTeam orders them. */
export function listOrgTeams(db: Database, orgId: number, page: Page): { rows: TeamRow[]; total: number } {
  const total = db.get<{ n: number }>('SELECT count(*) AS n FROM team WHERE org_id = ?', orgId)?.n ?? 0;
  const rows = db.all<TeamRow>(
    'SELECT * FROM team WHERE org_id = ? ORDER BY lower_name, id LIMIT ? OFFSET ?',
    orgId,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Gitea's SearchTeam: one page of an organization's teams whose name (and, with `includeDescription`, whose
 * description) contains `keyword` case-insensitively, by name, and how many match.
 */
export function searchOrgTeams(
  db: Database,
  orgId: number,
  keyword: string,
  includeDescription: boolean,
  page: Page,
): { rows: TeamRow[]; total: number } {
  const like = `%${escapeLike(keyword.toLowerCase())}%`;
  const match = includeDescription
    ? "(lower_name LIKE ? ESCAPE '\\' OR lower(description) LIKE ? ESCAPE '\\')"
    : "lower_name LIKE ? ESCAPE '\\'";
  const params = includeDescription ? [orgId, like, like] : [orgId, like];
  const where = `WHERE org_id = ? AND ${match}`;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM team ${where}`, ...params)?.n ?? 0;
  const rows = db.all<TeamRow>(
    `SELECT * FROM team ${where} ORDER BY lower_name, id LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

/** Every team the user is in, across organizations. */
export function listUserTeams(db: Database, uid: number, page: Page): { rows: TeamRow[]; total: number } {
  const total = db.get<{ n: number }>('SELECT count(*) AS n FROM team_user WHERE uid = ?', uid)?.n ?? 0;
  const rows = db.all<TeamRow>(
    `SELECT team.* FROM team JOIN team_user ON team_user.team_id = team.id
     WHERE team_user.uid = ? ORDER BY team.lower_name, team.id LIMIT ? OFFSET ?`,
    uid,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

export function teamUnits(db: Database, teamId: number): TeamUnitRow[] {
  return db.all<TeamUnitRow>('SELECT unit, access_mode FROM team_unit WHERE team_id = ? ORDER BY id', teamId);
}

/** Replaces the team's unit rows; an empty list means "the team's permission on every unit". */
export function replaceTeamUnits(
  db: Database,
  team: Pick<TeamRow, 'id' | 'org_id'>,
  units: readonly TeamUnitRow[],
): void {
  db.run('DELETE FROM team_unit WHERE team_id = ?', team.id);
  for (const unit of units) {
    db.run(
      'INSERT INTO team_unit (org_id, team_id, unit, access_mode) VALUES (?, ?, ?, ?)',
      team.org_id,
      team.id,
      unit.unit,
      unit.access_mode,
    );
  }
}

export function isTeamMember(db: Database, teamId: number, uid: number): boolean {
  return (
    db.get<{ one: number }>('SELECT 1 AS one FROM team_user WHERE team_id = ? AND uid = ?', teamId, uid) !==
    undefined
  );
}

export function insertTeamUser(db: Database, team: Pick<TeamRow, 'id' | 'org_id'>, uid: number): void {
  db.run(
    'INSERT OR IGNORE INTO team_user (org_id, team_id, uid) VALUES (?, ?, ?)',
    team.org_id,
    team.id,
    uid,
  );
}

export function deleteTeamUser(db: Database, teamId: number, uid: number): void {
  db.run('DELETE FROM team_user WHERE team_id = ? AND uid = ?', teamId, uid);
}

export function countTeamMembers(db: Database, teamId: number): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM team_user WHERE team_id = ?', teamId)?.n ?? 0;
}

export function listTeamMembers(
  db: Database,
  teamId: number,
  page: Page,
): { rows: UserRow[]; total: number } {
  const rows = db.all<UserRow>(
    `SELECT user.* FROM user JOIN team_user ON team_user.uid = user.id
     WHERE team_user.team_id = ? ORDER BY user.lower_name LIMIT ? OFFSET ?`,
    teamId,
    page.limit,
    page.offset,
  );
  return { rows, total: countTeamMembers(db, teamId) };
}

/** How many teams of the organization the user is in. */
export function countUserTeamsInOrg(db: Database, orgId: number, uid: number): number {
  return (
    db.get<{ n: number }>('SELECT count(*) AS n FROM team_user WHERE org_id = ? AND uid = ?', orgId, uid)
      ?.n ?? 0
  );
}

/** Takes the user out of every team of the organization. */
export function deleteUserFromOrgTeams(db: Database, orgId: number, uid: number): void {
  db.run('DELETE FROM team_user WHERE org_id = ? AND uid = ?', orgId, uid);
}

/** Distinct members of the organization's owner teams. */
export function countOrgOwners(db: Database, orgId: number): number {
  return (
    db.get<{ n: number }>(
      `SELECT count(DISTINCT team_user.uid) AS n FROM team_user JOIN team ON team.id = team_user.team_id
       WHERE team.org_id = ? AND team.authorize = 'owner'`,
      orgId,
    )?.n ?? 0
  );
}

/**
 * Whether the team reaches the repository: linked, or (for a team that includes every repository) owned by its
 * organization — Gitea links new repositories to such teams; here they are reached without a link row.
 */
export function teamReachesRepo(
  db: Database,
  team: Pick<TeamRow, 'id' | 'org_id' | 'includes_all_repositories'>,
  repo: Pick<RepositoryRow, 'id' | 'owner_id'>,
): boolean {
  if (team.includes_all_repositories && repo.owner_id === team.org_id) return true;
  return (
    db.get<{ one: number }>(
      'SELECT 1 AS one FROM team_repo WHERE team_id = ? AND repo_id = ?',
      team.id,
      repo.id,
    ) !== undefined
  );
}

export function insertTeamRepo(db: Database, team: Pick<TeamRow, 'id' | 'org_id'>, repoId: number): void {
  db.run(
    'INSERT OR IGNORE INTO team_repo (org_id, team_id, repo_id) VALUES (?, ?, ?)',
    team.org_id,
    team.id,
    repoId,
  );
}

export function deleteTeamRepo(db: Database, teamId: number, repoId: number): void {
  db.run('DELETE FROM team_repo WHERE team_id = ? AND repo_id = ?', teamId, repoId);
}

const teamReposWhere = `(repository.id IN (SELECT repo_id FROM team_repo WHERE team_id = ?)
   OR (? = 1 AND repository.owner_id = ?))`;

/** The repositories the team reaches (see `teamReachesRepo`), by name. */
export function listTeamRepos(
  db: Database,
  team: Pick<TeamRow, 'id' | 'org_id' | 'includes_all_repositories'>,
  page: Page,
): { rows: RepositoryRow[]; total: number } {
  const params = [team.id, team.includes_all_repositories, team.org_id];
  const total =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM repository WHERE ${teamReposWhere}`, ...params)?.n ?? 0;
  const rows = db.all<RepositoryRow>(
    `SELECT repository.* FROM repository WHERE ${teamReposWhere} ORDER BY repository.lower_name LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

/** The teams of the repository's organization that reach it (linked, or including every repository), Owners first as Gitea. */
export function listRepoTeams(db: Database, orgId: number, repoId: number): TeamRow[] {
  return db.all<TeamRow>(
    `SELECT * FROM team WHERE org_id = ?
       AND (includes_all_repositories = 1 OR id IN (SELECT team_id FROM team_repo WHERE repo_id = ?))
     ORDER BY authorize = 'owner' DESC, lower_name, id`,
    orgId,
    repoId,
  );
}

/** Links every repository of the organization to the team (for a team that includes all repositories). */
export function linkAllOrgRepos(db: Database, team: Pick<TeamRow, 'id' | 'org_id'>): void {
  db.run(
    `INSERT OR IGNORE INTO team_repo (org_id, team_id, repo_id)
     SELECT ?, ?, id FROM repository WHERE owner_id = ?`,
    team.org_id,
    team.id,
    team.org_id,
  );
}
