import { nowSeconds, type Database, type SqlValue } from './database';

export type Visibility = 'public' | 'limited' | 'private';

/** Gitea keeps users and organizations in one table, told apart by `type`. */
export const userType = { individual: 0, organization: 1 } as const;
export type UserType = (typeof userType)[keyof typeof userType];

/** A row of `user` (users and organizations). Booleans are 0/1. */
export interface UserRow {
  id: number;
  type: UserType;
  lower_name: string;
  name: string;
  full_name: string;
  email: string;
  keep_email_private: boolean;
  login_name: string;
  source_id: number;
  passwd_hash: string;
  salt: string;
  must_change_password: boolean;
  is_admin: boolean;
  is_active: boolean;
  prohibit_login: boolean;
  restricted: boolean;
  visibility: Visibility;
  description: string;
  website: string;
  location: string;
  avatar: string;
  /** The hash of an uploaded avatar (`avatars/<hash>` in the data folder); empty for the default one. */
  custom_avatar: string;
  language: string;
  max_repo_creation: number;
  allow_create_organization: boolean;
  allow_git_hook: boolean;
  allow_import_local: boolean;
  repo_admin_change_team_access: boolean;
  created: number;
  updated: number;
  last_login: number;
  /** The web theme (Gitea's `gitea-auto` by default). */
  theme: string;
  diff_view_style: string;
  /** The user hides their activity (feeds, heatmap) from others. */
  keep_activity_private: boolean;
}

export interface NewUser {
  name: string;
  email: string;
  passwdHash: string;
  salt: string;
  fullName?: string;
  loginName?: string;
  isAdmin?: boolean;
  mustChangePassword?: boolean;
  restricted?: boolean;
  visibility?: Visibility;
  created?: number;
}

export function findUserById(db: Database, id: number): UserRow | undefined {
  return db.memoOf(['user'], `user:${id}`, () => db.get<UserRow>('SELECT * FROM user WHERE id = ?', id));
}

/** A user or an organization, by name, case-insensitively. */
export function findAccountByName(db: Database, name: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM user WHERE lower_name = ?', name.toLowerCase());
}

/** An individual user (not an organization), by name, case-insensitively. */
export function findUserByName(db: Database, name: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM user WHERE lower_name = ? AND type = 0', name.toLowerCase());
}

export function countUsers(db: Database): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM user WHERE type = 0')?.n ?? 0;
}

/** The id of the user who owns this e-mail address (primary or not), if any. */
export function findEmailOwner(db: Database, email: string): number | undefined {
  return db.get<{ uid: number }>('SELECT uid FROM email_address WHERE lower_email = ?', email.toLowerCase())
    ?.uid;
}

/** Inserts a user and its primary e-mail address; the caller runs it in a transaction with its checks. */
export function insertUser(db: Database, user: NewUser): number {
  const now = user.created ?? nowSeconds();
  const { lastInsertRowid: id } = db.run(
    `INSERT INTO user (type, lower_name, name, full_name, email, login_name, passwd_hash, salt,
       must_change_password, is_admin, restricted, visibility, created, updated)
     VALUES (0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    user.name.toLowerCase(),
    user.name,
    user.fullName ?? '',
    user.email,
    user.loginName ?? '',
    user.passwdHash,
    user.salt,
    user.mustChangePassword ?? false,
    user.isAdmin ?? false,
    user.restricted ?? false,
    user.visibility ?? 'public',
    now,
    now,
  );
  db.run(
    'INSERT INTO email_address (uid, email, lower_email, is_primary, is_activated) VALUES (?, ?, ?, 1, 1)',
    id,
    user.email,
    user.email.toLowerCase(),
  );
  return id;
}

/** Columns of `user` an edit may set; values are already validated and converted (booleans as 0/1). */
export type UserColumn = Exclude<
  keyof UserRow,
  'id' | 'type' | 'lower_name' | 'name' | 'created' | 'updated'
>;

export function updateUserColumns(
  db: Database,
  id: number,
  changes: Partial<Record<UserColumn, SqlValue>>,
): void {
  const columns = Object.keys(changes) as UserColumn[];
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = ?`).join(', ');
  db.run(
    `UPDATE user SET ${assignments}, updated = ? WHERE id = ?`,
    ...columns.map((column) => changes[column] ?? null),
    nowSeconds(),
    id,
  );
}

/** Makes `email` the user's primary address, keeping email_address in step with user.email. */
export function setPrimaryEmail(db: Database, uid: number, email: string): void {
  db.run('UPDATE email_address SET is_primary = 0 WHERE uid = ?', uid);
  const existing = db.run(
    'UPDATE email_address SET is_primary = 1, email = ? WHERE uid = ? AND lower_email = ?',
    email,
    uid,
    email.toLowerCase(),
  );
  if (existing.changes === 0) {
    db.run(
      'INSERT INTO email_address (uid, email, lower_email, is_primary, is_activated) VALUES (?, ?, ?, 1, 1)',
      uid,
      email,
      email.toLowerCase(),
    );
  }
  db.run('UPDATE user SET email = ?, updated = ? WHERE id = ?', email, nowSeconds(), uid);
}

export function touchLastLogin(db: Database, id: number): void {
  db.run('UPDATE user SET last_login = ? WHERE id = ?', nowSeconds(), id);
}

export function deleteUserRow(db: Database, id: number): void {
  db.run('DELETE FROM user WHERE id = ?', id);
}

export interface UserSearch {
  /** Matches name, full name and (for admins) e-mail, case-insensitively. */
  keyword?: string;
  uid?: number;
  /** Include only users the searcher may see (visibility rules): null for anonymous. */
  visibleTo: { id: number; isAdmin: boolean } | null;
  offset: number;
  limit: number;
}

function searchWhere(search: UserSearch): { where: string; params: SqlValue[] } {
  const clauses = ['type = 0'];
  const params: SqlValue[] = [];
  if (search.keyword) {
    const pattern = `%${search.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push("(lower_name LIKE ? ESCAPE '\\' OR lower(full_name) LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern);
  }
  if (search.uid !== undefined && search.uid > 0) {
    clauses.push('id = ?');
    params.push(search.uid);
  }
  // Gitea: anonymous sees public users, signed-in users also limited ones, admins everyone (and oneself).
  if (search.visibleTo === null) {
    clauses.push("visibility = 'public'");
  } else if (!search.visibleTo.isAdmin) {
    clauses.push("(visibility IN ('public', 'limited') OR id = ?)");
    params.push(search.visibleTo.id);
  }
  return { where: clauses.join(' AND '), params };
}

export function searchUsers(db: Database, search: UserSearch): { rows: UserRow[]; total: number } {
  const { where, params } = searchWhere(search);
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM user WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<UserRow>(
    `SELECT * FROM user WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`,
    ...params,
    search.limit,
    search.offset,
  );
  return { rows, total };
}

/** The counters a User carries in JSON, counted rather than stored so they cannot drift. */
export interface UserCounts {
  followers: number;
  following: number;
  starredRepos: number;
}

export function countUserRelations(db: Database, id: number): UserCounts {
  return db.memoOf(['follow', 'star'], `user-counts:${id}`, () => {
    const row = db.get<{ followers: number; following: number; stars: number }>(
      `SELECT (SELECT count(*) FROM follow WHERE follow_id = ?) AS followers,
              (SELECT count(*) FROM follow WHERE user_id = ?) AS following,
              (SELECT count(*) FROM star WHERE uid = ?) AS stars`,
      id,
      id,
      id,
    );
    return { followers: row?.followers ?? 0, following: row?.following ?? 0, starredRepos: row?.stars ?? 0 };
  });
}

export interface AdminUserFilter {
  keyword?: string;
  loginName?: string;
  sourceId?: number;
  visibility?: Visibility;
  isActive?: boolean;
  isAdmin?: boolean;
  isRestricted?: boolean;
  isProhibitLogin?: boolean;
  sort: 'name' | 'created' | 'updated' | 'id';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The admin's user list: every user, filtered; the keyword also matches e-mail addresses. */
export function adminListUsers(db: Database, filter: AdminUserFilter): { rows: UserRow[]; total: number } {
  const clauses = ['type = 0'];
  const params: SqlValue[] = [];
  if (filter.keyword) {
    const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push(
      "(lower_name LIKE ? ESCAPE '\\' OR lower(full_name) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\')",
    );
    params.push(pattern, pattern, pattern);
  }
  const equal = (column: string, value: SqlValue | undefined): void => {
    if (value === undefined) return;
    clauses.push(`${column} = ?`);
    params.push(value);
  };
  equal('login_name', filter.loginName);
  equal('source_id', filter.sourceId);
  equal('visibility', filter.visibility);
  equal('is_active', filter.isActive === undefined ? undefined : filter.isActive);
  equal('is_admin', filter.isAdmin === undefined ? undefined : filter.isAdmin);
  equal('restricted', filter.isRestricted === undefined ? undefined : filter.isRestricted);
  equal('prohibit_login', filter.isProhibitLogin === undefined ? undefined : filter.isProhibitLogin);
  const where = clauses.join(' AND ');
  const sortColumn = filter.sort === 'name' ? 'lower_name' : filter.sort;
  const direction = filter.order === 'desc' ? 'DESC' : 'ASC';
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM user WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<UserRow>(
    `SELECT * FROM user WHERE ${where} ORDER BY ${sortColumn} ${direction}, id LIMIT ? OFFSET ?`,
    ...params,
    filter.limit,
    filter.offset,
  );
  return { rows, total };
}
