import { blameLines } from '../git/blame';
import type { CatFileReader } from '../git/catFile';
import { GitError } from '../git/run';
import { isObjectId } from '../git/validate';
import { currentCodeComments, markCodeCommentsInvalidated } from '../store/codeComments';
import type { CommentRow } from '../store/comments';
import type { Database } from '../store/database';

/** The text a code comment's patch ends with: the commented line, without its diff sign. */
const commentedText = (patch: string | null): string | undefined => {
  const last = (patch ?? '').split('\n').pop() ?? '';
  return last.startsWith('@@') || last === '' ? undefined : last.slice(1);
};

/** Line `line` of `path` at `rev`; undefined when the file or the line is not there. */
async function lineAt(
  reader: CatFileReader,
  rev: string,
  path: string,
  line: number,
): Promise<string | undefined> {
  if (path.includes('\n')) return undefined;
  const blob = await reader.read(`${rev}:${path}`);
  if (blob?.type !== 'blob') return undefined;
  return blob.content.toString('utf8').split('\n')[line - 1];
}

/** New side, as Gitea's checkInvalidation: outdated when the line is gone or another commit last changed it. */
async function outdatedOnNewSide(
  gitDir: string,
  head: string,
  path: string,
  comments: readonly CommentRow[],
): Promise<CommentRow[]> {
  const blame = await blameLines(gitDir, head, path).catch((error: unknown) => {
    // A path git cannot blame at all (not a file) says nothing about the line: the comment stays.
    if (error instanceof GitError) return 'unknown' as const;
    throw error;
  });
  if (blame === 'unknown') return [];
  return comments.filter((c) => {
    const commit = blame?.get(c.line ?? 0);
    return commit === undefined || (!!c.commit_sha && c.commit_sha !== commit);
  });
}

/**
 * Old side: the line lives in the merge base, so it is outdated when the merge base no longer has that text
 * there. (Gitea blames the old line number in the new head — a FIXME of theirs that outdates nearly every
 * old-side comment on any push.) Without a patch there is nothing to compare, and the comment stays.
 */
async function outdatedOnOldSide(
  reader: CatFileReader,
  mergeBase: string,
  path: string,
  comments: readonly CommentRow[],
): Promise<CommentRow[]> {
  const outdated: CommentRow[] = [];
  for (const comment of comments) {
    const expected = commentedText(comment.patch);
    if (expected === undefined) continue;
    if ((await lineAt(reader, mergeBase, path, -(comment.line ?? 0))) !== expected) outdated.push(comment);
  }
  return outdated;
}

/**
 * After the head of a pull request moved (Gitea's InvalidateCodeComments on a push): marks outdated the code
 * comments whose line the new head (or merge base, for the old side) changed. They keep their anchor.
 */
export async function invalidateCodeComments(
  db: Database,
  gitDir: string,
  reader: CatFileReader,
  issueId: number,
  pull: { head: string; mergeBase: string },
): Promise<void> {
  if (!isObjectId(pull.head)) return;
  const byPath = new Map<string, CommentRow[]>();
  for (const comment of currentCodeComments(db, issueId)) {
    const path = comment.tree_path ?? '';
    if (path !== '' && comment.line) byPath.set(path, [...(byPath.get(path) ?? []), comment]);
  }
  const outdated: CommentRow[] = [];
  for (const [path, comments] of byPath) {
    const newSide = comments.filter((c) => (c.line ?? 0) > 0);
    const oldSide = comments.filter((c) => (c.line ?? 0) < 0);
    if (newSide.length > 0) outdated.push(...(await outdatedOnNewSide(gitDir, pull.head, path, newSide)));
    if (oldSide.length > 0 && isObjectId(pull.mergeBase)) {
      outdated.push(...(await outdatedOnOldSide(reader, pull.mergeBase, path, oldSide)));
    }
  }
  markCodeCommentsInvalidated(
    db,
    outdated.map((c) => c.id),
  );
}
