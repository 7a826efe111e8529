import { forbidden, invalid } from '../domain/errors';
import { findCommentById } from '../store/comments';
import type { Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import { deleteReaction, insertReaction, type ReactionRow, type ReactionTarget } from '../store/reactions';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { canWriteIssues } from './issues';
import { assertNotBlockedBy } from './permissions';

/** Gitea's default `[ui] REACTIONS`: the only reactions it accepts. */
export const allowedReactions = [
  '+1',
  '-1',
  'laugh',
  'hooray',
  'confused',
  'heart',
  'rocket',
  'eyes',
] as const;

/** The reaction named by an EditReactionOption's `content`; 422 for anything Gitea would not accept. */
export function reactionContent(content: string): string {
  if (!(allowedReactions as readonly string[]).includes(content)) {
    throw invalid(`'${content}' is not an allowed reaction (allowed: ${allowedReactions.join(', ')})`);
  }
  return content;
}

/** On a locked issue only writers may react, as Gitea's changeIssueReaction. */
function assertMayReact(db: Database, doer: UserRow, repo: RepositoryRow, issue: IssueRow): void {
  if (issue.is_locked && !canWriteIssues(db, { doer }, repo, issue.is_pull)) {
    throw forbidden('no permission to change reaction');
  }
}

/** Adds the doer's reaction; an existing one is answered as it is (`created` false). */
export function addReaction(
  db: Database,
  doer: UserRow,
  repo: RepositoryRow,
  issue: IssueRow,
  commentId: number | null,
  content: string,
): { reaction: ReactionRow; created: boolean } {
  assertMayReact(db, doer, repo, issue);
  // Gitea's CreateIssueReaction and CreateCommentReaction: not for a doer the issue's poster, the
  // repository's owner or the comment's poster blocks
  const commentPoster = commentId === null ? undefined : findCommentById(db, commentId)?.poster_id;
  assertNotBlockedBy(db, doer, [issue.poster_id, repo.owner_id, ...(commentPoster ? [commentPoster] : [])]);
  const target: ReactionTarget = { issueId: issue.id, commentId };
  return insertReaction(db, target, doer.id, reactionContent(content));
}

/** Removes the doer's reaction of that kind; removing one that is not there is not an error (Gitea). */
export function removeReaction(
  db: Database,
  doer: UserRow,
  repo: RepositoryRow,
  issue: IssueRow,
  commentId: number | null,
  content: string,
): void {
  assertMayReact(db, doer, repo, issue);
  deleteReaction(db, { issueId: issue.id, commentId }, doer.id, reactionContent(content));
}
