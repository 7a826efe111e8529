import { invalid } from '../domain/errors';
import type { Database } from '../store/database';
import { deleteOrgUser, insertOrgUser } from '../store/organizations';
import type { RepositoryRow } from '../store/repositories';
import {
  countTeamMembers,
  countUserTeamsInOrg,
  deleteTeamRepo,
  deleteTeamRow,
  deleteTeamUser,
  findTeamById,
  findTeamByName,
  insertTeam,
  insertTeamRepo,
  insertTeamUser,
  isTeamMember,
  linkAllOrgRepos,
  replaceTeamUnits,
  updateTeam,
  type TeamAuthorize,
  type TeamRow,
} from '../store/teams';
import type { UserRow } from '../store/users';
import { lastOwnerError } from './organizations';
import { assertNotBlockedBy, type RepoUnit } from './permissions';
import { resolveTeamUnits } from './teamsUnits';
import { teamNameProblem } from './names';

/** The rules of teams: names, permissions and units, the Owners team's protections, members and repositories. */

type UnitMode = 'none' | 'read' | 'write' | 'admin' | 'owner';

/** What CreateTeamOption / EditTeamOption carry, after field validation (units checked by `checkUnits`). */
export interface TeamInput {
  name: string;
  description?: string;
  permission?: 'read' | 'write' | 'admin';
  units?: RepoUnit[];
  unitsMap?: Map<RepoUnit, UnitMode>;
  includesAllRepositories?: boolean;
  canCreateOrgRepo?: boolean;
}

export const isOwnersTeam = (team: Pick<TeamRow, 'authorize'>): boolean => team.authorize === 'owner';

function checkName(name: string): void {
  const problem = teamNameProblem(name);
  if (problem) throw invalid(problem);
}

function checkNameFree(db: Database, orgId: number, name: string, exceptTeamId?: number): void {
  const existing = findTeamByName(db, orgId, name);
  if (existing && existing.id !== exceptTeamId) {
    throw invalid(`team already exists [org_id: ${orgId}, name: ${name}]`);
  }
}

export function createTeam(db: Database, org: UserRow, input: TeamInput): TeamRow {
  checkName(input.name);
  // Gitea reads a missing permission as none; a team without any access is of no use, so it reads.
  const { authorize, rows } = resolveTeamUnits(input.permission ?? 'read', input.units, input.unitsMap);
  return db.transaction(() => {
    checkNameFree(db, org.id, input.name);
    const id = insertTeam(db, {
      orgId: org.id,
      name: input.name,
      description: input.description ?? '',
      authorize,
      includesAllRepositories: input.includesAllRepositories ?? false,
      canCreateOrgRepo: input.canCreateOrgRepo ?? false,
    });
    const team = findTeamById(db, id)!;
    replaceTeamUnits(db, team, rows ?? []);
    if (team.includes_all_repositories) linkAllOrgRepos(db, team);
    return team;
  });
}

/**
 * Edits a team as Gitea does: absent fields keep their value; a `units_map` below admin sets the permission
 * to its lowest unit mode. The Owners team keeps its name, permission and reach (422 otherwise).
 */
export function editTeam(db: Database, team: TeamRow, input: TeamInput): TeamRow {
  checkName(input.name);
  const owners = isOwnersTeam(team);
  if (owners) {
    if (input.name.toLowerCase() !== team.lower_name) throw invalid('the Owners team cannot be renamed');
    if (input.permission !== undefined || input.units !== undefined || input.unitsMap !== undefined) {
      throw invalid("the Owners team's permission cannot be changed");
    }
    if (input.includesAllRepositories === false) {
      throw invalid('the Owners team always includes all repositories');
    }
  }
  let authorize: TeamAuthorize = team.authorize;
  let rows: ReturnType<typeof resolveTeamUnits>['rows'];
  if (!owners) {
    ({ authorize, rows } = resolveTeamUnits(input.permission ?? team.authorize, input.units, input.unitsMap));
    // Reaching admin drops the unit rows; below admin, rows are only replaced when units were sent.
    if (input.permission === undefined && input.units === undefined && input.unitsMap === undefined)
      rows = undefined;
  }
  const includesAll = owners || (input.includesAllRepositories ?? team.includes_all_repositories);
  return db.transaction(() => {
    checkNameFree(db, team.org_id, input.name, team.id);
    updateTeam(db, team.id, {
      name: owners ? team.name : input.name,
      description: input.description ?? team.description,
      authorize,
      includesAllRepositories: includesAll,
      canCreateOrgRepo: owners || (input.canCreateOrgRepo ?? team.can_create_org_repo),
    });
    if (rows !== undefined) replaceTeamUnits(db, team, rows);
    // As Gitea: turning "all repositories" on links them; turning it off keeps the links made so far.
    if (includesAll && !team.includes_all_repositories) linkAllOrgRepos(db, team);
    return findTeamById(db, team.id)!;
  });
}

export function deleteTeam(db: Database, team: TeamRow): void {
  if (isOwnersTeam(team)) throw invalid('the Owners team cannot be deleted');
  db.transaction(() => {
    const members = db.all<{ uid: number }>('SELECT uid FROM team_user WHERE team_id = ?', team.id);
    deleteTeamRow(db, team.id);
    for (const { uid } of members) dropMembershipWithoutTeams(db, team.org_id, uid);
  });
}

/** Gitea removes the organization membership of a user who is in none of its teams any more. */
function dropMembershipWithoutTeams(db: Database, orgId: number, uid: number): void {
  if (countUserTeamsInOrg(db, orgId, uid) === 0) deleteOrgUser(db, orgId, uid);
}

/** Adds a user to the team, making them an organization member; idempotent. */
export function addTeamMember(db: Database, team: TeamRow, user: UserRow): void {
  // Gitea's AddTeamMember: not for a user the organization blocks
  assertNotBlockedBy(db, user, [team.org_id]);
  db.transaction(() => {
    insertTeamUser(db, team, user.id);
    insertOrgUser(db, team.org_id, user.id);
  });
}

/** Removes a member (a non-member is left as is); the Owners team keeps at least one member (422). */
export function removeTeamMember(db: Database, team: TeamRow, user: UserRow): void {
  db.transaction(() => {
    if (!isTeamMember(db, team.id, user.id)) return;
    if (isOwnersTeam(team) && countTeamMembers(db, team.id) <= 1) throw lastOwnerError(user);
    deleteTeamUser(db, team.id, user.id);
    dropMembershipWithoutTeams(db, team.org_id, user.id);
  });
}

/** Links an organization repository to the team; the repository must belong to the team's organization. */
export function addTeamRepository(db: Database, team: TeamRow, repo: RepositoryRow): void {
  if (repo.owner_id !== team.org_id) {
    throw invalid(`repository does not belong to the team's organization [repo_id: ${repo.id}]`);
  }
  insertTeamRepo(db, team, repo.id);
}

/** Unlinks the repository from the team; the repository itself stays. */
export function removeTeamRepository(db: Database, team: TeamRow, repo: RepositoryRow): void {
  if (repo.owner_id !== team.org_id) {
    throw invalid(`repository does not belong to the team's organization [repo_id: ${repo.id}]`);
  }
  deleteTeamRepo(db, team.id, repo.id);
}
