import { commentType, insertComment, refAction, type CommentRow } from '../store/comments';
import type { Database } from '../store/database';
import { findIssueByNumber, type IssueRow } from '../store/issues';
import { findRepositoryById, findRepositoryByName, type RepositoryRow } from '../store/repositories';
import { canReadIssueKinds, issueUnit } from './issuesAccess';
import type { IssueActor } from './issuesEvents';
import { findMarkdownReferences, findPlainReferences, type IssueReference } from './issueReferences';
import { atLeast, repoAccess } from './permissions';

/**
 * Cross references as Gitea's models/issues/issue_xref.go keeps them: an issue, pull request or comment that
 * mentions another issue leaves an `issue_ref`, `pull_ref` or `comment_ref` entry in that issue's timeline,
 * with the action a keyword gave it (a pull request's `Closes #2` closes #2 when it is merged). Editing the
 * text neuters the references it no longer makes; deleting a comment neuters all of its own.
 */

interface CrossReference {
  readonly issue: IssueRow;
  action: number;
}

interface Source {
  readonly actor: IssueActor;
  readonly repo: RepositoryRow;
  readonly issue: IssueRow;
  readonly comment?: CommentRow;
}

/** The issue a reference names, and the action it may take, for this doer (Gitea's verifyReferencedIssue). */
function verify(source: Source, reference: IssueReference): CrossReference | undefined {
  const { db, doer } = source.actor;
  const repo =
    reference.owner === '' && reference.name === ''
      ? source.repo
      : findRepositoryByName(db, reference.owner, reference.name);
  const issue = repo && findIssueByNumber(db, repo.id, reference.index);
  if (!repo || !issue) return undefined;
  // only a pull request closes or reopens, and only issues
  let action = issue.is_pull || !source.issue.is_pull ? refAction.none : reference.action;
  if (issue.repo_id !== source.issue.repo_id || reference.action !== refAction.none) {
    if (!canReadIssueKinds(db, doer, repo, [issue.is_pull])) return undefined;
    const writer = atLeast(repoAccess(db, doer, repo, issueUnit(issue.is_pull)), 'write');
    const elsewhere = issue.repo_id !== source.issue.repo_id || source.comment !== undefined;
    if (reference.action !== refAction.none && doer.id !== issue.poster_id && !writer && elsewhere) {
      action = refAction.none;
    }
  }
  return { issue, action };
}

/** Each referenced issue once (its last keyword wins), never the source itself. */
function crossReferencesOf(source: Source, references: readonly IssueReference[]): CrossReference[] {
  const list: CrossReference[] = [];
  for (const reference of references) {
    const found = verify(source, reference);
    if (!found || found.issue.id === source.issue.id) continue;
    const known = list.find((entry) => entry.issue.id === found.issue.id);
    if (!known) list.push(found);
    else if (found.action !== refAction.none) known.action = found.action;
  }
  return list;
}

/** The references this source made before and that still count. */
function activeReferences(db: Database, issueId: number, commentId: number): CommentRow[] {
  return db.all<CommentRow>(
    `SELECT * FROM comment WHERE ref_issue_id = ? AND coalesce(ref_comment_id, 0) = ? AND ref_action IN (?, ?, ?)`,
    issueId,
    commentId,
    refAction.none,
    refAction.closes,
    refAction.reopens,
  );
}

function neuter(db: Database, ids: readonly number[]): void {
  if (ids.length === 0) return;
  db.run(
    'UPDATE comment SET ref_action = ? WHERE id IN (SELECT value FROM json_each(?))',
    refAction.neutered,
    JSON.stringify(ids),
  );
}

function record(
  source: Source,
  type: number,
  references: readonly IssueReference[],
  removeOld: boolean,
): void {
  const { db } = source.actor;
  let list = crossReferencesOf(source, references);
  if (removeOld) {
    const stale: number[] = [];
    for (const old of activeReferences(db, source.issue.id, source.comment?.id ?? 0)) {
      const same = list.find((entry) => entry.issue.id === old.issue_id && entry.action === old.ref_action);
      if (same) list = list.filter((entry) => entry !== same);
      else stale.push(old.id);
    }
    neuter(db, stale);
  }
  for (const reference of list) {
    insertComment(db, {
      issueId: reference.issue.id,
      posterId: source.actor.doer.id,
      type,
      refRepoId: source.issue.repo_id,
      refIssueId: source.issue.id,
      refCommentId: source.comment?.id,
      refAction: reference.action,
      refIsPull: source.issue.is_pull,
    });
  }
}

/**
 * The references of an issue's or pull request's title and body, after it was opened or either changed
 * (what it no longer references is neutered; an issue just opened has nothing to neuter, `opened`).
 */
export function addIssueCrossReferences(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  opened = false,
): void {
  const references = [
    ...findPlainReferences(issue.title, actor.rootUrl),
    ...findMarkdownReferences(issue.content, actor.rootUrl),
  ];
  const type = issue.is_pull ? commentType.pullRef : commentType.issueRef;
  record({ actor, repo, issue }, type, references, !opened);
}

/** The references of a comment, after it was written (`written`: it has none to neuter) or edited. */
export function addCommentCrossReferences(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  comment: CommentRow,
  written = false,
): void {
  const references = findMarkdownReferences(comment.content, actor.rootUrl);
  record({ actor, repo, issue, comment }, commentType.commentRef, references, !written);
}

/** A deleted comment's references no longer act (Gitea's neuterCrossReferences). */
export function neuterCommentCrossReferences(db: Database, comment: CommentRow): void {
  neuter(
    db,
    activeReferences(db, comment.issue_id, comment.id).map((c) => c.id),
  );
}

/**
 * The issues a merged pull request closes or reopens (Gitea's ResolveCrossReferences): its references
 * with an action, the last one per issue.
 */
export function resolvedCrossReferences(db: Database, pull: IssueRow): { issue: number; action: number }[] {
  const rows = db.all<{ issue_id: number; ref_action: number }>(
    `SELECT issue_id, ref_action FROM comment WHERE ref_repo_id = ? AND ref_issue_id = ? AND ref_action IN (?, ?)
     ORDER BY id`,
    pull.repo_id,
    pull.id,
    refAction.closes,
    refAction.reopens,
  );
  const byIssue = new Map<number, number>();
  for (const row of rows) byIssue.set(row.issue_id, row.ref_action);
  return [...byIssue].map(([issue, action]) => ({ issue, action }));
}

/** Whether the viewer may see a reference's source (Gitea's isXRefCommentAccessible). */
export function crossReferenceVisible(
  db: Database,
  viewer: Parameters<typeof repoAccess>[1],
  comment: CommentRow,
  issueRepoId: number,
): boolean {
  const isRef =
    comment.type === commentType.issueRef ||
    comment.type === commentType.pullRef ||
    comment.type === commentType.commentRef;
  if (!isRef || comment.ref_repo_id === null || comment.ref_repo_id === issueRepoId) return true;
  const repo = findRepositoryById(db, comment.ref_repo_id);
  return repo !== undefined && canReadIssueKinds(db, viewer, repo, [comment.ref_is_pull]);
}
