import { toComment, toComments } from '../convert/comment';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { assertMayChangeComment, createComment, deleteComment, editComment } from '../services/comments';
import { assertIssueAccess } from '../services/issuesAccess';
import { querySinceBefore } from '../services/issuesTime';
import { atLeast, repoAccess } from '../services/permissions';
import {
  commentType,
  findCommentById,
  listIssueComments,
  listRepositoryComments,
  type CommentRow,
} from '../store/comments';
import { findIssueById, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { findReviewById, reviewType } from '../store/reviews';
import type { HandlerMap } from './handler';
import { issueActor, loadIssue } from './issuesLookup';
import { readRepo, repoRoute, type RepoScope } from './guards';

/** The comment of an `{id}` path, on an issue of this repository the caller may read; 404 otherwise. */
export function loadComment(
  ctx: RequestContext,
  repo: RepositoryRow,
): { comment: CommentRow; issue: IssueRow } {
  const id = ctx.paramInt('id');
  const comment = findCommentById(ctx.db, id);
  const issue = comment ? findIssueById(ctx.db, comment.issue_id) : undefined;
  if (!comment || !issue || issue.repo_id !== repo.id) throw notFound(`comment does not exist [id: ${id}]`);
  assertIssueAccess(ctx.db, ctx.user, repo, issue.is_pull, 'read');
  // a line comment of someone else's unsubmitted review does not exist for the caller
  const review = comment.review_id ? findReviewById(ctx.db, comment.review_id) : undefined;
  if (review?.type === reviewType.pending && review.reviewer_id !== ctx.user?.id && !ctx.user?.is_admin)
    throw notFound(`comment does not exist [id: ${id}]`);
  return { comment, issue };
}

/** Comments whose text current Gitea edits (its CommentType.HasContentSupport): a review's line comments too. */
const editableTypes: ReadonlySet<number> = new Set([
  commentType.comment,
  commentType.code,
  commentType.review,
  commentType.dismissReview,
]);

async function editCommentRoute(ctx: RequestContext, { repo }: RepoScope): Promise<void> {
  const { comment, issue } = loadComment(ctx, repo);
  const actor = issueActor(ctx);
  assertMayChangeComment(actor, repo, comment);
  if (!editableTypes.has(comment.type)) return ctx.empty(204);
  const body = (await ctx.body()).string('body', { required: true, nonEmpty: true });
  ctx.json(toComment(ctx, repo, editComment(actor, repo, issue, comment, body), issue));
}

function deleteCommentRoute(ctx: RequestContext, { repo }: RepoScope): void {
  const { comment, issue } = loadComment(ctx, repo);
  const actor = issueActor(ctx);
  assertMayChangeComment(actor, repo, comment);
  if (comment.type !== commentType.comment) return ctx.empty(204);
  deleteComment(actor, repo, issue, comment, ctx.app.dataDir);
  ctx.empty();
}

export const commentHandlers: HandlerMap = {
  // Only comments of the units the caller may read (issues, pull requests or both), as Gitea.
  issueGetRepoComments: repoRoute(readRepo, (ctx, { repo }) => {
    const { since, before } = querySinceBefore(ctx.args);
    const readIssues = repo.has_issues && atLeast(repoAccess(ctx.db, ctx.user, repo, 'repo.issues'), 'read');
    const readPulls =
      repo.has_pull_requests && atLeast(repoAccess(ctx.db, ctx.user, repo, 'repo.pulls'), 'read');
    if (!readIssues && !readPulls) throw notFound();
    const isPull = readIssues && readPulls ? undefined : readPulls;
    const paging = ctx.paging;
    const { rows, total } = listRepositoryComments(ctx.db, repo.id, { since, before, isPull }, paging);
    ctx.list(toComments(ctx, repo, rows), total, paging);
  }),

  // Not paged in Gitea either: every comment, with X-Total-Count.
  issueGetComments: repoRoute(readRepo, (ctx, { repo }) => {
    const { since, before } = querySinceBefore(ctx.args);
    const issue = loadIssue(ctx, repo);
    const rows = listIssueComments(ctx.db, issue.id, { since, before });
    ctx.list(toComments(ctx, repo, rows, [issue]), rows.length, {
      page: 1,
      limit: Math.max(rows.length, 1),
      offset: 0,
    });
  }),

  issueCreateComment: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const body = (await ctx.body()).string('body', { required: true, nonEmpty: true });
    // answered after the COMMIT it shares with the other writes of this turn (Database.grouped)
    const comment = await ctx.db.grouped(() => createComment(issueActor(ctx), repo, issue, body));
    ctx.json(toComment(ctx, repo, comment, issue));
  }),

  // Gitea answers 204 for a timeline entry that is not a plain comment.
  issueGetComment: repoRoute(readRepo, (ctx, { repo }) => {
    const { comment, issue } = loadComment(ctx, repo);
    if (comment.type !== commentType.comment) return ctx.empty(204);
    ctx.json(toComment(ctx, repo, comment, issue));
  }),

  issueEditComment: repoRoute({ notArchived: true }, editCommentRoute),
  issueDeleteComment: repoRoute({ notArchived: true }, deleteCommentRoute),
  // The older `/issues/{index}/comments/{id}` paths: Gitea ignores `{index}`, the comment id alone decides.
  issueEditCommentDeprecated: repoRoute({ notArchived: true }, editCommentRoute),
  issueDeleteCommentDeprecated: repoRoute({ notArchived: true }, deleteCommentRoute),
};
