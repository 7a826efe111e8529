import { toIssue } from '../convert/issue';
import { userListJson } from '../convert/user';
import { assertAssignable, changeIssueAssignees } from '../services/issueAssigneeChanges';
import {
  assertMayChooseReviewers,
  repositoryAssignees,
  repositoryReviewers,
} from '../services/repositoryAssignees';
import type { HandlerMap } from './handler';
import { issueActor, loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

export const assigneeHandlers: HandlerMap = {
  // Gitea: signed-in readers of any unit (reqToken, reqAnyRepoReader).
  repoGetAssignees: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.jsonText(userListJson(ctx, repositoryAssignees(ctx.db, repo)));
  }),

  repoCheckAssignee: repoRoute(readRepo, (ctx, { repo }) => {
    assertAssignable(ctx.db, repo, ctx.param('assignee'));
    ctx.empty();
  }),

  repoGetReviewers: repoRoute(readRepo, (ctx, { repo }) => {
    assertMayChooseReviewers(ctx.db, ctx.requireUser(), repo);
    ctx.jsonText(userListJson(ctx, repositoryReviewers(ctx.db, repo)));
  }),

  issueAddAssignees: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const names = (await ctx.body()).stringArray('assignees') ?? [];
    ctx.json(toIssue(ctx, changeIssueAssignees(issueActor(ctx), repo, issue, names, true), repo));
  }),

  issueRemoveAssignees: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const names = (await ctx.body()).stringArray('assignees') ?? [];
    ctx.json(toIssue(ctx, changeIssueAssignees(issueActor(ctx), repo, issue, names, false), repo));
  }),

  issueCheckAssignee: repoRoute(readRepo, (ctx, { repo }) => {
    loadIssue(ctx, repo);
    assertAssignable(ctx.db, repo, ctx.param('assignee'));
    ctx.empty();
  }),
};
