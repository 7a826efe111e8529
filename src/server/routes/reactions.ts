import { toReaction, toReactions } from '../convert/reaction';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { assertIssueAccess } from '../services/issuesAccess';
import { addReaction, removeReaction } from '../services/reactions';
import { findCommentById } from '../store/comments';
import { findIssueById, type IssueRow } from '../store/issues';
import { listCommentReactions, listIssueReactions } from '../store/reactions';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

/** The comment of the `{id}` path with its issue, in this repository and readable by the caller; 404 otherwise. */
function loadCommentIssue(ctx: RequestContext, repo: RepositoryRow): { commentId: number; issue: IssueRow } {
  const id = ctx.paramInt('id');
  const comment = findCommentById(ctx.db, id);
  const issue = comment ? findIssueById(ctx.db, comment.issue_id) : undefined;
  if (!comment || !issue || issue.repo_id !== repo.id) throw notFound(`comment does not exist [id: ${id}]`);
  assertIssueAccess(ctx.db, ctx.user, repo, issue.is_pull, 'read');
  return { commentId: comment.id, issue };
}

/** An EditReactionOption's `content` (422 when missing). */
const contentOf = async (ctx: RequestContext): Promise<string> =>
  (await ctx.body()).string('content', { required: true, nonEmpty: true });

// Gitea answers 201 for a new reaction and 200 with the existing one (the spec says so too).
const answerReaction = (ctx: RequestContext, result: ReturnType<typeof addReaction>): void =>
  ctx.json(toReaction(ctx, result.reaction), result.created ? 201 : 200);

export const reactionHandlers: HandlerMap = {
  issueGetIssueReactions: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const paging = ctx.paging;
    const { rows, total } = listIssueReactions(ctx.db, issue.id, paging);
    ctx.list(toReactions(ctx, rows), total, paging);
  }),

  issuePostIssueReaction: repoRoute(readRepo, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const content = await contentOf(ctx);
    answerReaction(ctx, addReaction(ctx.db, ctx.requireUser(), repo, issue, null, content));
  }),

  issueDeleteIssueReaction: repoRoute(readRepo, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    removeReaction(ctx.db, ctx.requireUser(), repo, issue, null, await contentOf(ctx));
    ctx.empty();
  }),

  // Not paged in Gitea: every reaction, with X-Total-Count.
  issueGetCommentReactions: repoRoute(readRepo, (ctx, { repo }) => {
    const { commentId } = loadCommentIssue(ctx, repo);
    const rows = listCommentReactions(ctx.db, commentId);
    ctx.list(toReactions(ctx, rows), rows.length, { page: 1, limit: Math.max(rows.length, 1), offset: 0 });
  }),

  issuePostCommentReaction: repoRoute(readRepo, async (ctx, { repo }) => {
    const { commentId, issue } = loadCommentIssue(ctx, repo);
    const content = await contentOf(ctx);
    answerReaction(ctx, addReaction(ctx.db, ctx.requireUser(), repo, issue, commentId, content));
  }),

  issueDeleteCommentReaction: repoRoute(readRepo, async (ctx, { repo }) => {
    const { commentId, issue } = loadCommentIssue(ctx, repo);
    removeReaction(ctx.db, ctx.requireUser(), repo, issue, commentId, await contentOf(ctx));
    ctx.empty();
  }),
};
