import { toTimelineComments } from '../convert/timelineComment';
import { crossReferenceVisible } from '../services/crossReferences';
import { canReadIssue } from '../services/issuesAccess';
import { querySinceBefore } from '../services/issuesTime';
import { commentType, listIssueTimeline } from '../store/comments';
import type { HandlerMap } from './handler';
import { loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

export const issueTimelineHandlers: HandlerMap = {
  // Gitea pages every entry, then leaves out code comments and references from what the caller may not
  // read; X-Total-Count is what the page holds after that.
  issueGetCommentsAndTimeline: repoRoute(readRepo, (ctx, { repo }) => {
    const { since, before } = querySinceBefore(ctx.args);
    const issue = loadIssue(ctx, repo);
    const paging = ctx.paging;
    const rows = listIssueTimeline(ctx.db, issue.id, { since, before }, paging).filter(
      (comment) =>
        comment.type !== commentType.code && crossReferenceVisible(ctx.db, ctx.user, comment, repo.id),
    );
    const entries = toTimelineComments(ctx, repo, issue, rows, {
      visibleIssue: (other) => canReadIssue(ctx.db, ctx.user, other),
    });
    ctx.res.setHeader('X-Total-Count', String(entries.length));
    ctx.res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    ctx.json(entries);
  }),
};
