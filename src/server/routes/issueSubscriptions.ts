import type { WatchInfo } from '../../api/types';
import { issueApiUrl } from '../convert/issueUrls';
import { repositoryApiUrl } from '../convert/repository';
import { isoTime } from '../convert/time';
import { userListJson } from '../convert/user';
import type { RequestContext } from '../http/context';
import { assertMayChangeSubscription, isSubscribed, setSubscription } from '../services/subscriptions';
import { listIssueSubscribers } from '../store/issueWatches';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { visibleUser } from './lookups';
import { readRepo, repoRoute } from './guards';

/** PUT/DELETE `/subscriptions/{user}`: 201 when the subscription changed, 200 when it already was so (Gitea). */
function changeSubscription(ctx: RequestContext, repo: RepositoryRow, watch: boolean): void {
  const issue = loadIssue(ctx, repo);
  const user = visibleUser(ctx, ctx.param('user'));
  assertMayChangeSubscription(ctx.db, ctx.requireUser(), user, repo);
  ctx.empty(setSubscription(ctx.db, user, issue, watch) ? 201 : 200);
}

export const issueSubscriptionHandlers: HandlerMap = {
  // Explicit subscribers and the issue's participants, less those who unsubscribed.
  issueSubscriptions: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const paging = ctx.paging;
    const { rows, total } = listIssueSubscribers(ctx.db, issue.id, paging);
    ctx.listJson(userListJson(ctx, rows), total, paging);
  }),

  issueCheckSubscription: repoRoute(readRepo, (ctx, { repo }) => {
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
  }),

  issueAddSubscription: repoRoute(readRepo, (ctx, { repo }) => changeSubscription(ctx, repo, true)),
  issueDeleteSubscription: repoRoute(readRepo, (ctx, { repo }) => changeSubscription(ctx, repo, false)),
};
