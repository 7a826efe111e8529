import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { isAncestor } from '../git/merge';
import { moveBranch, resolveBranch, resolveRef, setBranch } from '../git/refs';
import { setHeadBranch } from '../git/repository';
import { isAbbreviatedObjectId, isValidBranchName, isValidRefName } from '../git/validate';
import { mayForcePush, mayPushTo, ruleForBranch } from '../services/branchProtectionRules';
import { assertMayRenameBranch, recordBranchRename } from '../services/branchRename';
import { listProtectedBranches } from '../store/branchProtections';
import { assertNotMirror, refField } from './branches';
import type { HandlerMap } from './handler';
import { trackedRefChange, type GitRepository } from './repoGit';
import { codeWriter, gitRoute } from './guards';

const takenMessage = 'Cannot rename a branch using the same name or rename to a branch that already exists.';

async function branchTip(git: GitRepository, name: string, message: string): Promise<string> {
  const commit = isValidBranchName(name) ? await resolveBranch(git.reader, name) : undefined;
  if (!commit) throw notFound(message);
  return commit;
}

export const branchMoveHandlers: HandlerMap = {
  /** Gitea's RenameBranch: 422 for a taken name, 404 for a missing branch, 403 as assertMayRenameBranch says. */
  repoRenameBranch: gitRoute(codeWriter, async (ctx, git) => {
    const from = ctx.param('branch');
    const to = refField((await ctx.body()).string('name'), 'Name', true)!;
    if (git.repo.is_empty) throw notFound('Git Repository is empty.');
    assertNotMirror(git);
    if (from === to || (await resolveBranch(git.reader, to))) throw invalid(takenMessage);
    const commit = await branchTip(git, from, "Branch doesn't exist.");
    assertMayRenameBranch(ctx.db, git.repo, git.mode, from);
    const result = await trackedRefChange(ctx, git, async () => {
      const moved = await moveBranch(git.gitDir, from, to, commit);
      if (moved === 'moved' && from === git.repo.default_branch) await setHeadBranch(git.gitDir, to);
      return moved;
    });
    if (result === 'exists') throw invalid(takenMessage);
    if (result === 'changed') throw conflict('the branch changed while it was being renamed; try again');
    recordBranchRename(ctx.db, git.repo, from, to);
    ctx.empty();
  }),

  /**
   * Gitea 1.27's UpdateBranch (newer than the Gitea source read here, so after its swagger): moves a branch
   * to `new_commit_id` (any ref); 409 when `old_commit_id` is not the tip or the move is not a
   * fast-forward without `force`; protection rules apply as to a push (403).
   */
  repoUpdateBranch: gitRoute(codeWriter, async (ctx, git) => {
    assertNotMirror(git);
    const name = ctx.param('branch');
    const body = await ctx.body();
    const target = body.string('new_commit_id');
    if (target === undefined || target === '') throw invalid('[NewCommitID]: Required');
    const expected = body.string('old_commit_id');
    const force = body.boolean('force') ?? false;
    const tip = await branchTip(git, name, `branch does not exist [name: ${name}]`);
    const resolved =
      isValidRefName(target) || isAbbreviatedObjectId(target)
        ? await resolveRef(git.reader, target)
        : undefined;
    if (!resolved) throw notFound(`new commit does not exist [ref: ${target}]`);
    if (expected !== undefined && expected !== '' && expected.toLowerCase() !== tip) {
      throw conflict(`branch ${name} is at ${tip}, not at ${expected}`);
    }
    if (resolved.commit === tip) {
      ctx.empty();
      return;
    }
    const rule = ruleForBranch(listProtectedBranches(ctx.db, git.repo.id), name);
    if (!mayPushTo(ctx.db, rule, ctx.user, git.mode)) throw forbidden(`branch ${name} is protected`);
    if (!(await isAncestor(git.gitDir, tip, resolved.commit))) {
      if (!force) throw conflict(`moving ${name} to ${resolved.commit} is not a fast-forward; set force`);
      if (!mayForcePush(ctx.db, rule, ctx.user, git.mode)) {
        throw forbidden(`force pushing to protected branch ${name} is not allowed`);
      }
    }
    if (!(await trackedRefChange(ctx, git, () => setBranch(git.gitDir, name, resolved.commit, tip)))) {
      throw conflict('the branch changed while it was being updated; try again');
    }
    ctx.empty();
  }),
};
