import type { Database } from './database';

/** A row of `repository`. Booleans are 0/1; `topics` is a JSON array. */
export interface RepositoryRow {
  id: number;
  owner_id: number;
  owner_name: string;
  lower_name: string;
  name: string;
  description: string;
  website: string;
  original_url: string;
  default_branch: string;
  is_private: number;
  is_empty: number;
  is_archived: number;
  is_mirror: number;
  is_fork: number;
  fork_id: number | null;
  is_template: number;
  template_id: number | null;
  git_path: string | null;
  is_missing: number;
  has_issues: number;
  has_wiki: number;
  has_pull_requests: number;
  has_projects: number;
  has_releases: number;
  has_packages: number;
  has_actions: number;
  allow_merge_commits: number;
  allow_rebase: number;
  allow_rebase_explicit: number;
  allow_squash_merge: number;
  allow_fast_forward_only_merge: number;
  allow_rebase_update: number;
  default_delete_branch_after_merge: number;
  default_merge_style: string;
  ignore_whitespace_conflicts: number;
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
}

export function findRepositoryById(db: Database, id: number): RepositoryRow | undefined {
  return db.get<RepositoryRow>('SELECT * FROM repository WHERE id = ?', id);
}

/** By owner name and repository name, case-insensitively, as Gitea resolves `/repos/{owner}/{repo}`. */
export function findRepositoryByName(
  db: Database,
  ownerName: string,
  name: string,
): RepositoryRow | undefined {
  return db.get<RepositoryRow>(
    `SELECT repository.* FROM repository JOIN user ON user.id = repository.owner_id
     WHERE user.lower_name = ? AND repository.lower_name = ?`,
    ownerName.toLowerCase(),
    name.toLowerCase(),
  );
}

export function countRepositoriesOwnedBy(db: Database, ownerId: number): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM repository WHERE owner_id = ?', ownerId)?.n ?? 0;
}
