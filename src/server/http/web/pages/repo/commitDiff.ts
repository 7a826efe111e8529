import type { CommitObject } from '../../../../git/commits';
import { commitDiffText as diffOfCommit, commitPatchText as patchOfCommit } from '../../../../git/diff';
import type { PageRepo } from './repoAccess';

/** A commit's changes against its first parent (Gitea's commit diff), as `git diff` text. */
export function commitDiffText(repo: PageRepo, commit: CommitObject, binary = false): Promise<string> {
  return diffOfCommit(repo.gitDir, commit, binary);
}

/** The commit as one mail (`git format-patch -1`), what Gitea's `/commit/{sha}.patch` answers. */
export function commitPatchText(repo: PageRepo, commit: CommitObject): Promise<string> {
  return patchOfCommit(repo.gitDir, commit);
}
