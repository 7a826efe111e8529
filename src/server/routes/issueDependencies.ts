import { confidentialIssue, zeroIssue, type HiddenIssueJson } from '../convert/hiddenIssue';
import { toIssue, toIssues, type IssueJson } from '../convert/issue';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { defaultPageSize, maxPageSize } from '../domain/paging';
import {
  addDependency,
  issueDependenciesEnabled,
  issueFromMeta,
  removeDependency,
  type IssueInRepo,
} from '../services/issueDependencies';
import { canReadIssue, issueUnit } from '../services/issuesAccess';
import { atLeast, repoAccess } from '../services/permissions';
import { blockedBy, blockersOf } from '../store/issueDependencies';
import { findIssueByNumber, findIssueById, type IssueRow } from '../store/issues';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { issueActor, loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

/** The issue of the `{index}` path, whoever the caller is (Gitea's getParamsIssue): 404 when there is none. */
function pathIssue(ctx: RequestContext, repo: RepositoryRow): IssueInRepo {
  const index = ctx.paramInt('index');
  const issue = findIssueByNumber(ctx.db, repo.id, index);
  if (!issue) throw notFound(`issue does not exist [repo_id: ${repo.id}, index: ${index}]`);
  return { repo, issue };
}

/** The issue the IssueMeta body names. */
async function bodyIssue(ctx: RequestContext, repo: RepositoryRow): Promise<IssueInRepo> {
  const body = await ctx.body();
  return issueFromMeta(ctx.db, repo, {
    owner: body.string('owner'),
    repo: body.string('repo'),
    index: body.integer('index'),
  });
}

/** Each issue in order, shaped in one batch; those `hide` answers for take its shape instead. */
function shapeInOrder(
  ctx: RequestContext,
  issues: readonly IssueRow[],
  hide: (issue: IssueRow) => HiddenIssueJson | undefined,
): (IssueJson | HiddenIssueJson)[] {
  const hidden = new Map(
    issues.flatMap((issue) => {
      const shape = hide(issue);
      return shape ? [[issue.id, shape] as const] : [];
    }),
  );
  const shown = issues.filter((issue) => !hidden.has(issue.id));
  const shaped = new Map(toIssues(ctx, shown).map((json, i) => [shown[i]!.id, json]));
  return issues.map((issue) => hidden.get(issue.id) ?? shaped.get(issue.id)!);
}

const requested = (value: number | undefined): number => value ?? 0;

/** The blocked issue after a change, as Gitea answers it. */
const answerIssue = (ctx: RequestContext, side: IssueInRepo): void =>
  ctx.json(toIssue(ctx, findIssueById(ctx.db, side.issue.id) ?? side.issue, side.repo));

export const issueDependencyHandlers: HandlerMap = {
  // A blocker the caller cannot read is hidden: writers of the issue see its number and title (they may
  // remove the dependency), others Gitea's empty issue.
  issueListIssueDependencies: repoRoute(readRepo, (ctx, { repo }) => {
    if (!issueDependenciesEnabled(ctx.db, repo)) throw notFound();
    const issue = loadIssue(ctx, repo);
    const page = Math.max(requested(ctx.args.page), 1);
    const asked = requested(ctx.args.limit);
    const limit = asked <= 0 ? defaultPageSize : Math.min(asked, maxPageSize);
    const writer = atLeast(repoAccess(ctx.db, ctx.user, repo, issueUnit(issue.is_pull)), 'write');
    const blockers = blockersOf(ctx.db, issue, limit, (page - 1) * limit);
    ctx.json(
      shapeInOrder(ctx, blockers, (blocker) => {
        if (canReadIssue(ctx.db, ctx.user, blocker)) return undefined;
        const blockerRepo = findRepositoryById(ctx.db, blocker.repo_id);
        return writer && blockerRepo ? confidentialIssue(ctx, blocker, blockerRepo) : zeroIssue();
      }),
    );
  }),

  // Gitea's window: `limit` of 1 or less means the default, and issues the caller cannot read are left out
  // of the page after it is cut (so a page may hold fewer).
  issueListBlocks: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const page = Math.max(requested(ctx.args.page), 1);
    const asked = requested(ctx.args.limit);
    const limit = asked <= 1 ? defaultPageSize : asked;
    const window = blockedBy(ctx.db, issue).slice((page - 1) * limit, page * limit);
    const readable = window.filter((blocked) => canReadIssue(ctx.db, ctx.user, blocked));
    ctx.json(toIssues(ctx, readable));
  }),

  issueCreateIssueDependencies: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const target = pathIssue(ctx, repo);
    const dependency = await bodyIssue(ctx, repo);
    addDependency(issueActor(ctx), target, dependency);
    answerIssue(ctx, target);
  }),

  issueRemoveIssueDependencies: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const target = pathIssue(ctx, repo);
    const dependency = await bodyIssue(ctx, repo);
    removeDependency(issueActor(ctx), target, dependency);
    answerIssue(ctx, target);
  }),

  // The path's issue blocks the body's: the body's repository must allow it (archived there: 404).
  issueCreateIssueBlocking: repoRoute(readRepo, async (ctx, { repo }) => {
    const dependency = pathIssue(ctx, repo);
    const target = await bodyIssue(ctx, repo);
    addDependency(issueActor(ctx), target, dependency);
    answerIssue(ctx, dependency);
  }),

  issueRemoveIssueBlocking: repoRoute(readRepo, async (ctx, { repo }) => {
    const dependency = pathIssue(ctx, repo);
    const target = await bodyIssue(ctx, repo);
    removeDependency(issueActor(ctx), target, dependency);
    answerIssue(ctx, dependency);
  }),
};
