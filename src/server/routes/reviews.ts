import { toPullReview, toPullReviewComments, toPullReviews } from '../convert/review';
import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { invalid, notFound } from '../domain/errors';
import { isSiteAdmin } from '../services/permissions';
import type { PullItem } from '../services/pullRequestsState';
import type { RepositoryRow } from '../store/repositories';
import {
  createReview,
  deleteReview,
  dismissReview,
  submitPendingReview,
  type ReviewCommentInput,
} from '../services/reviews';
import {
  codeCommentsOfReview,
  findReviewById,
  listReviews,
  reviewType,
  type ReviewRow,
} from '../store/reviews';
import { changeReviewRequests, type ReviewRequestNames } from '../services/reviewRequests';
import type { HandlerMap } from './handler';
import { loadPull, pullActor } from './pullsLookup';
import { pullReader, repoRoute } from './guards';

/**
 * The review `{id}` of the pull request: 404 when it is another pull request's, or someone else's pending
 * review (site admins excepted), as Gitea's prepareSingleReview.
 */
function loadReview(ctx: RequestContext, item: PullItem): ReviewRow {
  const review = findReviewById(ctx.db, ctx.paramInt('id'));
  const hidden =
    review?.type === reviewType.pending && review.reviewer_id !== ctx.user?.id && !isSiteAdmin(ctx.user);
  if (!review || review.issue_id !== item.issue.id || hidden) {
    throw notFound(`review does not exist [id: ${ctx.param('id')}]`);
  }
  return review;
}

function loadPullAndReview(ctx: RequestContext, repo: RepositoryRow): { item: PullItem; review: ReviewRow } {
  const item = loadPull(ctx, repo);
  return { item, review: loadReview(ctx, item) };
}

const integerOr0 = (value: unknown, field: string): number => {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw invalid(`[Comments]: ${field} must be an integer`);
  return value;
};

const stringOrEmpty = (value: unknown, field: string): string => {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(`[Comments]: ${field} must be a string`);
  return value;
};

/** CreatePullReviewOptions.comments: `[{path, body, old_position, new_position}]`; anything else is 422. */
function reviewComments(body: BodyFields): ReviewCommentInput[] {
  const value = body.parsed.value;
  if (typeof value !== 'object' || value === null) return [];
  const raw: unknown = Object.entries(value).find(([key]) => key.toLowerCase() === 'comments')?.[1];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalid('[Comments]: must be a list of review comments');
  return raw.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw invalid('[Comments]: each review comment must be an object');
    }
    const fields = new Map(
      Object.entries(entry).map(([key, field]) => [key.toLowerCase(), field as unknown]),
    );
    return {
      path: stringOrEmpty(fields.get('path'), 'path'),
      body: stringOrEmpty(fields.get('body'), 'body'),
      oldPosition: integerOr0(fields.get('old_position'), 'old_position'),
      newPosition: integerOr0(fields.get('new_position'), 'new_position'),
    };
  });
}

/** PullReviewRequestOptions: the users (`reviewers`) and teams (`team_reviewers`) to request. */
async function reviewRequestNames(ctx: RequestContext): Promise<ReviewRequestNames> {
  const body = await ctx.body();
  return { reviewers: body.stringArray('reviewers') ?? [], teams: body.stringArray('team_reviewers') ?? [] };
}

export const reviewHandlers: HandlerMap = {
  // Pending reviews are listed (and counted) for their reviewer only.
  repoListPullReviews: repoRoute(pullReader, (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    const viewer = ctx.user ? { id: ctx.user.id, isAdmin: isSiteAdmin(ctx.user) } : null;
    const paging = ctx.paging;
    const { rows, total } = listReviews(ctx.db, item.issue.id, viewer, paging);
    ctx.list(toPullReviews(ctx, repo, item.issue, rows), total, paging);
  }),

  repoGetPullReview: repoRoute(pullReader, (ctx, { repo }) => {
    const { item, review } = loadPullAndReview(ctx, repo);
    ctx.json(toPullReview(ctx, item.baseRepo, item.issue, review));
  }),

  repoCreatePullReview: repoRoute(pullReader, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    const body = await ctx.body();
    const review = await createReview(pullActor(ctx), item, {
      event: (body.string('event') ?? '').toUpperCase(),
      body: body.string('body') ?? '',
      commitId: body.string('commit_id') || undefined,
      comments: reviewComments(body),
    });
    ctx.json(toPullReview(ctx, repo, item.issue, review));
  }),

  repoSubmitPullReview: repoRoute(pullReader, async (ctx, { repo }) => {
    const { item, review } = loadPullAndReview(ctx, repo);
    const body = await ctx.body();
    const submitted = await submitPendingReview(pullActor(ctx), item, review, {
      event: (body.string('event') ?? '').toUpperCase(),
      body: body.string('body') ?? '',
    });
    ctx.json(toPullReview(ctx, item.baseRepo, item.issue, submitted));
  }),

  repoDeletePullReview: repoRoute(pullReader, (ctx, { repo }) => {
    const { review } = loadPullAndReview(ctx, repo);
    deleteReview(pullActor(ctx), review);
    ctx.empty();
  }),

  repoGetPullReviewComments: repoRoute(pullReader, (ctx, { repo }) => {
    const { item, review } = loadPullAndReview(ctx, repo);
    ctx.json(
      toPullReviewComments(ctx, item.baseRepo, item.issue, review, codeCommentsOfReview(ctx.db, review.id)),
    );
  }),

  repoDismissPullReview: repoRoute(pullReader, async (ctx, { repo }) => {
    const { item, review } = loadPullAndReview(ctx, repo);
    const body = await ctx.body();
    const change = {
      dismiss: true,
      message: body.string('message') ?? '',
      priors: body.boolean('priors') ?? false,
    };
    ctx.json(
      toPullReview(ctx, item.baseRepo, item.issue, dismissReview(pullActor(ctx), item, review, change)),
    );
  }),

  repoUnDismissPullReview: repoRoute(pullReader, (ctx, { repo }) => {
    const { item, review } = loadPullAndReview(ctx, repo);
    const change = { dismiss: false, message: '', priors: false };
    ctx.json(
      toPullReview(ctx, item.baseRepo, item.issue, dismissReview(pullActor(ctx), item, review, change)),
    );
  }),

  repoCreatePullReviewRequests: repoRoute(pullReader, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    const names = await reviewRequestNames(ctx);
    const created = changeReviewRequests(pullActor(ctx), repo, item.issue, names, true);
    ctx.json(toPullReviews(ctx, repo, item.issue, created));
  }),

  repoDeletePullReviewRequests: repoRoute(pullReader, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    const names = await reviewRequestNames(ctx);
    changeReviewRequests(pullActor(ctx), repo, item.issue, names, false);
    ctx.empty();
  }),
};
