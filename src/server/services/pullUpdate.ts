import { randomUUID } from 'node:crypto';
import { conflict, forbidden, invalid } from '../domain/errors';
import { deleteRef, fetchBranch, isAncestor } from '../git/merge';
import { listProtectedBranches } from '../store/branchProtections';
import { mayMergeInto, mayPushTo, ruleForBranch } from './branchProtectionRules';
import { moveBase } from './merge';
import { gitPerson, produceMergeCommit } from './mergeStyles';
import { repoAccess } from './permissions';
import type { PullActor } from './pullRequests';
import { branchTip, gitDirOf, headRepositoryOf, refreshPull, type PullItem } from './pullRequestsState';
import { trackRefChanges } from './refChanges';

/**
 * Gitea's UpdatePullRequest (1.14: the merge style only): merges the base branch into the head branch with
 * "Merge branch '<base>' into <head>", in the head's repository (a fork gets the base commits fetched
 * first). 422 when the pull request is merged or closed or the head already has the base; 403 unless the
 * doer may push and merge to the head branch (write access to its code, its protection rule); 409 on a
 * conflict. The head branch moves as a push would, so pushes, webhooks and the pull request's sync follow.
 */
export async function updatePullRequest(
  actor: PullActor,
  item: PullItem,
  noreplyHost: string,
): Promise<void> {
  if (item.pull.has_merged || item.issue.is_closed) {
    throw invalid('the pull request is merged or closed: there is nothing to update');
  }
  const { pull } = await refreshPull(actor, item);
  const headRepo = headRepositoryOf(actor, pull);
  if (!headRepo) throw invalid('the head repository does not exist any more');
  const mode = repoAccess(actor.db, actor.doer, headRepo, 'repo.code');
  const rule = ruleForBranch(listProtectedBranches(actor.db, headRepo.id), pull.head_branch);
  if (!mayPushTo(actor.db, rule, actor.doer, mode) || !mayMergeInto(actor.db, rule, actor.doer, mode)) {
    throw forbidden('user is not allowed to update the head branch of this pull request');
  }
  const headDir = gitDirOf(actor, headRepo);
  const committer = gitPerson(actor.doer, noreplyHost);
  const message = `Merge branch '${pull.base_branch}' into ${pull.head_branch}\n`;
  const incoming = headRepo.id === item.baseRepo.id ? undefined : `refs/teahouse/incoming/${randomUUID()}`;
  await trackRefChanges(actor, headRepo, headDir, actor.doer, async () => {
    try {
      const headTip = await branchTip(actor, headRepo, pull.head_branch);
      if (!headTip) throw invalid(`the head branch ${pull.head_branch} does not exist any more`);
      const baseTip = incoming
        ? await fetchBranch(headDir, gitDirOf(actor, item.baseRepo), pull.base_branch, incoming)
        : await branchTip(actor, item.baseRepo, pull.base_branch);
      if (!baseTip) throw invalid(`the base branch ${pull.base_branch} does not exist any more`);
      if (await isAncestor(headDir, baseTip, headTip)) {
        throw invalid(`HeadBranch of PR ${item.issue.number} is up to date`);
      }
      const outcome = await produceMergeCommit(headDir, {
        style: 'merge',
        base: headTip,
        head: baseTip,
        message,
        committer,
        squashAuthor: committer,
      });
      if (outcome.kind !== 'commit') throw conflict('merge failed because of conflict');
      await moveBase(headRepo, headDir, pull.head_branch, outcome.commit, headTip);
    } finally {
      // Gone before the references are compared, so the temporary one is no part of the push.
      if (incoming)
        await deleteRef(headDir, incoming).catch((error: unknown) =>
          actor.log.error('removing a temporary ref failed', error),
        );
    }
  });
}
