import { toBranch } from '../convert/branch';
import type { RequestContext } from '../http/context';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { createBranch, deleteBranch, listBranches, resolveBranch, resolveRef, resolveTag } from '../git/refs';
import { isValidBranchName, isValidRefName } from '../git/validate';
import { mayMergeInto, mayPushTo, ruleForBranch } from '../services/branchProtectionRules';
import { listProtectedBranches } from '../store/branchProtections';
import type { HandlerMap } from './handler';
import { commitOf, trackedRefChange, type GitRepository } from './repoGit';
import { codeWriter, gitRoute, readRepo } from './guards';

/** Gitea's binding rules for a ref field (`GitRefName;MaxSize(100)`), with its Go field name in the message. */
export function refField(value: string | undefined, goName: string, required: boolean): string | undefined {
  if (value === undefined || value === '') {
    if (required) throw invalid(`[${goName}]: Required`);
    return undefined;
  }
  if ([...value].length > 100) throw invalid(`[${goName}]: MaxSize`);
  if (!isValidBranchName(value)) throw invalid(`[${goName}]: GitRefName`);
  return value;
}

async function branchJson(ctx: RequestContext, git: GitRepository, name: string, sha: string) {
  const rule = ruleForBranch(listProtectedBranches(ctx.db, git.repo.id), name);
  return toBranch(ctx, git.repo, name, await commitOf(git, sha), git.mode, {
    rule,
    userCanPush: mayPushTo(ctx.db, rule, ctx.user, git.mode),
    userCanMerge: mayMergeInto(ctx.db, rule, ctx.user, git.mode),
  });
}

export function assertNotMirror(git: GitRepository): void {
  if (git.repo.is_mirror) throw forbidden('Git Repository is a mirror.');
}

/** The source commit of a new branch: `old_ref_name`, else `old_branch_name`, else the default branch. */
async function sourceCommit(git: GitRepository, oldRef?: string, oldBranch?: string): Promise<string> {
  if (oldRef !== undefined) {
    const resolved = await resolveRef(git.reader, oldRef);
    if (!resolved) throw notFound(`The old ref does not exist [ref: ${oldRef}]`);
    return resolved.commit;
  }
  if (oldBranch !== undefined) {
    const commit = await resolveBranch(git.reader, oldBranch);
    if (!commit) throw notFound('The old branch does not exist');
    return commit;
  }
  const commit = await resolveBranch(git.reader, git.repo.default_branch);
  if (!commit) throw notFound('Git Repository is empty.');
  return commit;
}

export const branchHandlers: HandlerMap = {
  repoListBranches: gitRoute(readRepo, async (ctx, git) => {
    const keyword = ctx.args.q?.toLowerCase() ?? '';
    const branches = (await listBranches(git.gitDir)).filter((b) => b.name.toLowerCase().includes(keyword));
    const { offset, limit } = ctx.paging;
    const page = branches.slice(offset, offset + limit);
    const items = await Promise.all(page.map((b) => branchJson(ctx, git, b.name, b.commit)));
    ctx.list(items, branches.length);
  }),

  repoGetBranch: gitRoute(readRepo, async (ctx, git) => {
    const name = ctx.param('branch');
    const commit = isValidRefName(name) ? await resolveBranch(git.reader, name) : undefined;
    if (!commit) throw notFound(`branch does not exist [name: ${name}]`);
    ctx.json(await branchJson(ctx, git, name, commit));
  }),

  repoCreateBranch: gitRoute(codeWriter, async (ctx, git) => {
    assertNotMirror(git);
    const body = await ctx.body();
    const name = refField(body.string('new_branch_name'), 'BranchName', true)!;
    const oldBranch = refField(body.string('old_branch_name'), 'OldBranchName', false);
    const oldRef = body.string('old_ref_name');
    if (oldRef !== undefined && oldRef !== '' && !isValidRefName(oldRef)) {
      throw invalid('[OldRefName]: GitRefName');
    }
    const commit = await sourceCommit(git, oldRef || undefined, oldBranch);
    if (await resolveTag(git.reader, name)) throw conflict('The branch with the same tag already exists.');
    const result = await trackedRefChange(ctx, git, () => createBranch(git.gitDir, name, commit));
    if (result === 'exists') throw conflict('The branch already exists.');
    if (result === 'conflict') throw conflict('The branch with the same name already exists.');
    ctx.json(await branchJson(ctx, git, name, commit), 201);
  }),

  repoDeleteBranch: gitRoute(codeWriter, async (ctx, git) => {
    assertNotMirror(git);
    const name = ctx.param('branch');
    if (name === git.repo.default_branch) throw forbidden('can not delete default branch');
    if (ruleForBranch(listProtectedBranches(ctx.db, git.repo.id), name)) {
      throw forbidden('branch protected');
    }
    const commit = isValidRefName(name) ? await resolveBranch(git.reader, name) : undefined;
    if (!commit) throw notFound(`branch does not exist [name: ${name}]`);
    if (!(await trackedRefChange(ctx, git, () => deleteBranch(git.gitDir, name, commit)))) {
      throw conflict('the branch changed while it was being deleted; try again');
    }
    ctx.empty();
  }),
};
