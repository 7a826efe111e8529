import type { Database } from './database';

/**
 * The queries the permission module needs. Access modes are Gitea's words; the team queries return
 * every team of the user that reaches the repository, with its per-unit modes (team_unit).
 */

export type AccessModeWord = 'none' | 'read' | 'write' | 'admin' | 'owner';

export function collaboratorMode(db: Database, repoId: number, userId: number): AccessModeWord | undefined {
  return db.get<{ mode: AccessModeWord }>(
    'SELECT mode FROM collaboration WHERE repo_id = ? AND user_id = ?',
    repoId,
    userId,
  )?.mode;
}

export interface TeamGrant {
  team_id: number;
  authorize: AccessModeWord;
  /** JSON object unit → mode, '{}' when the team has no unit rows. */
  units: string;
}

/** The user's teams in `orgId` that cover `repoId` (listed in team_repo or including all repositories). */
export function teamGrantsForRepository(
  db: Database,
  orgId: number,
  repoId: number,
  userId: number,
): TeamGrant[] {
  return db.all<TeamGrant>(
    `SELECT team.id AS team_id, team.authorize AS authorize,
            coalesce((SELECT json_group_object(unit, access_mode) FROM team_unit WHERE team_id = team.id), '{}') AS units
     FROM team JOIN team_user ON team_user.team_id = team.id
     WHERE team.org_id = ? AND team_user.uid = ?
       AND (team.includes_all_repositories = 1
            OR EXISTS (SELECT 1 FROM team_repo WHERE team_repo.team_id = team.id AND team_repo.repo_id = ?))`,
    orgId,
    userId,
    repoId,
  );
}

/** Whether the user is in the organization at all, and whether in a team with 'owner' (the Owners team). */
export function organizationMembership(
  db: Database,
  orgId: number,
  userId: number,
): { member: boolean; owner: boolean } {
  const row = db.get<{ member: number; owner: number }>(
    `SELECT EXISTS (SELECT 1 FROM org_user WHERE org_id = ? AND uid = ?) AS member,
            EXISTS (SELECT 1 FROM team_user JOIN team ON team.id = team_user.team_id
                    WHERE team.org_id = ? AND team_user.uid = ? AND team.authorize = 'owner') AS owner`,
    orgId,
    userId,
    orgId,
    userId,
  );
  return { member: row?.member === 1 || row?.owner === 1, owner: row?.owner === 1 };
}

/** The organizations where `userId` is an owner, with how many owners each has. */
export function ownedOrganizations(
  db: Database,
  userId: number,
): { org_id: number; name: string; owners: number }[] {
  return db.all<{ org_id: number; name: string; owners: number }>(
    `SELECT team.org_id AS org_id, org.name AS name,
            (SELECT count(DISTINCT tu.uid) FROM team_user tu JOIN team t ON t.id = tu.team_id
             WHERE t.org_id = team.org_id AND t.authorize = 'owner') AS owners
     FROM team JOIN team_user ON team_user.team_id = team.id JOIN user org ON org.id = team.org_id
     WHERE team_user.uid = ? AND team.authorize = 'owner'
     GROUP BY team.org_id`,
    userId,
  );
}

/** Whether the user may create repositories in the organization: an owner, or in a team with can_create_org_repo. */
export function mayCreateOrganizationRepository(db: Database, orgId: number, userId: number): boolean {
  return (
    db.get(
      `SELECT 1 FROM team JOIN team_user ON team_user.team_id = team.id
       WHERE team.org_id = ? AND team_user.uid = ? AND (team.authorize = 'owner' OR team.can_create_org_repo = 1)`,
      orgId,
      userId,
    ) !== undefined
  );
}

/** The highest permission of the user's teams in the organization (Gitea's GetOrgUserMaxAuthorizeLevel). */
export function maxTeamAuthorize(db: Database, orgId: number, userId: number): AccessModeWord {
  const rows = db.all<{ authorize: AccessModeWord }>(
    `SELECT DISTINCT team.authorize FROM team JOIN team_user ON team_user.team_id = team.id
     WHERE team.org_id = ? AND team_user.uid = ?`,
    orgId,
    userId,
  );
  const order: readonly AccessModeWord[] = ['none', 'read', 'write', 'admin', 'owner'];
  return rows.reduce<AccessModeWord>(
    (best, row) => (order.indexOf(row.authorize) > order.indexOf(best) ? row.authorize : best),
    'none',
  );
}
