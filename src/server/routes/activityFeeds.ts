import { toActivities } from '../convert/activity';
import type { RequestContext } from '../http/context';
import { activityFeed, type FeedRequest, type FeedSubject } from '../services/activityFeeds';
import { isSiteAdmin, orgRole } from '../services/permissions';
import type { HandlerMap } from './handler';
import { readRepo, repoRoute, teamRoute } from './guards';
import { visibleAccount, visibleOrg } from './lookups';

/** One page of the subject's feed, with its total (X-Total-Count). */
function answerFeed(ctx: RequestContext, subject: FeedSubject, request: FeedRequest): void {
  const rows = activityFeed(ctx.db, ctx.user, subject, request);
  const paging = ctx.paging;
  ctx.list(toActivities(ctx, rows.slice(paging.offset, paging.offset + paging.limit)), rows.length, paging);
}

// Gitea's ListUserActivityFeeds, ListOrgActivityFeeds, ListTeamActivityFeeds (reqTeamMembership) and
// ListRepoActivityFeeds: private actions for the account itself, members, the team, readers of the repository.
export const activityFeedHandlers: HandlerMap = {
  userListActivityFeeds: (ctx: RequestContext<'userListActivityFeeds'>) => {
    const user = visibleAccount(ctx, ctx.param('username'));
    const viewer = ctx.user;
    answerFeed(
      ctx,
      { user },
      {
        includePrivate: viewer !== null && (isSiteAdmin(viewer) || viewer.id === user.id),
        onlyPerformedBy: ctx.args['only-performed-by'] === true,
        date: ctx.args.date,
      },
    );
  },
  orgListActivityFeeds: (ctx: RequestContext<'orgListActivityFeeds'>) => {
    const org = visibleOrg(ctx);
    const viewer = ctx.user;
    const member = viewer !== null && (isSiteAdmin(viewer) || orgRole(ctx.db, viewer, org) !== 'none');
    answerFeed(ctx, { user: org }, { includePrivate: member, date: ctx.args.date });
  },
  orgListTeamActivityFeeds: teamRoute('member', (ctx, team) =>
    answerFeed(ctx, { team }, { includePrivate: true, date: ctx.args.date }),
  ),
  repoListActivityFeeds: repoRoute(readRepo, (ctx, { repo }) =>
    answerFeed(ctx, { repo }, { includePrivate: true, date: ctx.args.date }),
  ),
};
