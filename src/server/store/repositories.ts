import { nowSeconds, type Database, type SqlValue } from './database';

/** A row of `repository`. Booleans are 0/1; `topics` is a JSON array. */
export interface RepositoryRow {
  id: number;
  owner_id: number;
  owner_name: string;
  lower_name: string;
  name: string;
  description: string;
  website: string;
  /** The hash of an uploaded avatar (`repo-avatars/<hash>` in the data folder); empty for none. */
  avatar: string;
  original_url: string;
  default_branch: string;
  is_private: boolean;
  is_empty: boolean;
  is_archived: boolean;
  is_mirror: boolean;
  is_fork: boolean;
  fork_id: number | null;
  is_template: boolean;
  template_id: number | null;
  git_path: string | null;
  is_missing: boolean;
  has_issues: boolean;
  has_wiki: boolean;
  has_pull_requests: boolean;
  has_projects: boolean;
  has_releases: boolean;
  has_packages: boolean;
  has_actions: boolean;
  allow_merge_commits: boolean;
  allow_rebase: boolean;
  allow_rebase_explicit: boolean;
  allow_squash_merge: boolean;
  allow_fast_forward_only_merge: boolean;
  allow_rebase_update: boolean;
  default_delete_branch_after_merge: boolean;
  default_merge_style: string;
  ignore_whitespace_conflicts: boolean;
  topics: string;
  mirror_interval: string;
  object_format_name: string;
  num_stars: number;
  num_forks: number;
  num_watches: number;
  num_issues: number;
  num_closed_issues: number;
  num_pulls: number;
  num_closed_pulls: number;
  num_milestones: number;
  num_closed_milestones: number;
  num_releases: number;
  size: number;
  created: number;
  updated: number;
  archived_at: number;
  // The issues unit's settings: in every row read whole (`SELECT *`), absent from rows built in code, where
  // timeTrackerSettings and dependenciesEnabled read them from the table instead.
  enable_time_tracker?: boolean;
  allow_only_contributors_to_track_time?: boolean;
  enable_issue_dependencies?: boolean;
}

export function findRepositoryById(db: Database, id: number): RepositoryRow | undefined {
  return db.memoOf(['repository'], `repository:${id}`, () =>
    db.get<RepositoryRow>('SELECT * FROM repository WHERE id = ?', id),
  );
}

const byNameKey = (ownerLowerName: string, lowerName: string): string =>
  `repository:${ownerLowerName}/${lowerName}`;

/**
 * Keeps a row just written by RETURNING (a counter moved) as the answer of findRepositoryById and
 * findRepositoryByName until the repository or user table is written again. `owner_name` follows every
 * rename and transfer in the same transaction, so it names the owner the by-name lookup joins.
 */
export function rememberRepository(db: Database, row: RepositoryRow): void {
  db.memoOf(['repository', 'user'], byNameKey(row.owner_name.toLowerCase(), row.lower_name), () => row);
  db.memoOf(['repository'], `repository:${row.id}`, () => row);
}

/** By owner name and repository name, case-insensitively, as Gitea resolves `/repos/{owner}/{repo}`. */
export function findRepositoryByName(
  db: Database,
  ownerName: string,
  name: string,
): RepositoryRow | undefined {
  const owner = ownerName.toLowerCase();
  const repo = name.toLowerCase();
  return db.memoOf(['repository', 'user'], byNameKey(owner, repo), () =>
    db.get<RepositoryRow>(
      `SELECT repository.* FROM repository JOIN user ON user.id = repository.owner_id
       WHERE user.lower_name = ? AND repository.lower_name = ?`,
      owner,
      repo,
    ),
  );
}

export function countRepositoriesOwnedBy(db: Database, ownerId: number): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM repository WHERE owner_id = ?', ownerId)?.n ?? 0;
}

/** What a new repository row needs; everything else takes the schema's defaults. */
export interface NewRepository {
  ownerId: number;
  ownerName: string;
  name: string;
  description: string;
  website?: string;
  defaultBranch: string;
  isPrivate: boolean;
  isEmpty: boolean;
  isTemplate: boolean;
  objectFormatName: 'sha1' | 'sha256';
  size: number;
  gitPath?: string;
  created?: number;
}

export function insertRepository(db: Database, repo: NewRepository): number {
  const now = repo.created ?? nowSeconds();
  return db.run(
    `INSERT INTO repository (owner_id, owner_name, lower_name, name, description, website, default_branch,
       is_private, is_empty, is_template, object_format_name, size, git_path, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    repo.ownerId,
    repo.ownerName,
    repo.name.toLowerCase(),
    repo.name,
    repo.description,
    repo.website ?? '',
    repo.defaultBranch,
    repo.isPrivate,
    repo.isEmpty,
    repo.isTemplate,
    repo.objectFormatName,
    repo.size,
    repo.gitPath ?? null,
    now,
    now,
  ).lastInsertRowid;
}

/** Columns an edit may set; values are validated and converted (booleans as 0/1) by the caller. */
export type RepositoryColumn = Exclude<
  keyof RepositoryRow,
  'id' | 'owner_id' | 'owner_name' | 'created' | 'updated' | `num_${string}`
>;

export function updateRepositoryColumns(
  db: Database,
  id: number,
  changes: Partial<Record<RepositoryColumn, SqlValue>>,
): void {
  const columns = Object.keys(changes) as RepositoryColumn[];
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = ?`).join(', ');
  db.run(
    `UPDATE repository SET ${assignments}, updated = ? WHERE id = ?`,
    ...columns.map((column) => changes[column] ?? null),
    nowSeconds(),
    id,
  );
}

/** Deletes the row; stars, watches, collaborations, team links and deploy keys go with it (ON DELETE CASCADE). */
export function deleteRepositoryRow(db: Database, id: number): void {
  db.run('DELETE FROM repository WHERE id = ?', id);
}

export function repositoryNameTaken(db: Database, ownerId: number, name: string, exceptId = 0): boolean {
  return (
    db.get<{ id: number }>(
      'SELECT id FROM repository WHERE owner_id = ? AND lower_name = ? AND id != ?',
      ownerId,
      name.toLowerCase(),
      exceptId,
    ) !== undefined
  );
}

/** As Gitea does for an organization's new repository: every team that includes all repositories gets it. */
export function linkRepositoryToAllRepositoryTeams(db: Database, orgId: number, repoId: number): void {
  db.run(
    `INSERT OR IGNORE INTO team_repo (org_id, team_id, repo_id)
     SELECT org_id, id, ? FROM team WHERE org_id = ? AND includes_all_repositories = 1`,
    repoId,
    orgId,
  );
}

/** Every repository of an owner, oldest first. */
export function listRepositoriesOwnedBy(db: Database, ownerId: number): RepositoryRow[] {
  return db.all<RepositoryRow>('SELECT * FROM repository WHERE owner_id = ? ORDER BY id', ownerId);
}
