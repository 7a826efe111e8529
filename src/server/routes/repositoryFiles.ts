import { readIssueConfig } from '../services/issueConfig';
import { repositoryLicenses } from '../services/repoLicenses';
import type { HandlerMap } from './handler';
import { gitRoute, readRepo } from './guards';

// Gitea reads these from the default branch; the issue config answers 200 whatever the file holds.
export const repositoryFileHandlers: HandlerMap = {
  repoGetLicenses: gitRoute(readRepo, async (ctx, git) => {
    ctx.json(await repositoryLicenses(git.reader, git.repo));
  }),

  repoGetIssueConfig: gitRoute(readRepo, async (ctx, git) => {
    ctx.json((await readIssueConfig(git.reader, git.repo)).config);
  }),

  repoValidateIssueConfig: gitRoute(readRepo, async (ctx, git) => {
    const { error } = await readIssueConfig(git.reader, git.repo);
    ctx.json({ valid: error === undefined, message: error ?? '' });
  }),
};
