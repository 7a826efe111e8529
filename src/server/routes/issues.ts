import { issueFragments, toIssue, issueListJson } from '../convert/issue';
import { isoTime } from '../convert/time';
import type { RequestContext } from '../http/context';
import { createIssue, deleteIssue, editIssue } from '../services/issues';
import { assertIssueAccess } from '../services/issuesAccess';
import { repositoryIssueFilter, searchIssueFilter } from '../services/issuesSearch';
import { setIssueDeadline } from '../services/issuesDeadline';
import { bodyDueDate } from '../services/issuesTime';
import type { IssueRow } from '../store/issues';
import { listIssueIds } from '../store/issuesList';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { issueActor, labelRefs, loadIssue } from './issuesLookup';
import { issueWriter, readRepo, repoAdmin, repoRoute } from './guards';

/** Gitea refuses to close or reopen a merged pull request through the issue edit (412). */
const refuseMergedStateChange =
  (ctx: RequestContext, repo: RepositoryRow) =>
  (issue: IssueRow): string | undefined =>
    issue.is_pull && toIssue(ctx, issue, repo).pull_request?.merged
      ? 'cannot change state of this pull request, it was already merged'
      : undefined;

export const issueHandlers: HandlerMap = {
  issueListIssues: repoRoute(readRepo, (ctx, { repo }) => {
    const filter = repositoryIssueFilter(ctx.db, repo, ctx.args);
    assertIssueAccess(ctx.db, ctx.user, repo, filter.isPull === true, 'read');
    const paging = ctx.paging;
    const { ids, total } = listIssueIds(ctx.db, filter, paging);
    ctx.listJson(issueListJson(ctx, ids, repo), total, paging);
  }),

  // Across every repository the caller may read (public ones for anonymous callers).
  issueSearchIssues: (ctx) => {
    const filter = searchIssueFilter(ctx.db, ctx.user, ctx.args);
    const paging = ctx.paging;
    const { ids, total } = listIssueIds(ctx.db, filter, paging);
    ctx.listJson(issueListJson(ctx, ids), total, paging);
  },

  issueCreateIssue: repoRoute(issueWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    const dueDate = body.string('due_date');
    // answered after the COMMIT it shares with the other writes of this turn (Database.grouped)
    const issue = await ctx.db.grouped(() =>
      createIssue(issueActor(ctx), repo, {
        title: body.string('title', { required: true, nonEmpty: true, maxLength: 255 }),
        body: body.string('body'),
        ref: body.string('ref'),
        closed: body.boolean('closed'),
        labels: labelRefs(body),
        milestone: body.integer('milestone'),
        assignees: body.stringArray('assignees'),
        assignee: body.string('assignee'),
        dueDate: dueDate ? bodyDueDate('due_date', dueDate) : undefined,
      }),
    );
    ctx.json(toIssue(ctx, issue, repo));
  }),

  issueGetIssue: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.jsonText(issueFragments(ctx, [loadIssue(ctx, repo)], repo)[0]!);
  }),

  // The spec answers 201 for an issue edit (the catalogue's success status).
  issueEditIssue: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const body = await ctx.body();
    const dueDate = body.string('due_date');
    const updated = editIssue(
      issueActor(ctx),
      repo,
      issue,
      {
        title: body.string('title', { maxLength: 255 }),
        body: body.string('body'),
        ref: body.string('ref'),
        state: body.oneOf('state', ['open', 'closed'] as const),
        assignees: body.stringArray('assignees'),
        assignee: body.string('assignee'),
        milestone: body.integer('milestone'),
        dueDate: dueDate ? bodyDueDate('due_date', dueDate) : undefined,
        unsetDueDate: body.boolean('unset_due_date'),
      },
      refuseMergedStateChange(ctx, repo),
    );
    ctx.json(toIssue(ctx, updated, repo));
  }),

  // Gitea's UpdateIssueDeadline: the date's end of day; null (or Go's zero time) removes it, answered as the zero time.
  issueEditIssueDeadline: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const value = (await ctx.body()).string('due_date');
    const deadline = value === undefined || /^0001-01-01/.test(value) ? 0 : bodyDueDate('due_date', value);
    const updated = setIssueDeadline(issueActor(ctx), repo, issue, deadline);
    ctx.json({ due_date: isoTime(updated.deadline_unix) });
  }),

  // Repository admins only, as Gitea's reqAdmin.
  issueDelete: repoRoute(repoAdmin, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    deleteIssue(issueActor(ctx), repo, issue, { db: ctx.db, dataDir: ctx.app.dataDir });
    ctx.empty();
  }),
};
