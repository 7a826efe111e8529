import { toGitHook } from '../convert/gitHook';
import { notFound } from '../domain/errors';
import { gitHookNames, isGitHookName, readUserHook, writeUserHook, type GitHookName } from '../git/userHooks';
import type { RequestContext } from '../http/context';
import { assertMayEditGitHooks } from '../services/permissions';
import { gitRoute, repoAdmin } from './guards';
import type { HandlerMap } from './handler';
import type { GitRepository } from './repoGit';

/**
 * Gitea's `/hooks/git` group: reqAdmin (repository or site admin, the guard), then reqGitHook (hooks enabled
 * with `--enable-git-hooks`, the caller a site admin or allowed to edit hooks).
 */
const gitHookRoute = (handle: (ctx: RequestContext, git: GitRepository) => void | Promise<void>) =>
  gitRoute(repoAdmin, (ctx, git) => {
    assertMayEditGitHooks(ctx.user, ctx.app.config.enableGitHooks);
    return handle(ctx, git);
  });

/** The `{id}` of the path: one of Gitea's three hook names, else 404 as Gitea's ErrNotValidHook. */
function hookName(ctx: RequestContext): GitHookName {
  const name = ctx.param('id');
  if (!isGitHookName(name)) throw notFound('not a valid Git hook');
  return name;
}

export const gitHookHandlers: HandlerMap = {
  repoListGitHooks: gitHookRoute((ctx, git) => {
    ctx.json(gitHookNames.map((name) => toGitHook(readUserHook(git.gitDir, name))));
  }),
  repoGetGitHook: gitHookRoute((ctx, git) => {
    ctx.json(toGitHook(readUserHook(git.gitDir, hookName(ctx))));
  }),
  // As Gitea, the answer echoes the content sent; a blank one removes the hook (is_active false).
  repoEditGitHook: gitHookRoute(async (ctx, git) => {
    const name = hookName(ctx);
    const content = (await ctx.body()).string('content') ?? '';
    writeUserHook(git.gitDir, name, content);
    ctx.json(toGitHook({ name, isActive: content.trim() !== '', content }));
  }),
  repoDeleteGitHook: gitHookRoute((ctx, git) => {
    writeUserHook(git.gitDir, hookName(ctx), '');
    ctx.empty();
  }),
};
