import { randomUUID } from 'node:crypto';
import { conflict, forbidden, malformed, notFound } from '../domain/errors';
import { deleteRef, fetchBranch, isAncestor } from '../git/merge';
import { listProtectedBranches } from '../store/branchProtections';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { mayPushTo, ruleForBranch } from './branchProtectionRules';
import { moveBase } from './merge';
import { gitPerson, produceMergeCommit } from './mergeStyles';
import type { AccessMode } from './permissions';
import type { PullActor } from './pullRequests';
import { branchTip, gitDirOf } from './pullRequestsState';
import { trackRefChanges } from './refChanges';

export type MergeUpstreamStyle = 'up-to-date' | 'fast-forward' | 'merge';

/**
 * Gitea's MergeUpstream: brings a fork's branch up to date with the same branch of its base repository
 * (the base's default branch when it has no such branch). Nothing new there: `up-to-date`; the fork's branch
 * behind: `fast-forward`; diverged: a merge commit "merge upstream" unless `ffOnly` (400). 400 for a
 * repository that is no fork, 404 for a missing branch, 409 on a conflict, 403 when a protection rule
 * denies the caller pushing to the branch.
 */
export async function mergeUpstream(
  actor: PullActor,
  fork: RepositoryRow,
  mode: AccessMode,
  branch: string,
  ffOnly: boolean,
  noreplyHost: string,
): Promise<MergeUpstreamStyle> {
  if (!fork.is_fork || fork.fork_id === null) throw malformed('repo is not a fork');
  const base = findRepositoryById(actor.db, fork.fork_id);
  if (!base) throw notFound('the base repository does not exist');
  const forkTip = branch === '' ? undefined : await branchTip(actor, fork, branch);
  if (!forkTip) throw notFound(`branch does not exist [name: ${branch}]`);
  const baseBranch = (await branchTip(actor, base, branch)) ? branch : base.default_branch;
  if (!(await branchTip(actor, base, baseBranch)))
    throw notFound(`branch does not exist [name: ${baseBranch}]`);
  const forkDir = gitDirOf(actor, fork);
  const incoming = `refs/teahouse/incoming/${randomUUID()}`;
  let style: MergeUpstreamStyle = 'up-to-date';
  await trackRefChanges(actor, fork, forkDir, actor.doer, async () => {
    try {
      const baseTip = await fetchBranch(forkDir, gitDirOf(actor, base), baseBranch, incoming);
      if (await isAncestor(forkDir, baseTip, forkTip)) return;
      const rule = ruleForBranch(listProtectedBranches(actor.db, fork.id), branch);
      if (!mayPushTo(actor.db, rule, actor.doer, mode)) throw forbidden(`branch ${branch} is protected`);
      if (await isAncestor(forkDir, forkTip, baseTip)) {
        await moveBase(fork, forkDir, branch, baseTip, forkTip);
        style = 'fast-forward';
        return;
      }
      if (ffOnly) throw malformed('fast-forward merge not possible: branch has diverged');
      const committer = gitPerson(actor.doer, noreplyHost);
      const outcome = await produceMergeCommit(forkDir, {
        style: 'merge',
        base: forkTip,
        head: baseTip,
        message: 'merge upstream\n',
        committer,
        squashAuthor: committer,
      });
      if (outcome.kind !== 'commit') throw conflict('merge failed because of conflict');
      await moveBase(fork, forkDir, branch, outcome.commit, forkTip);
      style = 'merge';
    } finally {
      // gone before the references are compared, so the temporary one is no part of the push
      await deleteRef(forkDir, incoming).catch((error: unknown) =>
        actor.log.error('removing a temporary ref failed', error),
      );
    }
  });
  return style;
}
