import { commentType } from './comments';
import type { Database } from './database';
import { pullStatus } from './pullRequests';
import { reviewType, type ReviewType } from './reviews';

/**
 * Rows of a migrated tracker, written as the source had them: numbers, dates, states and authors given,
 * nothing taken from the clock. The caller runs these inside the transaction that places the repository,
 * then `refreshImportedCounters` once.
 */

/** Who wrote something: a local user, or (poster 0 / no user) the source's name and id kept. */
export interface ImportedAuthor {
  /** A local user id; 0 when the author has no account here (-1 for the source's Ghost). */
  readonly userId: number;
  readonly originalAuthor: string;
  readonly originalAuthorId: number;
}

export interface ImportedLabel {
  readonly name: string;
  readonly description: string;
  readonly color: string;
  readonly exclusive: boolean;
  readonly archivedUnix: number;
}

export function insertImportedLabel(db: Database, repoId: number, label: ImportedLabel, now: number): number {
  return Number(
    db.run(
      `INSERT INTO label (repo_id, name, description, color, exclusive, archived_unix, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      repoId,
      label.name,
      label.description,
      label.color,
      label.exclusive,
      label.archivedUnix,
      now,
      now,
    ).lastInsertRowid,
  );
}

export interface ImportedMilestone {
  readonly title: string;
  readonly description: string;
  readonly isClosed: boolean;
  readonly deadlineUnix: number;
  readonly closedUnix: number;
  readonly created: number;
  readonly updated: number;
}

export function insertImportedMilestone(db: Database, repoId: number, milestone: ImportedMilestone): number {
  return Number(
    db.run(
      `INSERT INTO milestone (repo_id, name, content, is_closed, deadline_unix, closed_date_unix, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      repoId,
      milestone.title,
      milestone.description,
      milestone.isClosed,
      milestone.deadlineUnix,
      milestone.closedUnix,
      milestone.created,
      milestone.updated,
    ).lastInsertRowid,
  );
}

export interface ImportedIssue {
  readonly number: number;
  readonly author: ImportedAuthor;
  readonly title: string;
  readonly body: string;
  readonly ref: string;
  readonly milestoneId: number | null;
  readonly isClosed: boolean;
  readonly isPull: boolean;
  readonly isLocked: boolean;
  readonly deadlineUnix: number;
  readonly created: number;
  readonly updated: number;
  readonly closedUnix: number;
  readonly labelIds: readonly number[];
  readonly assigneeIds: readonly number[];
}

export function insertImportedIssue(db: Database, repoId: number, issue: ImportedIssue): number {
  const id = Number(
    db.run(
      `INSERT INTO issue (repo_id, number, poster_id, original_author, original_author_id, title, content, ref,
                          milestone_id, is_closed, is_pull, is_locked, deadline_unix, created, updated, closed_unix)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      repoId,
      issue.number,
      issue.author.userId,
      issue.author.originalAuthor,
      issue.author.originalAuthorId,
      issue.title,
      issue.body,
      issue.ref,
      issue.milestoneId,
      issue.isClosed,
      issue.isPull,
      issue.isLocked,
      issue.deadlineUnix,
      issue.created,
      issue.updated,
      issue.closedUnix,
    ).lastInsertRowid,
  );
  for (const labelId of new Set(issue.labelIds)) {
    db.run('INSERT INTO issue_label (issue_id, label_id) VALUES (?, ?)', id, labelId);
  }
  for (const assigneeId of new Set(issue.assigneeIds)) {
    db.run('INSERT INTO issue_assignees (issue_id, assignee_id) VALUES (?, ?)', id, assigneeId);
  }
  return id;
}

export interface ImportedComment {
  readonly author: ImportedAuthor;
  readonly body: string;
  readonly created: number;
  readonly updated: number;
}

/** A plain comment (type 0). */
export function insertImportedComment(db: Database, issueId: number, comment: ImportedComment): number {
  return Number(
    db.run(
      `INSERT INTO comment (type, issue_id, poster_id, original_author, original_author_id, content, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      commentType.comment,
      issueId,
      comment.author.userId,
      comment.author.originalAuthor,
      comment.author.originalAuthorId,
      comment.body,
      comment.created,
      comment.updated,
    ).lastInsertRowid,
  );
}

export interface ImportedReaction {
  readonly content: string;
  readonly author: ImportedAuthor;
  readonly created: number;
}

/** A reaction on an issue (commentId null) or comment; a repeated one (same author and kind) is skipped. */
export function insertImportedReaction(
  db: Database,
  issueId: number,
  commentId: number | null,
  reaction: ImportedReaction,
): void {
  const local = reaction.author.userId > 0;
  db.run(
    `INSERT INTO reaction (type, issue_id, comment_id, user_id, original_author, original_author_id, created)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    reaction.content,
    issueId,
    commentId,
    local ? reaction.author.userId : null,
    local ? '' : reaction.author.originalAuthor,
    local ? 0 : reaction.author.originalAuthorId,
    reaction.created,
  );
}

export interface ImportedPull {
  readonly headRepoId: number | null;
  readonly headBranch: string;
  readonly baseBranch: string;
  readonly headCommitId: string;
  readonly baseCommitId: string;
  readonly mergeBase: string;
  readonly mergeable: boolean;
  readonly allowMaintainerEdit: boolean;
  readonly additions: number;
  readonly deletions: number;
  readonly changedFiles: number;
  readonly hasMerged: boolean;
  readonly mergedCommitId: string;
  readonly mergerId: number;
  readonly mergedUnix: number;
}

/**
 * The pull request half of an imported issue. An open one is left `checking` with nothing checked, so the
 * first read computes its state here; a closed one keeps what the source said of it.
 */
export function insertImportedPull(db: Database, issueId: number, repoId: number, pull: ImportedPull): void {
  db.run(
    `INSERT INTO pull_request (issue_id, base_repo_id, head_repo_id, head_branch, base_branch, head_commit_id,
                               base_commit_id, merge_base, status, additions, deletions, changed_files,
                               allow_maintainer_edit, has_merged, merged_commit_id, merger_id, merged_unix)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    issueId,
    repoId,
    pull.headRepoId,
    pull.headBranch,
    pull.baseBranch,
    pull.headCommitId,
    pull.baseCommitId,
    pull.mergeBase,
    pull.mergeable ? pullStatus.mergeable : pullStatus.checking,
    pull.additions,
    pull.deletions,
    pull.changedFiles,
    pull.allowMaintainerEdit,
    pull.hasMerged,
    pull.mergedCommitId,
    pull.mergerId,
    pull.mergedUnix,
  );
}

export interface ImportedReview {
  readonly type: ReviewType;
  readonly author: ImportedAuthor;
  readonly body: string;
  readonly commitId: string;
  readonly official: boolean;
  readonly stale: boolean;
  readonly dismissed: boolean;
  readonly created: number;
  readonly updated: number;
}

/** A review and, once submitted, its timeline entry (type 22), as a review made here has. */
export function insertImportedReview(db: Database, issueId: number, review: ImportedReview): number {
  const id = Number(
    db.run(
      `INSERT INTO review (type, issue_id, reviewer_id, original_author, original_author_id, content, official,
                           commit_id, stale, dismissed, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      review.type,
      issueId,
      review.author.userId,
      review.author.originalAuthor,
      review.author.originalAuthorId,
      review.body,
      review.official,
      review.commitId,
      review.stale,
      review.dismissed,
      review.created,
      review.updated,
    ).lastInsertRowid,
  );
  // A review request is no submitted review: it has no timeline entry of its own.
  if (review.type === reviewType.request) return id;
  db.run(
    `INSERT INTO comment (type, issue_id, poster_id, original_author, original_author_id, content, review_id,
                          created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    commentType.review,
    issueId,
    review.author.userId,
    review.author.originalAuthor,
    review.author.originalAuthorId,
    review.body,
    id,
    review.created,
    review.updated,
  );
  return id;
}

export interface ImportedReviewComment {
  readonly author: ImportedAuthor;
  readonly body: string;
  readonly path: string;
  /** Negative for the old side of the diff, as Gitea stores it. */
  readonly line: number;
  readonly commitId: string;
  readonly originalCommitId: string;
  /** Stored so that the API's `diff_hunk` (the part after the first `\n@@`) comes back as it was. */
  readonly patch: string;
  readonly resolverId: number | null;
  readonly created: number;
  readonly updated: number;
}

export function insertImportedReviewComment(
  db: Database,
  issueId: number,
  reviewId: number,
  comment: ImportedReviewComment,
): void {
  db.run(
    `INSERT INTO comment (type, issue_id, poster_id, original_author, original_author_id, content, review_id,
                          tree_path, line, commit_sha, old_ref, patch, resolve_doer_id, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    commentType.code,
    issueId,
    comment.author.userId,
    comment.author.originalAuthor,
    comment.author.originalAuthorId,
    comment.body,
    reviewId,
    comment.path,
    comment.line,
    comment.commitId,
    comment.originalCommitId,
    comment.patch,
    comment.resolverId,
    comment.created,
    comment.updated,
  );
}

export interface ImportedRelease {
  readonly author: ImportedAuthor;
  readonly tagName: string;
  readonly target: string;
  readonly title: string;
  readonly note: string;
  readonly sha1: string;
  readonly isDraft: boolean;
  readonly isPrerelease: boolean;
  readonly created: number;
}

export function insertImportedRelease(db: Database, repoId: number, release: ImportedRelease): number {
  return Number(
    db.run(
      `INSERT INTO release (repo_id, publisher_id, original_author, original_author_id, tag_name, lower_tag_name,
                            target, title, note, sha1, is_draft, is_prerelease, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      repoId,
      release.author.userId,
      release.author.originalAuthor,
      release.author.originalAuthorId,
      release.tagName,
      release.tagName.toLowerCase(),
      release.target,
      release.title,
      release.note,
      release.sha1,
      release.isDraft,
      release.isPrerelease,
      release.created,
    ).lastInsertRowid,
  );
}

/**
 * Sets every counter an import touches from the rows themselves: the repository's issue, pull, milestone
 * and release counts, each milestone's, each issue's comment count, and the number counter (the next new
 * issue continues after the highest imported number).
 */
export function refreshImportedCounters(db: Database, repoId: number): void {
  db.run(
    `UPDATE repository SET
       num_issues = (SELECT count(*) FROM issue WHERE repo_id = ?1 AND is_pull = 0),
       num_closed_issues = (SELECT count(*) FROM issue WHERE repo_id = ?1 AND is_pull = 0 AND is_closed = 1),
       num_pulls = (SELECT count(*) FROM issue WHERE repo_id = ?1 AND is_pull = 1),
       num_closed_pulls = (SELECT count(*) FROM issue WHERE repo_id = ?1 AND is_pull = 1 AND is_closed = 1),
       num_milestones = (SELECT count(*) FROM milestone WHERE repo_id = ?1),
       num_closed_milestones = (SELECT count(*) FROM milestone WHERE repo_id = ?1 AND is_closed = 1),
       num_releases = (SELECT count(*) FROM release WHERE repo_id = ?1 AND is_draft = 0)
     WHERE id = ?1`,
    repoId,
  );
  db.run(
    `UPDATE milestone SET
       num_issues = (SELECT count(*) FROM issue WHERE milestone_id = milestone.id),
       num_closed_issues = (SELECT count(*) FROM issue WHERE milestone_id = milestone.id AND is_closed = 1)
     WHERE repo_id = ?`,
    repoId,
  );
  db.run(
    `UPDATE issue SET num_comments = (SELECT count(*) FROM comment WHERE comment.issue_id = issue.id AND type = ?)
     WHERE repo_id = ?`,
    commentType.comment,
    repoId,
  );
  db.run(
    `INSERT INTO issue_index (repo_id, max_index)
     VALUES (?1, coalesce((SELECT max(number) FROM issue WHERE repo_id = ?1), 0))
     ON CONFLICT (repo_id) DO UPDATE SET max_index = excluded.max_index`,
    repoId,
  );
}
