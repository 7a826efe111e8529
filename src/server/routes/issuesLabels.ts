import { toLabels } from '../convert/label';
import type { RequestContext } from '../http/context';
import { invalid } from '../domain/errors';
import {
  addLabelsToIssue,
  clearLabelsOfIssue,
  removeLabelFromIssue,
  replaceIssueLabels,
  resolveIssueLabels,
} from '../services/labels';
import type { IssueRow } from '../store/issues';
import { findLabelById, labelsOfIssue } from '../store/labels';
import type { HandlerMap } from './handler';
import { issueActor, labelRefs, loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

/** The issue's labels after a change, as Gitea answers POST and PUT. */
const answerLabels = (ctx: RequestContext, issue: IssueRow): void =>
  ctx.json(toLabels(ctx, labelsOfIssue(ctx.db, issue.id)));

export const issueLabelHandlers: HandlerMap = {
  issueGetLabels: repoRoute(readRepo, (ctx, { repo }) => {
    answerLabels(ctx, loadIssue(ctx, repo));
  }),

  issueAddLabel: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    // Labels are a writer's business: 403 for readers.
    const issue = loadIssue(ctx, repo, 'write');
    const labels = resolveIssueLabels(ctx.db, repo, labelRefs(await ctx.body()) ?? []);
    // answered after the COMMIT it shares with the other writes of this turn (Database.grouped)
    await ctx.db.grouped(() => addLabelsToIssue(issueActor(ctx), repo, issue, labels));
    answerLabels(ctx, issue);
  }),

  issueReplaceLabels: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    // Labels are a writer's business: 403 for readers.
    const issue = loadIssue(ctx, repo, 'write');
    const labels = resolveIssueLabels(ctx.db, repo, labelRefs(await ctx.body()) ?? []);
    replaceIssueLabels(issueActor(ctx), repo, issue, labels);
    answerLabels(ctx, issue);
  }),

  // An unknown label is 422 (Gitea); one the issue does not carry is a no-op 204.
  issueRemoveLabel: repoRoute({ notArchived: true }, async (ctx, { repo }) => {
    // Labels are a writer's business: 403 for readers.
    const issue = loadIssue(ctx, repo, 'write');
    const id = ctx.paramInt('id');
    const label = findLabelById(ctx.db, id);
    if (!label || (label.repo_id !== repo.id && label.org_id !== repo.owner_id)) {
      throw invalid(`label does not exist [id: ${id}]`);
    }
    await ctx.db.grouped(() => removeLabelFromIssue(issueActor(ctx), repo, issue, label));
    ctx.empty();
  }),

  issueClearLabels: repoRoute({ notArchived: true }, (ctx, { repo }) => {
    // Labels are a writer's business: 403 for readers.
    const issue = loadIssue(ctx, repo, 'write');
    clearLabelsOfIssue(issueActor(ctx), repo, issue);
    ctx.empty();
  }),
};
