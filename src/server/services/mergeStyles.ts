import type { CommitPerson } from '../git/identity';
import { commitTree, commitsToReplay, isAncestor, mergeTree, treeOf, replayCommits } from '../git/merge';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';

/** Gitea's merge styles (`Do`); `manually-merged` is refused: this server has no setting that allows it. */
export const mergeStyles = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'] as const;
export type MergeStyle = (typeof mergeStyles)[number];

export const isStyleName = (name: string): name is MergeStyle =>
  (mergeStyles as readonly string[]).includes(name);

/** Whether the repository's settings allow a style (Gitea's IsMergeStyleAllowed). */
export function isStyleAllowed(repo: RepositoryRow, style: MergeStyle): boolean {
  switch (style) {
    case 'merge':
      return repo.allow_merge_commits;
    case 'rebase':
      return repo.allow_rebase;
    case 'rebase-merge':
      return repo.allow_rebase_explicit;
    case 'squash':
      return repo.allow_squash_merge;
    case 'fast-forward-only':
      return repo.allow_fast_forward_only_merge;
  }
}

/** A user as a git author or committer: their private address when they keep theirs private. */
export function gitPerson(user: UserRow, noreplyHost: string): CommitPerson {
  return {
    name: user.full_name || user.name,
    email: user.keep_email_private ? `${user.lower_name}@noreply.${noreplyHost}` : user.email,
  };
}

export interface StyleRequest {
  readonly style: MergeStyle;
  readonly base: string;
  readonly head: string;
  /** the whole message of a new merge or squash commit */
  readonly message: string;
  readonly committer: CommitPerson;
  /** who a squash commit is attributed to (the pull request's poster, as Gitea) */
  readonly squashAuthor: CommitPerson;
}

export type StyleOutcome =
  | { readonly kind: 'commit'; readonly commit: string }
  | { readonly kind: 'conflict'; readonly files: readonly string[] }
  | { readonly kind: 'not-fast-forward' };

/**
 * Makes the commit the base branch will point at, in the bare repository and touching no reference:
 * merge → a merge commit of base and head; squash → one commit on base with the merged tree; rebase →
 * the head commits replayed on base (the last one); rebase-merge → those replayed commits joined by a
 * merge commit; fast-forward-only → the head itself, when base is its ancestor.
 */
export async function produceMergeCommit(gitDir: string, request: StyleRequest): Promise<StyleOutcome> {
  const { base, head, committer } = request;
  const conflictOf = (files: readonly string[]): StyleOutcome => ({ kind: 'conflict', files });
  switch (request.style) {
    case 'fast-forward-only':
      return (await isAncestor(gitDir, base, head))
        ? { kind: 'commit', commit: head }
        : { kind: 'not-fast-forward' };
    case 'merge':
    case 'squash': {
      const merged = await mergeTree(gitDir, base, head);
      if (merged.kind !== 'clean') return conflictOf(merged.kind === 'conflict' ? merged.files : []);
      const squash = request.style === 'squash';
      const commit = await commitTree(gitDir, {
        tree: merged.tree,
        parents: squash ? [base] : [base, head],
        message: request.message,
        author: squash ? request.squashAuthor : committer,
        committer,
      });
      return { kind: 'commit', commit };
    }
    case 'rebase':
    case 'rebase-merge': {
      const replayed = await replayCommits(
        gitDir,
        await commitsToReplay(gitDir, base, head),
        base,
        committer,
      );
      if (replayed.kind === 'conflict') return conflictOf(replayed.files);
      if (request.style === 'rebase') return { kind: 'commit', commit: replayed.tip };
      const commit = await commitTree(gitDir, {
        tree: await treeOf(gitDir, replayed.tip),
        parents: [base, replayed.tip],
        message: request.message,
        author: committer,
        committer,
      });
      return { kind: 'commit', commit };
    }
  }
}
