import { toStopWatches } from '../convert/trackedTime';
import type { RequestContext } from '../http/context';
import {
  assertMayUseStopwatch,
  cancelStopwatch,
  startStopwatch,
  stopStopwatch,
} from '../services/trackedTimes';
import { nowSeconds } from '../store/database';
import type { IssueRow } from '../store/issues';
import { listUserStopwatches } from '../store/stopwatches';
import type { UserRow } from '../store/users';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

/** The issue of the path and the caller, who must be allowed to run its stopwatch (404/403 otherwise). */
function stopwatchIssue(ctx: RequestContext, repo: RepositoryRow): { user: UserRow; issue: IssueRow } {
  const issue = loadIssue(ctx, repo);
  const user = ctx.requireUser();
  assertMayUseStopwatch(ctx.db, user, repo, issue);
  return { user, issue };
}

export const stopwatchHandlers: HandlerMap = {
  issueStartStopWatch: repoRoute(readRepo, (ctx, { repo }) => {
    const { user, issue } = stopwatchIssue(ctx, repo);
    startStopwatch(ctx.db, user, issue);
    ctx.empty();
  }),

  // Stopping books the elapsed time as a tracked time.
  issueStopStopWatch: repoRoute(readRepo, (ctx, { repo }) => {
    const { user, issue } = stopwatchIssue(ctx, repo);
    stopStopwatch(ctx.db, user, issue);
    ctx.empty();
  }),

  // The spec: removing a stopwatch answers 204.
  issueDeleteStopWatch: repoRoute(readRepo, (ctx, { repo }) => {
    const { user, issue } = stopwatchIssue(ctx, repo);
    cancelStopwatch(ctx.db, user, issue);
    ctx.empty();
  }),

  userGetStopWatches: (ctx) => {
    const paging = ctx.paging;
    const { rows, total } = listUserStopwatches(ctx.db, ctx.requireUser().id, paging);
    ctx.list(toStopWatches(ctx, rows, nowSeconds()), total, paging);
  },
};
