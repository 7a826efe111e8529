import type { CommitObject } from '../../../../git/commits';
import { diffText } from '../../../../git/diff';
import { runGit } from '../../../../git/run';
import type { PageRepo } from './repoAccess';

/** Git's empty tree: what a root commit is compared with. */
const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** A commit's changes against its first parent (Gitea's commit diff), as `git diff` text. */
export function commitDiffText(repo: PageRepo, commit: CommitObject, binary = false): Promise<string> {
  return diffText(repo.gitDir, commit.parents[0] ?? emptyTree, commit.sha, { binary });
}

/** The commit as one mail (`git format-patch -1`), what Gitea's `/commit/{sha}.patch` answers. */
export async function commitPatchText(repo: PageRepo, commit: CommitObject): Promise<string> {
  return (
    await runGit(['format-patch', '-1', '--binary', '--stdout', commit.sha, '--'], { gitDir: repo.gitDir })
  ).stdout;
}
