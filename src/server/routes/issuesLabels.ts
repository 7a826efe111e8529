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
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { issueActor, labelRefs, loadIssue } from './issuesLookup';
import { loadRepository } from './repositoryLookup';
import { assertNotArchived } from '../services/repositoryRules';

/** The issue of the path, which the caller must be able to write (labels are a writer's business: 403). */
function writableIssue(ctx: RequestContext): { repo: RepositoryRow; issue: IssueRow } {
  const { repo } = loadRepository(ctx);
  const issue = loadIssue(ctx, repo, 'write');
  assertNotArchived(repo);
  return { repo, issue };
}

/** The issue's labels after a change, as Gitea answers POST and PUT. */
const answerLabels = (ctx: RequestContext, issue: IssueRow): void =>
  ctx.json(toLabels(ctx, labelsOfIssue(ctx.db, issue.id)));

export const issueLabelHandlers: HandlerMap = {
  issueGetLabels: (ctx) => {
    const { repo } = loadRepository(ctx);
    answerLabels(ctx, loadIssue(ctx, repo));
  },

  issueAddLabel: async (ctx) => {
    const { repo, issue } = writableIssue(ctx);
    const labels = resolveIssueLabels(ctx.db, repo, labelRefs(await ctx.body()) ?? []);
    addLabelsToIssue(issueActor(ctx), repo, issue, labels);
    answerLabels(ctx, issue);
  },

  issueReplaceLabels: async (ctx) => {
    const { repo, issue } = writableIssue(ctx);
    const labels = resolveIssueLabels(ctx.db, repo, labelRefs(await ctx.body()) ?? []);
    replaceIssueLabels(issueActor(ctx), repo, issue, labels);
    answerLabels(ctx, issue);
  },

  // An unknown label is 422 (Gitea); one the issue does not carry is a no-op 204.
  issueRemoveLabel: (ctx) => {
    const { repo, issue } = writableIssue(ctx);
    const id = ctx.paramInt('id');
    const label = findLabelById(ctx.db, id);
    if (!label || (label.repo_id !== repo.id && label.org_id !== repo.owner_id)) {
      throw invalid(`label does not exist [id: ${id}]`);
    }
    removeLabelFromIssue(issueActor(ctx), repo, issue, label);
    ctx.empty();
  },

  issueClearLabels: (ctx) => {
    const { repo, issue } = writableIssue(ctx);
    clearLabelsOfIssue(issueActor(ctx), repo, issue);
    ctx.empty();
  },
};
