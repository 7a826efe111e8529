import { toIssueTemplate } from '../convert/issueTemplate';
import { readCommit } from '../git/commits';
import { resolveBranch } from '../git/refs';
import { issueTemplatesOf } from '../services/issueTemplates';
import { languageStatistics } from '../services/languages/statistics';
import type { HandlerMap } from './handler';
import type { GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';

/** The tree of the default branch's tip; undefined for an empty repository. */
async function defaultBranchTree(git: GitRepository): Promise<string | undefined> {
  const tip = await resolveBranch(git.reader, git.repo.default_branch);
  return tip === undefined ? undefined : (await readCommit(git.reader, tip))?.tree;
}

export const repositoryDetailHandlers: HandlerMap = {
  /** The default branch's markdown issue templates; none (an empty list) in an empty repository. */
  repoGetIssueTemplates: gitRoute(readRepo, async (ctx, git) => {
    const tree = await defaultBranchTree(git);
    const templates = tree === undefined ? [] : await issueTemplatesOf(git.reader, tree);
    ctx.json(templates.map(toIssueTemplate));
  }),

  /** Bytes of code per language on the default branch, the largest first; `{}` when there is none. */
  repoGetLanguages: gitRoute(readRepo, async (ctx, git) => {
    const tree = await defaultBranchTree(git);
    const stats = tree === undefined ? [] : await languageStatistics(git, tree);
    ctx.json(Object.fromEntries(stats));
  }),
};
