import type { Database, SqlValue } from './database';
import { nowSeconds } from './database';
import { protectionFlags } from './booleanColumns';

export { protectionFlags };
export type ProtectionFlag = (typeof protectionFlags)[number];

/** Allow lists: the API's `<list>_usernames`/`_username` and `<list>_teams` map to `<list>_user_ids`/`_team_ids`. */
export const protectionLists = [
  { list: 'push_whitelist', usersField: 'push_whitelist_usernames' },
  { list: 'force_push_allowlist', usersField: 'force_push_allowlist_usernames' },
  { list: 'merge_whitelist', usersField: 'merge_whitelist_usernames' },
  { list: 'approvals_whitelist', usersField: 'approvals_whitelist_username' },
  { list: 'bypass_allowlist', usersField: 'bypass_allowlist_usernames' },
] as const;
export type ProtectionList = (typeof protectionLists)[number]['list'];
type ListColumn = `${ProtectionList}_user_ids` | `${ProtectionList}_team_ids`;

export type ProtectedBranchRow = Record<ProtectionFlag, boolean> &
  Record<ListColumn, string> & {
    id: number;
    repo_id: number;
    rule_name: string;
    priority: number;
    required_approvals: number;
    status_check_contexts: string;
    protected_file_patterns: string;
    unprotected_file_patterns: string;
    created_unix: number;
    updated_unix: number;
  };

export type ProtectedBranchColumn = Exclude<keyof ProtectedBranchRow, 'id' | 'repo_id' | 'created_unix'>;
export type ProtectedBranchChanges = Partial<Record<ProtectedBranchColumn, SqlValue>>;

/** Every column a write may set; the only names interpolated into SQL. */
const writableColumns: ReadonlySet<string> = new Set<string>([
  'rule_name',
  'priority',
  'required_approvals',
  'status_check_contexts',
  'protected_file_patterns',
  'unprotected_file_patterns',
  ...protectionFlags,
  ...protectionLists.flatMap(({ list }) => [`${list}_user_ids`, `${list}_team_ids`]),
]);

function checkedColumns(changes: ProtectedBranchChanges): [string, SqlValue][] {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [string, SqlValue][];
  for (const [column] of entries) {
    if (!writableColumns.has(column)) throw new Error(`not a protected_branch column: ${column}`);
  }
  return entries;
}

/** A repository's rules, in the order Gitea lists them (priority, then age). */
export function listProtectedBranches(db: Database, repoId: number): ProtectedBranchRow[] {
  return db.all<ProtectedBranchRow>(
    'SELECT * FROM protected_branch WHERE repo_id = ? ORDER BY priority, id',
    repoId,
  );
}

export function findProtectedBranch(
  db: Database,
  repoId: number,
  ruleName: string,
): ProtectedBranchRow | undefined {
  return db.get<ProtectedBranchRow>(
    'SELECT * FROM protected_branch WHERE repo_id = ? AND rule_name = ?',
    repoId,
    ruleName,
  );
}

export function insertProtectedBranch(db: Database, repoId: number, changes: ProtectedBranchChanges): number {
  const entries = checkedColumns(changes);
  const now = nowSeconds();
  const columns = ['repo_id', 'created_unix', 'updated_unix', ...entries.map(([c]) => c)];
  const values: SqlValue[] = [repoId, now, now, ...entries.map(([, v]) => v)];
  const sql = `INSERT INTO protected_branch (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return Number(db.run(sql, ...values).lastInsertRowid);
}

export function updateProtectedBranch(db: Database, id: number, changes: ProtectedBranchChanges): void {
  const entries = checkedColumns(changes);
  const sets = [...entries.map(([c]) => `${c} = ?`), 'updated_unix = ?'];
  db.run(
    `UPDATE protected_branch SET ${sets.join(', ')} WHERE id = ?`,
    ...entries.map(([, v]) => v),
    nowSeconds(),
    id,
  );
}

export function deleteProtectedBranch(db: Database, id: number): void {
  db.run('DELETE FROM protected_branch WHERE id = ?', id);
}

/**
 * Gitea's UpdateProtectBranchPriorities: the rules named by `ids`, in that order, get priorities 1, 2, …;
 * ids of other repositories' rules or of none are skipped, as Gitea's `WHERE repo_id` does.
 */
export function setProtectedBranchPriorities(db: Database, repoId: number, ids: readonly number[]): void {
  db.transaction(() => {
    ids.forEach((id, index) => {
      db.run('UPDATE protected_branch SET priority = ? WHERE id = ? AND repo_id = ?', index + 1, id, repoId);
    });
  });
}
