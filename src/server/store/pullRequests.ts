import type { Paging } from '../domain/paging';
import { nowSeconds, type Database, type SqlValue } from './database';
import { deleteAutoMerge } from './pullAutoMerges';
import type { IssueRow } from './issues';
import type { RepositoryRow } from './repositories';

/** Gitea's PullRequestStatus values this server uses. */
export const pullStatus = {
  conflict: 0,
  checking: 1,
  mergeable: 2,
  error: 4,
  /** head and base have the same tree: nothing would change */
  empty: 5,
  /** every head commit is already in the base branch */
  ancestor: 6,
} as const;
export type PullStatus = (typeof pullStatus)[keyof typeof pullStatus];

/** A row of `pull_request`: the pull request half of an issue row. Booleans are 0/1. */
export interface PullRequestRow {
  id: number;
  issue_id: number;
  base_repo_id: number;
  head_repo_id: number | null;
  head_branch: string;
  base_branch: string;
  head_commit_id: string;
  base_commit_id: string;
  merge_base: string;
  status: PullStatus;
  checked_base: string;
  checked_head: string;
  conflicted_files: string;
  additions: number;
  deletions: number;
  changed_files: number;
  allow_maintainer_edit: boolean;
  has_merged: boolean;
  merged_commit_id: string;
  merger_id: number;
  merged_unix: number;
}

export function findPullByIssueId(db: Database, issueId: number): PullRequestRow | undefined {
  return db.get<PullRequestRow>('SELECT * FROM pull_request WHERE issue_id = ?', issueId);
}

export function findPullById(db: Database, id: number): PullRequestRow | undefined {
  return db.get<PullRequestRow>('SELECT * FROM pull_request WHERE id = ?', id);
}

/** The pull requests of these issue rows, by issue id (one query for a page). */
export function pullsByIssueIds(db: Database, issueIds: readonly number[]): Map<number, PullRequestRow> {
  if (issueIds.length === 0) return new Map();
  const rows = db.all<PullRequestRow>(
    'SELECT * FROM pull_request WHERE issue_id IN (SELECT value FROM json_each(?))',
    JSON.stringify(issueIds),
  );
  return new Map(rows.map((row) => [row.issue_id, row]));
}

/** The open, unmerged pull request from this head into this base, if there is one (Gitea's GetUnmergedPullRequest). */
export function findOpenPullBetween(
  db: Database,
  target: { headRepoId: number; headBranch: string; baseRepoId: number; baseBranch: string },
  exceptId = 0,
): { pull: PullRequestRow; number: number } | undefined {
  const row = db.get<PullRequestRow & { number: number }>(
    `SELECT pull_request.*, issue.number AS number FROM pull_request JOIN issue ON issue.id = pull_request.issue_id
     WHERE pull_request.head_repo_id = ? AND pull_request.head_branch = ? AND pull_request.base_repo_id = ?
       AND pull_request.base_branch = ? AND pull_request.has_merged = 0 AND issue.is_closed = 0
       AND pull_request.id <> ?`,
    target.headRepoId,
    target.headBranch,
    target.baseRepoId,
    target.baseBranch,
    exceptId,
  );
  if (!row) return undefined;
  const { number, ...pull } = row;
  return { pull, number };
}

/** The first pull request, in any state, from this head into this base (Gitea's GetPullRequestByBaseHeadInfo). */
export function findPullByBranches(
  db: Database,
  target: { headRepoId: number; headBranch: string; baseRepoId: number; baseBranch: string },
): PullRequestRow | undefined {
  return db.get<PullRequestRow>(
    `SELECT * FROM pull_request WHERE base_repo_id = ? AND base_branch = ? AND head_repo_id = ? AND head_branch = ?
     ORDER BY id LIMIT 1`,
    target.baseRepoId,
    target.baseBranch,
    target.headRepoId,
    target.headBranch,
  );
}

/** Open pull requests whose head is this branch of this repository (a push to it moves them). */
export function openPullsWithHead(db: Database, headRepoId: number, headBranch: string): PullRequestRow[] {
  return db.all<PullRequestRow>(
    `SELECT pull_request.* FROM pull_request JOIN issue ON issue.id = pull_request.issue_id
     WHERE pull_request.head_repo_id = ? AND pull_request.head_branch = ? AND pull_request.has_merged = 0
       AND issue.is_closed = 0`,
    headRepoId,
    headBranch,
  );
}

export interface NewPullRequest {
  issueId: number;
  baseRepoId: number;
  headRepoId: number;
  headBranch: string;
  baseBranch: string;
  headCommitId: string;
  baseCommitId: string;
  mergeBase: string;
  allowMaintainerEdit: boolean;
}

export function insertPullRequest(db: Database, pull: NewPullRequest): PullRequestRow {
  const { lastInsertRowid } = db.run(
    `INSERT INTO pull_request (issue_id, base_repo_id, head_repo_id, head_branch, base_branch, head_commit_id,
                               base_commit_id, merge_base, allow_maintainer_edit)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    pull.issueId,
    pull.baseRepoId,
    pull.headRepoId,
    pull.headBranch,
    pull.baseBranch,
    pull.headCommitId,
    pull.baseCommitId,
    pull.mergeBase,
    pull.allowMaintainerEdit ? 1 : 0,
  );
  return findPullById(db, lastInsertRowid)!;
}

/** What a look at the repositories found: the tips, the merge base, and (when computed) the merge check. */
export interface PullGitState {
  headCommitId?: string;
  baseCommitId?: string;
  mergeBase?: string;
  check?: {
    base: string;
    head: string;
    status: PullStatus;
    conflictedFiles: readonly string[];
    additions: number;
    deletions: number;
    changedFiles: number;
  };
}

export function updatePullGitState(db: Database, pull: PullRequestRow, state: PullGitState): PullRequestRow {
  const check = state.check;
  db.run(
    `UPDATE pull_request SET head_commit_id = ?, base_commit_id = ?, merge_base = ?, checked_base = ?, checked_head = ?,
                             status = ?, conflicted_files = ?, additions = ?, deletions = ?, changed_files = ?
     WHERE id = ?`,
    state.headCommitId ?? pull.head_commit_id,
    state.baseCommitId ?? pull.base_commit_id,
    state.mergeBase ?? pull.merge_base,
    check?.base ?? pull.checked_base,
    check?.head ?? pull.checked_head,
    check?.status ?? pull.status,
    check ? JSON.stringify(check.conflictedFiles) : pull.conflicted_files,
    check?.additions ?? pull.additions,
    check?.deletions ?? pull.deletions,
    check?.changedFiles ?? pull.changed_files,
    pull.id,
  );
  return findPullById(db, pull.id)!;
}

export function setPullBaseBranch(db: Database, pull: PullRequestRow, baseBranch: string): PullRequestRow {
  // A new base invalidates the merge check.
  db.run(
    "UPDATE pull_request SET base_branch = ?, checked_base = '', status = 1 WHERE id = ?",
    baseBranch,
    pull.id,
  );
  return findPullById(db, pull.id)!;
}

export function setAllowMaintainerEdit(db: Database, pull: PullRequestRow, allow: boolean): PullRequestRow {
  db.run('UPDATE pull_request SET allow_maintainer_edit = ? WHERE id = ?', allow ? 1 : 0, pull.id);
  return findPullById(db, pull.id)!;
}

/** Records the merge (the issue is closed by the caller in the same transaction). */
export function markPullMerged(
  db: Database,
  pull: PullRequestRow,
  merge: { commitId: string; mergerId: number; headCommitId: string; mergeBase: string },
): PullRequestRow {
  db.run(
    `UPDATE pull_request SET has_merged = 1, merged_commit_id = ?, merger_id = ?, merged_unix = ?, head_commit_id = ?,
                             merge_base = ?, status = 2
     WHERE id = ?`,
    merge.commitId,
    merge.mergerId,
    nowSeconds(),
    merge.headCommitId,
    merge.mergeBase,
    pull.id,
  );
  // A merge by any way ends a scheduled one, as Gitea's SetMerged does.
  deleteAutoMerge(db, pull.id);
  return findPullById(db, pull.id)!;
}

/** Records old and new base branch on a change-target-branch timeline comment (type 25). */
export function setCommentRefs(db: Database, commentId: number, oldRef: string, newRef: string): void {
  db.run('UPDATE comment SET old_ref = ?, new_ref = ? WHERE id = ?', oldRef, newRef, commentId);
}

/** Gitea's pull request sort types for the list. */
export const pullSortTypes = [
  'oldest',
  'recentupdate',
  'recentclose',
  'leastupdate',
  'mostcomment',
  'leastcomment',
  'priority',
] as const;
export type PullSort = (typeof pullSortTypes)[number] | 'newest';

export interface PullFilter {
  repoId: number;
  /** undefined: open and closed */
  isClosed?: boolean;
  baseBranch?: string;
  milestoneId?: number;
  /** pulls having any of these labels */
  labelIds?: readonly number[];
  posterId?: number;
  sort: PullSort;
}

function pullWhere(filter: PullFilter, params: SqlValue[]): string {
  const conditions = ['issue.repo_id = ?', 'issue.is_pull = 1'];
  params.push(filter.repoId);
  if (filter.isClosed !== undefined) {
    conditions.push('issue.is_closed = ?');
    params.push(filter.isClosed ? 1 : 0);
  }
  if (filter.baseBranch !== undefined) {
    conditions.push('pull_request.base_branch = ?');
    params.push(filter.baseBranch);
  }
  if (filter.milestoneId !== undefined) {
    conditions.push('issue.milestone_id = ?');
    params.push(filter.milestoneId);
  }
  if (filter.labelIds !== undefined && filter.labelIds.length > 0) {
    conditions.push(
      'issue.id IN (SELECT issue_id FROM issue_label WHERE label_id IN (SELECT value FROM json_each(?)))',
    );
    params.push(JSON.stringify(filter.labelIds));
  }
  if (filter.posterId !== undefined) {
    conditions.push('issue.poster_id = ?');
    params.push(filter.posterId);
  }
  return conditions.join(' AND ');
}

const pullOrder: Record<PullSort, string> = {
  newest: 'issue.number DESC',
  oldest: 'issue.number ASC',
  recentupdate: 'issue.updated DESC, issue.id DESC',
  leastupdate: 'issue.updated ASC, issue.id ASC',
  recentclose: 'issue.closed_unix DESC, issue.id DESC',
  mostcomment: 'issue.num_comments DESC, issue.id DESC',
  leastcomment: 'issue.num_comments ASC, issue.id ASC',
  priority: 'issue.priority DESC, issue.number DESC',
};

/** A page of a repository's pull requests (issue rows with their pull rows) and how many match. */
export function listPulls(
  db: Database,
  filter: PullFilter,
  paging: Paging,
): { rows: { issue: IssueRow; pull: PullRequestRow }[]; total: number } {
  // a page asked for again in the same data version costs no query (Database.memo)
  return db.memo(`pulls:${JSON.stringify(filter)}:${paging.limit}:${paging.offset}`, () =>
    pageOfPulls(db, filter, paging),
  );
}

function pageOfPulls(
  db: Database,
  filter: PullFilter,
  paging: Paging,
): { rows: { issue: IssueRow; pull: PullRequestRow }[]; total: number } {
  const from = 'FROM issue JOIN pull_request ON pull_request.issue_id = issue.id';
  const countParams: SqlValue[] = [];
  const total =
    db.get<{ n: number }>(
      `SELECT count(*) AS n ${from} WHERE ${pullWhere(filter, countParams)}`,
      ...countParams,
    )?.n ?? 0;
  if (total === 0 || paging.offset >= total) return { rows: [], total };
  const params: SqlValue[] = [];
  const where = pullWhere(filter, params);
  const issues = db.all<IssueRow>(
    `SELECT issue.* ${from} WHERE ${where} ORDER BY ${pullOrder[filter.sort]} LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  const pulls = pullsByIssueIds(
    db,
    issues.map((i) => i.id),
  );
  return { rows: issues.map((issue) => ({ issue, pull: pulls.get(issue.id)! })), total };
}

/**
 * The repository of `ownerId` in the same fork family as `repo`: a fork of it, its parent, or a fork of
 * the same parent — where a pull request's head may live (Gitea's GetForkedRepo, then the base's parent).
 */
export function findForkFamilyRepository(
  db: Database,
  ownerId: number,
  repo: { id: number; fork_id: number | null },
): RepositoryRow | undefined {
  const parent = repo.fork_id ?? -1;
  return db.get<RepositoryRow>(
    `SELECT * FROM repository WHERE owner_id = ? AND (fork_id = ? OR id = ? OR fork_id = ?)
     ORDER BY fork_id = ? DESC, id = ? DESC, id LIMIT 1`,
    ownerId,
    repo.id,
    parent,
    parent,
    repo.id,
    parent,
  );
}

/** The pull request of this repository that was merged as `commit` (Gitea's GetPullRequestByMergedCommit). */
export function findPullByMergedCommit(
  db: Database,
  baseRepoId: number,
  commit: string,
): PullRequestRow | undefined {
  return db.get<PullRequestRow>(
    'SELECT * FROM pull_request WHERE base_repo_id = ? AND has_merged = 1 AND merged_commit_id = ? ORDER BY id LIMIT 1',
    baseRepoId,
    commit,
  );
}

/** A renamed branch carries the unmerged pull requests from or into it, as Gitea's RenameBranch does. */
export function renamePullBranches(db: Database, repoId: number, from: string, to: string): void {
  db.run(
    'UPDATE pull_request SET base_branch = ? WHERE base_repo_id = ? AND base_branch = ? AND has_merged = 0',
    to,
    repoId,
    from,
  );
  db.run(
    'UPDATE pull_request SET head_branch = ? WHERE head_repo_id = ? AND head_branch = ? AND has_merged = 0',
    to,
    repoId,
    from,
  );
}
