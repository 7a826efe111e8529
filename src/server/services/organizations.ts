import { invalid, notFound } from '../domain/errors';
import { type Database, type SqlValue } from '../store/database';
import {
  deleteOrganizationRow,
  deleteOrgUser,
  findOrgMembership,
  insertOrganization,
  insertOrgUser,
  setOrgMembershipPublic,
} from '../store/organizations';
import { countRepositoriesOwnedBy } from '../store/repositories';
import { countOrgOwners, deleteUserFromOrgTeams, insertTeam, insertTeamUser } from '../store/teams';
import {
  findAccountByName,
  findUserById,
  updateUserColumns,
  type UserColumn,
  type UserRow,
  type Visibility,
} from '../store/users';
import { accountNameProblem, isValidEmail } from './accountNames';
import { orgRole } from './permissions';

/** The rules of organizations: creation with its Owners team, edits, deletion and membership. */

/** The name Gitea gives every organization's owner team. */
export const ownersTeamName = 'Owners';

/** The fields of Gitea's CreateOrgOption / EditOrgOption; absent fields keep their value in an edit. */
export interface OrganizationInput {
  fullName?: string;
  email?: string;
  description?: string;
  website?: string;
  location?: string;
  visibility?: Visibility;
  repoAdminChangeTeamAccess?: boolean;
}

function checkEmail(email: string | undefined): void {
  // An empty e-mail clears it; anything else must look like an address.
  if (email !== undefined && email !== '' && !isValidEmail(email)) {
    throw invalid(`e-mail invalid [email: ${email}]`);
  }
}

/** Gitea's ValidUrl binding of a website: empty, or an http(s) URL (422 otherwise). */
export function checkWebsite(website: string | undefined): void {
  if (website === undefined || website === '') return;
  let valid = false;
  try {
    const url = new URL(website);
    valid = url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    valid = false;
  }
  if (!valid) throw invalid('[Website]: ValidUrl');
}

/**
 * Creates an organization owned by `owner`: the account, its Owners team (owner permission on every
 * repository, may create repositories) with the owner in it, and the owner's (concealed) membership.
 */
export function createOrganization(
  db: Database,
  name: string,
  input: OrganizationInput,
  owner: UserRow,
): UserRow {
  const problem = accountNameProblem(name);
  if (problem) throw invalid(problem);
  checkEmail(input.email);
  checkWebsite(input.website);
  return db.transaction(() => {
    if (findAccountByName(db, name)) throw invalid(`user already exists [name: ${name}]`);
    const orgId = insertOrganization(db, {
      name,
      fullName: input.fullName ?? '',
      email: input.email ?? '',
      description: input.description ?? '',
      website: input.website ?? '',
      location: input.location ?? '',
      visibility: input.visibility ?? 'public',
      repoAdminChangeTeamAccess: input.repoAdminChangeTeamAccess ?? false,
    });
    const teamId = insertTeam(db, {
      orgId,
      name: ownersTeamName,
      description: '',
      authorize: 'owner',
      includesAllRepositories: true,
      canCreateOrgRepo: true,
    });
    insertTeamUser(db, { id: teamId, org_id: orgId }, owner.id);
    insertOrgUser(db, orgId, owner.id);
    return findUserById(db, orgId)!;
  });
}

export function editOrganization(db: Database, org: UserRow, input: OrganizationInput): UserRow {
  checkEmail(input.email);
  checkWebsite(input.website);
  const changes: Partial<Record<UserColumn, SqlValue>> = {};
  const set = (column: UserColumn, value: SqlValue | undefined): void => {
    if (value !== undefined) changes[column] = value;
  };
  set('full_name', input.fullName);
  set('email', input.email);
  set('description', input.description);
  set('website', input.website);
  set('location', input.location);
  set('visibility', input.visibility);
  set(
    'repo_admin_change_team_access',
    input.repoAdminChangeTeamAccess === undefined ? undefined : input.repoAdminChangeTeamAccess,
  );
  updateUserColumns(db, org.id, changes);
  return findUserById(db, org.id)!;
}

/** Deletes an organization; refused (422) while it owns repositories, as for users. */
export function deleteOrganization(db: Database, org: UserRow): void {
  db.transaction(() => {
    const repositories = countRepositoriesOwnedBy(db, org.id);
    if (repositories > 0) {
      throw invalid(
        `organization still has ownership of repositories [uid: ${org.id}]: transfer or delete its ${repositories} repositories first`,
      );
    }
    deleteOrganizationRow(db, org.id);
  });
}

/** Gitea's ErrLastOrgOwner, as a refusal rather than its 500. */
export const lastOwnerError = (user: UserRow): Error =>
  invalid(`user is the last member of owner team [uid: ${user.id}]: add another owner first`);

/**
 * Takes a user out of the organization and all its teams (a non-member is left as is); the last owner
 * cannot leave (422).
 */
export function removeOrganizationMember(db: Database, org: UserRow, member: UserRow): void {
  db.transaction(() => {
    if (orgRole(db, member, org) === 'owner' && countOrgOwners(db, org.id) <= 1) throw lastOwnerError(member);
    deleteUserFromOrgTeams(db, org.id, member.id);
    deleteOrgUser(db, org.id, member.id);
  });
}

/** Makes a membership public or concealed; the user must be a member (404 otherwise). */
export function setMembershipVisibility(
  db: Database,
  org: UserRow,
  member: UserRow,
  isPublic: boolean,
): void {
  if (!findOrgMembership(db, org.id, member.id)) {
    throw notFound(`user is not a member of the organization [name: ${member.name}]`);
  }
  setOrgMembershipPublic(db, org.id, member.id, isPublic);
}
