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
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { loadRepository } from './repositoryLookup';

/** The issue of the path and the caller, who must be allowed to run its stopwatch (404/403 otherwise). */
function stopwatchIssue(ctx: RequestContext): { user: UserRow; issue: IssueRow } {
  const { repo } = loadRepository(ctx);
  const issue = loadIssue(ctx, repo);
  const user = ctx.requireUser();
  assertMayUseStopwatch(ctx.db, user, repo, issue);
  return { user, issue };
}

export const stopwatchHandlers: HandlerMap = {
  issueStartStopWatch: (ctx) => {
    const { user, issue } = stopwatchIssue(ctx);
    startStopwatch(ctx.db, user, issue);
    ctx.empty();
  },

  // Stopping books the elapsed time as a tracked time.
  issueStopStopWatch: (ctx) => {
    const { user, issue } = stopwatchIssue(ctx);
    stopStopwatch(ctx.db, user, issue);
    ctx.empty();
  },

  // The spec: removing a stopwatch answers 204.
  issueDeleteStopWatch: (ctx) => {
    const { user, issue } = stopwatchIssue(ctx);
    cancelStopwatch(ctx.db, user, issue);
    ctx.empty();
  },

  userGetStopWatches: (ctx) => {
    const paging = ctx.paging;
    const { rows, total } = listUserStopwatches(ctx.db, ctx.requireUser().id, paging);
    ctx.list(toStopWatches(ctx, rows, nowSeconds()), total, paging);
  },
};
