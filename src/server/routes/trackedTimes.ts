import { toTrackedTime, toTrackedTimes } from '../convert/trackedTime';
import { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { forbidden, invalid, malformed, notFound } from '../domain/errors';
import { bodyTime, querySinceBefore } from '../services/issuesTime';
import { atLeast, isSiteAdmin, repoAccess } from '../services/permissions';
import {
  addTime,
  assertCanTrackTime,
  deleteTime,
  resetTimes,
  timeTrackerEnabled,
} from '../services/trackedTimes';
import type { RepositoryRow } from '../store/repositories';
import { findTrackedTime, listTrackedTimes, type TrackedTimeFilter } from '../store/trackedTimes';
import type { InternalTrackerSettings } from '../services/repositoryEdit';
import { findUserByName, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

const isRepoAdmin = (ctx: RequestContext, repo: RepositoryRow): boolean =>
  atLeast(repoAccess(ctx.db, ctx.user, repo), 'admin');

/** Gitea's mustEnableIssues: the repository-wide time lists need the issues unit, readable (404 otherwise). */
function assertIssuesReadable(ctx: RequestContext, repo: RepositoryRow): void {
  if (!repo.has_issues || !atLeast(repoAccess(ctx.db, ctx.user, repo, 'repo.issues'), 'read'))
    throw notFound();
}

/** A user named in a query or path; 404 when there is none. */
function namedUser(ctx: RequestContext, name: string): UserRow {
  const user = findUserByName(ctx.db, name);
  if (!user) throw notFound(`user does not exist [name: ${name}]`);
  return user;
}

/**
 * The `user`, `since` and `before` filters of a time list (Gitea's ListTrackedTimes): issue writers and site
 * admins may ask for anyone's times; others see their own, and asking for someone else's is a 403.
 */
function timeFilter(ctx: RequestContext, repo: RepositoryRow): TrackedTimeFilter {
  const doer = ctx.requireUser();
  const { since, before } = querySinceBefore(ctx.args);
  const name = ctx.args.user?.trim();
  const userId = name ? namedUser(ctx, name).id : undefined;
  const manager = isSiteAdmin(doer) || atLeast(repoAccess(ctx.db, doer, repo, 'repo.issues'), 'write');
  if (!manager && userId !== undefined && userId !== doer.id) {
    throw forbidden('query by user not allowed; not enough rights');
  }
  return { repoId: repo.id, userId: manager ? userId : doer.id, since, before };
}

function listTimes(ctx: RequestContext, repo: RepositoryRow, filter: TrackedTimeFilter): void {
  const paging = ctx.paging;
  const { rows, total } = listTrackedTimes(ctx.db, filter, paging);
  ctx.list(toTrackedTimes(ctx, rows, repo), total, paging);
}

/**
 * An EditRepoOption's `internal_tracker` object: time tracking and dependencies (keys case-insensitive, as
 * Go decodes them); undefined when absent, 422 when not an object or its flags are not booleans. A flag
 * left out stays as it is.
 */
export function internalTrackerOption(body: BodyFields): InternalTrackerSettings | undefined {
  const value = body.parsed.value;
  if (typeof value !== 'object' || value === null || body.parsed.kind !== 'json') return undefined;
  const raw: unknown = Object.entries(value).find(([key]) => key.toLowerCase() === 'internal_tracker')?.[1];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('[InternalTracker]: must be an object');
  const tracker = new BodyFields({ kind: 'json', value: raw });
  return {
    enableTimeTracker: tracker.boolean('enable_time_tracker'),
    allowOnlyContributorsToTrackTime: tracker.boolean('allow_only_contributors_to_track_time'),
    enableIssueDependencies: tracker.boolean('enable_issue_dependencies'),
  };
}

export const trackedTimeHandlers: HandlerMap = {
  issueTrackedTimes: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    if (!timeTrackerEnabled(ctx.db, repo)) throw notFound('Timetracker is disabled');
    listTimes(ctx, repo, { ...timeFilter(ctx, repo), issueId: issue.id });
  }),

  // The spec answers 200 (not 201); 400 when the tracker is off or the time is not positive.
  issueAddTime: repoRoute(readRepo, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const seconds = body.integer('time', true);
    const created = body.string('created');
    const userName = body.string('user_name')?.trim();
    assertCanTrackTime(ctx.db, doer, repo, issue);
    if (seconds === undefined || seconds <= 0) throw malformed('time must be a positive number of seconds');
    // Only site admins and repository admins may book time for someone else; others book their own (Gitea).
    let tracker = doer;
    if (userName && ((isRepoAdmin(ctx, repo) && userName !== doer.name) || isSiteAdmin(doer))) {
      const user = findUserByName(ctx.db, userName);
      if (!user) throw invalid(`user does not exist [name: ${userName}]`);
      tracker = user;
    }
    const time = addTime(ctx.db, tracker, issue, seconds, created ? bodyTime('created', created) : undefined);
    ctx.json(toTrackedTime(ctx, time, repo));
  }),

  // Removes the caller's own time on the issue; 404 when they tracked none.
  issueResetTime: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const doer = ctx.requireUser();
    assertCanTrackTime(ctx.db, doer, repo, issue);
    resetTimes(ctx.db, doer, issue);
    ctx.empty();
  }),

  issueDeleteTime: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const doer = ctx.requireUser();
    assertCanTrackTime(ctx.db, doer, repo, issue);
    deleteTime(ctx.db, doer, issue, findTrackedTime(ctx.db, ctx.paramInt('id')));
    ctx.empty();
  }),

  repoTrackedTimes: repoRoute(readRepo, (ctx, { repo }) => {
    assertIssuesReadable(ctx, repo);
    if (!timeTrackerEnabled(ctx.db, repo)) throw malformed('time tracking disabled');
    listTimes(ctx, repo, timeFilter(ctx, repo));
  }),

  // `/times/{user}` (the spec's `{tracker}`): repository admins, site admins and the user themself.
  userTrackedTimes: repoRoute(readRepo, (ctx, { repo }) => {
    assertIssuesReadable(ctx, repo);
    if (!timeTrackerEnabled(ctx.db, repo)) throw malformed('time tracking disabled');
    const user = namedUser(ctx, ctx.param('user'));
    const doer = ctx.requireUser();
    if (!isRepoAdmin(ctx, repo) && !isSiteAdmin(doer) && doer.id !== user.id) {
      throw forbidden('query by user not allowed; not enough rights');
    }
    // Not paged in Gitea: every time, with X-Total-Count.
    const { rows, total } = listTrackedTimes(ctx.db, { repoId: repo.id, userId: user.id });
    ctx.list(toTrackedTimes(ctx, rows, repo), total, { page: 1, limit: Math.max(total, 1), offset: 0 });
  }),

  userCurrentTrackedTimes: (ctx) => {
    const { since, before } = querySinceBefore(ctx.args);
    const paging = ctx.paging;
    const { rows, total } = listTrackedTimes(ctx.db, { userId: ctx.requireUser().id, since, before }, paging);
    ctx.list(toTrackedTimes(ctx, rows), total, paging);
  },
};
