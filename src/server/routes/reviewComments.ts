import { toPullReviewComments } from '../convert/review';
import { markConversation, replyToReviewComment } from '../services/reviewComments';
import type { HandlerMap } from './handler';
import { issueActor } from './issuesLookup';
import { loadPull, pullActor } from './pullsLookup';
import { pullReader, pullWriter, repoRoute } from './guards';

/** Review comment threads: replies in the thread, and resolving or reopening the conversation. */
export const reviewCommentHandlers: HandlerMap = {
  repoCreatePullReviewCommentReply: repoRoute(pullWriter, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    const body = await ctx.body();
    const text = body.string('body', { required: true }) ?? '';
    const { comment, review } = await replyToReviewComment(pullActor(ctx), item, ctx.paramInt('id'), text);
    ctx.json(toPullReviewComments(ctx, repo, item.issue, review, [comment])[0]);
  }),

  repoResolvePullReviewComment: repoRoute(pullReader, (ctx, { repo }) => {
    markConversation(issueActor(ctx), repo, ctx.paramInt('id'), true);
    ctx.empty();
  }),

  repoUnresolvePullReviewComment: repoRoute(pullReader, (ctx, { repo }) => {
    markConversation(issueActor(ctx), repo, ctx.paramInt('id'), false);
    ctx.empty();
  }),
};
