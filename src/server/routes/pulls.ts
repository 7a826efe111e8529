import { toPullRequest, pullRequestListJson } from '../convert/pullRequest';
import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { invalid, malformed, notAllowed, notFound } from '../domain/errors';
import { stateFilter } from '../services/issuesSearch';
import { bodyDueDate } from '../services/issuesTime';
import { mergePullRequest } from '../services/merge';
import { cancelAutoMerge, scheduleAutoMerge } from '../services/autoMerge';
import { mergeStyles, type MergeStyle } from '../services/mergeStyles';
import { assertRepoAccess } from '../services/permissions';
import { createPullRequest } from '../services/pullRequests';
import { editPullRequest } from '../services/pullRequestsEdit';
import { refreshPulls } from '../services/pullRequestsState';
import { listPulls, pullSortTypes, type PullSort } from '../store/pullRequests';
import { findUserByName } from '../store/users';
import { updatePullRequest } from '../services/pullUpdate';
import type { HandlerMap } from './handler';
import { labelRefs } from './issuesLookup';
import { findPullByBaseHead, freshPull, loadFreshPull, loadPull, pullActor, pullGit } from './pullsLookup';
import { pullReader, pullWriter, repoRoute } from './guards';

function sortQuery(ctx: RequestContext): PullSort {
  const sort = ctx.args.sort ?? '';
  return (pullSortTypes as readonly string[]).includes(sort) ? (sort as PullSort) : 'newest';
}

function dueDateOf(body: BodyFields): number | undefined {
  const value = body.string('due_date');
  return value ? bodyDueDate('due_date', value) : undefined;
}

/** `Do` and the other merge fields, in the capitalised form of gitea-js and older servers or in snake case. */
function mergeField(body: BodyFields, goName: string, snakeName: string): string | undefined {
  return body.string(goName) ?? body.string(snakeName);
}

export const pullHandlers: HandlerMap = {
  repoListPullRequests: repoRoute(pullReader, async (ctx, { repo }) => {
    const posterName = ctx.args.poster;
    const poster = posterName ? findUserByName(ctx.db, posterName) : undefined;
    // Gitea answers an unknown poster with 400.
    if (posterName && !poster) throw malformed(`user does not exist [name: ${posterName}]`);
    const paging = ctx.paging;
    const { rows, total } = listPulls(
      ctx.db,
      {
        repoId: repo.id,
        isClosed: stateFilter(ctx.args.state),
        baseBranch: ctx.args.base_branch || undefined,
        milestoneId: ctx.args.milestone || undefined,
        // `labels`: repeated (`labels=1&labels=2`, as Gitea reads it) or comma-separated ids; others are 422.
        labelIds: ctx.args.labels?.length ? [...ctx.args.labels] : undefined,
        posterId: poster?.id,
        sort: sortQuery(ctx),
      },
      paging,
    );
    const fresh = await refreshPulls(
      pullGit(ctx),
      rows.map((row) => ({ ...row, baseRepo: repo })),
    );
    ctx.listJson(pullRequestListJson(ctx, fresh, repo), total, paging);
  }),

  repoCreatePullRequest: repoRoute(pullWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    const item = await createPullRequest(pullActor(ctx), repo, {
      head: body.string('head', { required: true, nonEmpty: true }),
      base: body.string('base', { required: true, nonEmpty: true }),
      title: body.string('title', { required: true, nonEmpty: true, maxLength: 255 }),
      body: body.string('body'),
      assignees: body.stringArray('assignees'),
      assignee: body.string('assignee'),
      labels: labelRefs(body),
      milestone: body.integer('milestone'),
      dueDate: dueDateOf(body),
      reviewers: body.stringArray('reviewers'),
      allowMaintainerEdit: body.boolean('allow_maintainer_edit'),
    });
    ctx.json(toPullRequest(ctx, item, repo));
  }),

  repoGetPullRequest: repoRoute(pullReader, async (ctx, { repo }) => {
    ctx.json(toPullRequest(ctx, await loadFreshPull(ctx, repo), repo));
  }),

  // The spec answers 201 for a pull request edit (the catalogue's success status).
  repoEditPullRequest: repoRoute(pullWriter, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    const body = await ctx.body();
    const edited = await editPullRequest(pullActor(ctx), item, {
      title: body.string('title', { maxLength: 255 }),
      body: body.string('body'),
      base: body.string('base'),
      state: body.oneOf('state', ['open', 'closed'] as const),
      assignees: body.stringArray('assignees'),
      assignee: body.string('assignee'),
      milestone: body.integer('milestone'),
      labels: labelRefs(body),
      dueDate: dueDateOf(body),
      unsetDueDate: body.boolean('unset_due_date'),
      allowMaintainerEdit: body.boolean('allow_maintainer_edit'),
    });
    ctx.json(toPullRequest(ctx, edited, repo));
  }),

  // 204 merged, 404 not (the spec's check endpoint).
  repoPullRequestIsMerged: repoRoute(pullReader, (ctx, { repo }) => {
    const { pull } = loadPull(ctx, repo);
    if (!pull.has_merged) throw notFound('pull request has not been merged');
    ctx.empty();
  }),

  repoMergePullRequest: repoRoute(pullWriter, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    // Merging writes the base branch: readers get 403, as the spec says for repository writes.
    assertRepoAccess(ctx.db, ctx.user, repo, 'write', 'repo.code');
    const body = await ctx.body();
    const style = mergeField(body, 'Do', 'do') || 'merge';
    if (style === 'manually-merged')
      throw notAllowed('manually-merged is not allowed an allowed merge style for this repository');
    if (!(mergeStyles as readonly string[]).includes(style)) {
      throw invalid(`[Do]: must be one of ${mergeStyles.join(', ')}`);
    }
    const options = {
      style: style as MergeStyle,
      title: mergeField(body, 'MergeTitleField', 'merge_title_field'),
      message: mergeField(body, 'MergeMessageField', 'merge_message_field'),
      deleteBranchAfterMerge:
        body.boolean('delete_branch_after_merge') ?? repo.default_delete_branch_after_merge,
    };
    if (body.boolean('merge_when_checks_succeed') ?? body.boolean('MergeWhenChecksSucceed')) {
      // Gitea answers 201 without a body when the merge is scheduled rather than made.
      scheduleAutoMerge(ctx.app, pullActor(ctx), item, options);
      ctx.empty(201);
      return;
    }
    await mergePullRequest(pullActor(ctx), item, {
      ...options,
      headCommitId: body.string('head_commit_id') || undefined,
      noreplyHost: new URL(ctx.rootUrl).hostname,
    });
    ctx.empty(200);
  }),

  repoCancelScheduledAutoMerge: repoRoute(pullWriter, (ctx, { repo }) => {
    cancelAutoMerge(pullActor(ctx), loadPull(ctx, repo));
    ctx.empty();
  }),

  repoGetPullRequestByBaseHead: repoRoute(pullReader, async (ctx, { repo }) => {
    const item = findPullByBaseHead(ctx.db, repo, ctx.param('base'), ctx.param('head'));
    ctx.json(toPullRequest(ctx, await freshPull(ctx, item), repo));
  }),

  // Merges the base branch into the head branch (Gitea 1.14's only update style).
  repoUpdatePullRequest: repoRoute(pullWriter, async (ctx, { repo }) => {
    const item = loadPull(ctx, repo);
    await updatePullRequest(pullActor(ctx), item, new URL(ctx.rootUrl).hostname);
    ctx.empty(200);
  }),
};
