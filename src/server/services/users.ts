import type { Database } from '../store/database';
import { ownedOrganizations } from '../store/access';
import { countRepositoriesOwnedBy } from '../store/repositories';
import {
  deleteUserRow,
  findAccountByName,
  findEmailOwner,
  findUserById,
  insertUser,
  setPrimaryEmail,
  updateUserColumns,
  type UserColumn,
  type UserRow,
  type Visibility,
} from '../store/users';
import type { SqlValue } from '../store/database';
import { invalid } from '../domain/errors';
import { accountNameProblem, isValidEmail } from './accountNames';
import { hashPassword } from './passwords';

/** Rules for user accounts shared by the admin API and the `teahouse admin create-user` command. */

export const minPasswordLength = 8;

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
  fullName?: string;
  loginName?: string;
  isAdmin?: boolean;
  mustChangePassword?: boolean;
  restricted?: boolean;
  visibility?: Visibility;
  /** For the first-start administrator only: Gitea's reserved names (e.g. `admin`) are allowed. */
  allowReservedName?: boolean;
}

function checkPassword(password: string): void {
  if ([...password].length < minPasswordLength) {
    throw invalid(`password is too short: at least ${minPasswordLength} characters`);
  }
}

function checkEmailFree(db: Database, email: string, exceptUid?: number): void {
  if (!isValidEmail(email)) throw invalid(`e-mail invalid [email: ${email}]`);
  const owner = findEmailOwner(db, email);
  if (owner !== undefined && owner !== exceptUid) throw invalid(`e-mail already in use [email: ${email}]`);
}

/** Creates a user after Gitea's checks (name rules, unique name and e-mail, password length): 422 otherwise. */
export function createUser(db: Database, input: CreateUserInput): UserRow {
  const problem = accountNameProblem(input.username);
  if (problem && !(input.allowReservedName && problem.startsWith('name is reserved'))) throw invalid(problem);
  checkPassword(input.password);
  return db.transaction(() => {
    if (findAccountByName(db, input.username)) throw invalid(`user already exists [name: ${input.username}]`);
    checkEmailFree(db, input.email);
    const { hash, salt } = hashPassword(input.password);
    const id = insertUser(db, {
      name: input.username,
      email: input.email,
      passwdHash: hash,
      salt,
      fullName: input.fullName,
      loginName: input.loginName,
      isAdmin: input.isAdmin,
      mustChangePassword: input.mustChangePassword,
      restricted: input.restricted,
      visibility: input.visibility,
    });
    return findUserById(db, id)!;
  });
}

/** The fields of Gitea's EditUserOption; absent fields stay as they are. */
export interface EditUserInput {
  email?: string;
  fullName?: string;
  loginName?: string;
  sourceId?: number;
  password?: string;
  mustChangePassword?: boolean;
  website?: string;
  location?: string;
  description?: string;
  active?: boolean;
  admin?: boolean;
  allowGitHook?: boolean;
  allowImportLocal?: boolean;
  allowCreateOrganization?: boolean;
  maxRepoCreation?: number;
  prohibitLogin?: boolean;
  restricted?: boolean;
  visibility?: Visibility;
}

function countAdmins(db: Database): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM user WHERE type = 0 AND is_admin = 1')?.n ?? 0;
}

export function editUser(db: Database, user: UserRow, input: EditUserInput): UserRow {
  if (input.password !== undefined && input.password !== '') checkPassword(input.password);
  if (input.maxRepoCreation !== undefined && input.maxRepoCreation < -1) {
    throw invalid(`[MaxRepoCreation]: must be -1 (the site default) or more, got ${input.maxRepoCreation}`);
  }
  return db.transaction(() => {
    if (input.admin === false && user.is_admin && countAdmins(db) <= 1) {
      throw invalid('cannot remove the last admin');
    }
    const changes: Partial<Record<UserColumn, SqlValue>> = {};
    const flag = (column: UserColumn, value: boolean | undefined): void => {
      if (value !== undefined) changes[column] = value;
    };
    const text = (column: UserColumn, value: string | number | undefined): void => {
      if (value !== undefined) changes[column] = value;
    };
    text('full_name', input.fullName);
    text('login_name', input.loginName);
    text('source_id', input.sourceId);
    text('website', input.website);
    text('location', input.location);
    text('description', input.description);
    text('max_repo_creation', input.maxRepoCreation);
    text('visibility', input.visibility);
    flag('must_change_password', input.mustChangePassword);
    flag('is_active', input.active);
    flag('is_admin', input.admin);
    flag('allow_git_hook', input.allowGitHook);
    flag('allow_import_local', input.allowImportLocal);
    flag('allow_create_organization', input.allowCreateOrganization);
    flag('prohibit_login', input.prohibitLogin);
    flag('restricted', input.restricted);
    // Gitea ignores an empty password in an edit: it means "unchanged".
    if (input.password !== undefined && input.password !== '') {
      const { hash, salt } = hashPassword(input.password);
      changes.passwd_hash = hash;
      changes.salt = salt;
    }
    updateUserColumns(db, user.id, changes);
    if (input.email !== undefined && input.email !== '' && input.email !== user.email) {
      checkEmailFree(db, input.email, user.id);
      setPrimaryEmail(db, user.id, input.email);
    }
    return findUserById(db, user.id)!;
  });
}

/**
 * Deletes a user and everything that is only theirs (tokens, keys, e-mails, follows, stars, memberships).
 * Refuses (422) to delete oneself, an organization, a user who owns repositories, or an organization's
 * last owner: those resources must be handed over or deleted first.
 */
export function deleteUser(db: Database, user: UserRow, doer: UserRow): void {
  if (user.type !== 0) throw invalid(`${user.name} is an organization, not a user`);
  if (user.id === doer.id) throw invalid('you cannot delete yourself');
  db.transaction(() => {
    const repositories = countRepositoriesOwnedBy(db, user.id);
    if (repositories > 0) {
      throw invalid(
        `user still has ownership of repositories [uid: ${user.id}]: transfer or delete its ${repositories} repositories first`,
      );
    }
    const lastOwnerOf = ownedOrganizations(db, user.id).filter((org) => org.owners <= 1);
    if (lastOwnerOf.length > 0) {
      throw invalid(
        `user is the last owner of organizations [uid: ${user.id}]: ${lastOwnerOf.map((org) => org.name).join(', ')}; add another owner or delete them first`,
      );
    }
    deleteUserRow(db, user.id);
  });
}
