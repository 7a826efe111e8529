import type { Paging } from '../domain/paging';
import { nowSeconds, type Database } from './database';

/** A row of `reaction`: on an issue when comment_id is null, else on that comment. */
export interface ReactionRow {
  id: number;
  type: string;
  issue_id: number;
  comment_id: number | null;
  /** NULL for a migrated reaction whose author has no account here (then `original_author` names them). */
  user_id: number | null;
  original_author: string;
  original_author_id: number;
  created: number;
}

/** Where a reaction sits: an issue, or one of its comments. */
export interface ReactionTarget {
  issueId: number;
  commentId: number | null;
}

export function findReaction(
  db: Database,
  target: ReactionTarget,
  userId: number,
  type: string,
): ReactionRow | undefined {
  return db.get<ReactionRow>(
    `SELECT * FROM reaction
     WHERE issue_id = ? AND coalesce(comment_id, 0) = ? AND user_id = ? AND type = ?`,
    target.issueId,
    target.commentId ?? 0,
    userId,
    type,
  );
}

/** Adds the reaction unless the user already made it; answers the row and whether it is new. */
export function insertReaction(
  db: Database,
  target: ReactionTarget,
  userId: number,
  type: string,
): { reaction: ReactionRow; created: boolean } {
  return db.transaction(() => {
    const existing = findReaction(db, target, userId, type);
    if (existing) return { reaction: existing, created: false };
    const { lastInsertRowid } = db.run(
      'INSERT INTO reaction (type, issue_id, comment_id, user_id, created) VALUES (?, ?, ?, ?, ?)',
      type,
      target.issueId,
      target.commentId,
      userId,
      nowSeconds(),
    );
    return {
      reaction: db.get<ReactionRow>('SELECT * FROM reaction WHERE id = ?', lastInsertRowid)!,
      created: true,
    };
  });
}

/** Removes the user's reaction of this kind, if any. */
export function deleteReaction(db: Database, target: ReactionTarget, userId: number, type: string): void {
  db.run(
    'DELETE FROM reaction WHERE issue_id = ? AND coalesce(comment_id, 0) = ? AND user_id = ? AND type = ?',
    target.issueId,
    target.commentId ?? 0,
    userId,
    type,
  );
}

/** A page of the reactions on an issue itself (not its comments), oldest first, and how many there are. */
export function listIssueReactions(
  db: Database,
  issueId: number,
  paging: Paging,
): { rows: ReactionRow[]; total: number } {
  const rows = db.all<ReactionRow>(
    'SELECT * FROM reaction WHERE issue_id = ? AND comment_id IS NULL ORDER BY id LIMIT ? OFFSET ?',
    issueId,
    paging.limit,
    paging.offset,
  );
  const total =
    db.get<{ n: number }>(
      'SELECT count(*) AS n FROM reaction WHERE issue_id = ? AND comment_id IS NULL',
      issueId,
    )?.n ?? 0;
  return { rows, total };
}

/** Every reaction on a comment, oldest first (Gitea does not page these). */
export function listCommentReactions(db: Database, commentId: number): ReactionRow[] {
  return db.all<ReactionRow>('SELECT * FROM reaction WHERE comment_id = ? ORDER BY id', commentId);
}
