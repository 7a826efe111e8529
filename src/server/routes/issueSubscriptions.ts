import type { WatchInfo } from '../../api/types';
import { issueApiUrl } from '../convert/issueUrls';
import { repositoryApiUrl } from '../convert/repository';
import { isoTime } from '../convert/time';
import { toUser } from '../convert/user';
import type { RequestContext } from '../http/context';
import { assertMayChangeSubscription, isSubscribed, setSubscription } from '../services/subscriptions';
import { listIssueSubscribers } from '../store/issueWatches';
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { visibleUser } from './lookups';
import { loadRepository } from './repositoryLookup';

/** PUT/DELETE `/subscriptions/{user}`: 201 when the subscription changed, 200 when it already was so (Gitea). */
function changeSubscription(ctx: RequestContext, watch: boolean): void {
  const { repo } = loadRepository(ctx);
  const issue = loadIssue(ctx, repo);
  const user = visibleUser(ctx, ctx.param('user'));
  assertMayChangeSubscription(ctx.db, ctx.requireUser(), user, repo);
  ctx.empty(setSubscription(ctx.db, user, issue, watch) ? 201 : 200);
}

export const issueSubscriptionHandlers: HandlerMap = {
  // Explicit subscribers and the issue's participants, less those who unsubscribed.
  issueSubscriptions: (ctx) => {
    const { repo } = loadRepository(ctx);
    const issue = loadIssue(ctx, repo);
    const paging = ctx.paging;
    const { rows, total } = listIssueSubscribers(ctx.db, issue.id, paging);
    ctx.list(
      rows.map((user) => toUser(ctx, user)),
      total,
      paging,
    );
  },

  issueCheckSubscription: (ctx) => {
    const { repo } = loadRepository(ctx);
    const issue = loadIssue(ctx, repo);
    const subscribed = isSubscribed(ctx.db, ctx.requireUser(), issue);
    const info: WatchInfo = {
      subscribed,
      ignored: !subscribed,
      reason: null,
      created_at: isoTime(issue.created),
      url: `${issueApiUrl(ctx, repo, issue)}/subscriptions`,
      repository_url: repositoryApiUrl(ctx, repo),
    };
    ctx.json(info);
  },

  issueAddSubscription: (ctx) => changeSubscription(ctx, true),
  issueDeleteSubscription: (ctx) => changeSubscription(ctx, false),
};
