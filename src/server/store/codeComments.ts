import { commentType, type CommentRow } from './comments';
import type { Database } from './database';

/** Review comments on lines of code (comment type 21): their anchors and whether a push outdated them. */

/** The review's first code comment on this line of this file (a later one shares its anchor, as in Gitea). */
export function firstCodeCommentAt(
  db: Database,
  reviewId: number,
  path: string,
  line: number,
): CommentRow | undefined {
  return db.get<CommentRow>(
    'SELECT * FROM comment WHERE review_id = ? AND type = ? AND tree_path = ? AND line = ? ORDER BY id LIMIT 1',
    reviewId,
    commentType.code,
    path,
    line,
  );
}

/** The pull request's code comments that no push has outdated yet. */
export function currentCodeComments(db: Database, issueId: number): CommentRow[] {
  return db.all<CommentRow>(
    'SELECT * FROM comment WHERE issue_id = ? AND type = ? AND invalidated = 0 ORDER BY id',
    issueId,
    commentType.code,
  );
}

/** Marks code comments outdated (Gitea's `invalidated`); they stay, on the lines they were made on. */
export function markCodeCommentsInvalidated(db: Database, ids: readonly number[]): void {
  if (ids.length === 0) return;
  db.run(
    'UPDATE comment SET invalidated = 1 WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
}
