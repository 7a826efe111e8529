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
 * The commented line as the comment's `diff_hunk` ends with it (Gitea cuts the hunk to end at that line),
 * without the diff's `+`, `-` or ` ` prefix; undefined for an empty hunk (a line outside the diff).
 */
export function hunkLine(diffHunk: string): string | undefined {
  const lines = diffHunk.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  const last = lines.at(-1);
  if (lines.length < 2 || last === undefined || last.startsWith('@@')) return undefined;
  return /^[-+ ]/.test(last) ? last.slice(1) : last;
}

/**
 * Where a review comment goes. Gitea answers a comment on a new line with `position` (the line number in
 * the head's file) and one on an old line with `original_position` (the line in the base's file); a comment
 * with neither has no line (undefined). Gitea's API does not say a comment is outdated (`invalidated`): it
 * is when the line its `diff_hunk` ends with is no longer the line of the file there (`lineOf`).
 */
export function placeComment(
  comment: Pick<PullReviewComment, 'position' | 'original_position' | 'diff_hunk'>,
  lineOf: (side: DiffSide, line: number) => string | undefined,
): Placement | undefined {
  const at = (side: DiffSide, line: number): Placement => {
    const expected = hunkLine(comment.diff_hunk);
    return { side, line, outdated: expected !== undefined && lineOf(side, line) !== expected };
  };
  if (comment.position > 0) return at('head', comment.position);
  if (comment.original_position > 0) return at('base', comment.original_position);
  return undefined;
}

/**
 * The commit a review comment was made on: the head then (`original_commit_id`, which Gitea 1.14 leaves
 * empty), else its `commit_id`; undefined when the server gives neither.
 */
export function madeOn(
  comment: Pick<PullReviewComment, 'original_commit_id' | 'commit_id'>,
): string | undefined {
  return comment.original_commit_id || comment.commit_id || undefined;
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
    'position' | 'original_position' | 'diff_hunk' | 'path' | 'created_at' | 'id'
  >,
>(
  comments: readonly C[],
  lineOf: (path: string, side: DiffSide, line: number) => string | undefined,
): PlacedComment<C>[] {
  const threads = new Map<string, PlacedComment<C>>();
  const ordered = [...comments].sort((a, b) =>
    a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
  );
  for (const comment of ordered) {
    const placement = placeComment(comment, (side, line) => lineOf(comment.path, side, line));
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
