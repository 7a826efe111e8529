import type { PullReviewComment } from '../../api/types';

/** Which side of a pull request's diff a line is on: the merge base (old) or the head (new). */
export type DiffSide = 'base' | 'head';

export interface Placement {
  readonly side: DiffSide;
  /** 1-based line of the file on that side. */
  readonly line: number;
  /** Made on another commit than the pull request's head: its line may have moved since. */
  readonly outdated: boolean;
}

/**
 * Where a review comment goes. Gitea answers a comment on a new line with `position` (the line number in
 * the head's file) and one on an old line with `original_position` (the line in the base's file); a comment
 * with neither has no line (undefined).
 */
export function placeComment(
  comment: Pick<PullReviewComment, 'position' | 'original_position' | 'commit_id'>,
  headSha: string,
): Placement | undefined {
  const outdated = comment.commit_id !== '' && comment.commit_id !== headSha;
  if (comment.position > 0) return { side: 'head', line: comment.position, outdated };
  if (comment.original_position > 0) return { side: 'base', line: comment.original_position, outdated };
  return undefined;
}

/** CreatePullReviewComment's `new_position`/`old_position` for a line (1-based) on a side. */
export function positionsFor(
  side: DiffSide,
  line: number,
): { readonly new_position: number; readonly old_position: number } {
  return side === 'head' ? { new_position: line, old_position: 0 } : { new_position: 0, old_position: line };
}

/** The key comments of one thread share: Gitea groups a file's comments by side and line. */
export function threadKey(path: string, placement: Pick<Placement, 'side' | 'line'>): string {
  return `${placement.side}:${placement.line}:${path}`;
}

export interface PlacedComment<C> {
  readonly key: string;
  readonly path: string;
  readonly placement: Placement;
  readonly comments: C[];
}

/** A pull request's review comments in threads (by path, side and line), oldest comment first. */
export function groupThreads<
  C extends Pick<
    PullReviewComment,
    'position' | 'original_position' | 'commit_id' | 'path' | 'created_at' | 'id'
  >,
>(comments: readonly C[], headSha: string): PlacedComment<C>[] {
  const threads = new Map<string, PlacedComment<C>>();
  const ordered = [...comments].sort((a, b) =>
    a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
  );
  for (const comment of ordered) {
    const placement = placeComment(comment, headSha);
    if (placement === undefined) continue;
    const key = threadKey(comment.path, placement);
    const thread = threads.get(key);
    if (thread) {
      thread.comments.push(comment);
      // a thread is current when any comment in it is on the head commit
      if (!placement.outdated && thread.placement.outdated)
        threads.set(key, { ...thread, placement: { ...thread.placement, outdated: false } });
    } else threads.set(key, { key, path: comment.path, placement, comments: [comment] });
  }
  return [...threads.values()];
}
