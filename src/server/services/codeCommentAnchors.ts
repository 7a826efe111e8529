import { blameLines } from '../git/blame';
import { fileDiffText } from '../git/diff';
import { codeCommentLines, cutDiffAroundLine } from '../git/diffCut';
import { GitError } from '../git/run';
import { isObjectId } from '../git/validate';
import { firstCodeCommentAt } from '../store/codeComments';
import type { Database } from '../store/database';
import type { PullRequestRow } from '../store/pullRequests';

/** Where a review comment sits, kept with it (Gitea's createCodeComment). */
export interface CodeCommentAnchor {
  /** the commit that last changed the line (the head for a line of the old side or one git cannot blame) */
  readonly commitSha: string;
  /**
   * the head the comment was made on (`original_commit_id`): Gitea 1.14 leaves it empty; we keep it so a
   * client can show an outdated comment on the diff it was made on (later Gitea keeps that commit too)
   */
  readonly originalCommitId: string;
  /** the file headers and the hunk ending at the line (`diff_hunk`); '' when the diff has no such line */
  readonly patch: string;
  readonly invalidated: boolean;
}

/** The review a comment joins: its id once it exists, and the commit it is of. */
export interface AnchoringReview {
  readonly id: number | undefined;
  readonly commitId: string;
}

/**
 * What anchoring the comments of one request reads from git, each once: a file's diff, and (for a file with
 * several comments) its whole blame rather than one `blame -L` per line.
 */
export class AnchorReads {
  private readonly diffs = new Map<string, Promise<string>>();
  private readonly blames = new Map<string, Promise<Map<number, string> | undefined>>();
  private readonly commentsPerPath = new Map<string, number>();

  constructor(
    readonly gitDir: string,
    paths: readonly string[],
  ) {
    for (const path of paths) this.commentsPerPath.set(path, (this.commentsPerPath.get(path) ?? 0) + 1);
  }

  /** The file's diff from `from` to `to`; '' for a path git refuses (one outside the repository). */
  diff(from: string, to: string, path: string): Promise<string> {
    const key = `${from}..${to}\0${path}`;
    let diff = this.diffs.get(key);
    if (diff === undefined) {
      diff = fileDiffText(this.gitDir, from, to, path).catch((error: unknown) => {
        if (error instanceof GitError) return '';
        throw error;
      });
      this.diffs.set(key, diff);
    }
    return diff;
  }

  /** The commit that last changed the line at `rev`; undefined when the line is not there. */
  async blame(rev: string, path: string, line: number): Promise<string | undefined> {
    if ((this.commentsPerPath.get(path) ?? 0) < 2) {
      return (await blameLines(this.gitDir, rev, path, { from: line, to: line }))?.get(line);
    }
    const key = `${rev}\0${path}`;
    let blame = this.blames.get(key);
    if (blame === undefined) {
      blame = blameLines(this.gitDir, rev, path);
      this.blames.set(key, blame);
    }
    return (await blame)?.get(line);
  }
}

/** Blames the line at the first of `revs` git can read. */
async function blameLine(
  reads: AnchorReads,
  revs: readonly string[],
  path: string,
  line: number,
): Promise<string | undefined> {
  for (const rev of revs.filter(isObjectId)) {
    try {
      return await reads.blame(rev, path, line);
    } catch (error) {
      // A commit_id the client made up (or one gone from the repository) leaves the head to blame.
      if (!(error instanceof GitError)) throw error;
    }
  }
  return undefined;
}

/**
 * Anchors a code comment on `line` of `path` (negative: a line of the old side): a later comment on the same
 * line of the same review shares the first one's anchor; otherwise the line is blamed at the review's commit
 * (else the head), and the patch is cut from the diff of merge base and head around the line. A path or line
 * outside the diff is no error: the comment then has no patch, as in Gitea.
 */
export async function anchorCodeComment(
  db: Database,
  reads: AnchorReads,
  pull: PullRequestRow,
  review: AnchoringReview,
  path: string,
  line: number,
): Promise<CodeCommentAnchor> {
  let commitSha = '';
  let patch = '';
  let invalidated = false;
  if (line > 0) {
    const first = review.id === undefined ? undefined : firstCodeCommentAt(db, review.id, path, line);
    if (first) {
      commitSha = first.commit_sha ?? '';
      patch = first.patch ?? '';
      invalidated = first.invalidated;
    } else {
      commitSha = (await blameLine(reads, [review.commitId, pull.head_commit_id], path, line)) ?? '';
    }
  }
  if (patch === '') {
    if (commitSha === '') commitSha = pull.head_commit_id;
    if (isObjectId(pull.merge_base) && isObjectId(pull.head_commit_id)) {
      const diff = await reads.diff(pull.merge_base, pull.head_commit_id, path);
      patch = cutDiffAroundLine(diff, Math.abs(line), line < 0, codeCommentLines);
    }
  }
  return { commitSha, originalCommitId: pull.head_commit_id, patch, invalidated };
}
