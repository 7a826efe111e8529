import { invalid } from '../../domain/errors';
import {
  insertImportedComment,
  insertImportedIssue,
  insertImportedReaction,
  type ImportedReaction,
} from '../../store/trackerImport';
import type { ImportTarget, SourceRepository } from './area';
import { mapLimited } from '../../domain/mapLimited';
import {
  numberFromUrl,
  unixOf,
  type SourceComment,
  type SourceIssue,
  type SourceReaction,
} from './sourceTypes';

/** Requests in flight at once for per-issue and per-comment lists. */
export const sourceConcurrency = 8;

/** An issue or pull request as a discussion: its issue fields, its comments, and reactions to each. */
export interface Discussion {
  readonly number: number;
  readonly issue: SourceIssue;
  readonly reactions: readonly SourceReaction[];
  readonly comments: readonly {
    readonly comment: SourceComment;
    readonly reactions: readonly SourceReaction[];
  }[];
}

/** The issue numbers, checked: positive integers, each once. */
function numbered(issues: readonly SourceIssue[]): Map<number, SourceIssue> {
  const byNumber = new Map<number, SourceIssue>();
  for (const issue of issues) {
    const number = issue.number;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
      throw invalid('Migration failed: the source listed an issue without a valid number.');
    }
    if (byNumber.has(number)) throw invalid(`Migration failed: the source listed issue #${number} twice.`);
    byNumber.set(number, issue);
  }
  return byNumber;
}

/**
 * Reads the comments (one repository-wide list, shared by issues and pull requests) and the reactions of
 * each issue and comment: only requests Gitea 1.14 answers (`/issues/comments`, `/issues/{n}/reactions`,
 * `/issues/comments/{id}/reactions`).
 */
export async function loadDiscussions(
  source: SourceRepository,
  issues: readonly SourceIssue[],
): Promise<Discussion[]> {
  const byNumber = numbered(issues);
  const allComments = await source.sharedList<SourceComment>('/issues/comments');
  const commentsOf = new Map<number, SourceComment[]>();
  for (const comment of allComments) {
    const number = numberFromUrl(comment.issue_url || comment.pull_request_url);
    if (number === undefined || !byNumber.has(number) || typeof comment.id !== 'number') continue;
    let list = commentsOf.get(number);
    if (!list) commentsOf.set(number, (list = []));
    list.push(comment);
  }
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  const issueReactions = await mapLimited(numbers, sourceConcurrency, (number) =>
    source.api.list<SourceReaction>(source.path(`/issues/${number}/reactions`)),
  );
  const comments = numbers.flatMap((number) => (commentsOf.get(number) ?? []).sort((a, b) => a.id! - b.id!));
  const commentReactions = await mapLimited(comments, sourceConcurrency, (comment) =>
    source.api.getList<SourceReaction>(source.path(`/issues/comments/${comment.id}/reactions`)),
  );
  const reactionsOfComment = new Map(comments.map((comment, i) => [comment, commentReactions[i]!]));
  return numbers.map((number, i) => ({
    number,
    issue: byNumber.get(number)!,
    reactions: issueReactions[i]!,
    comments: (commentsOf.get(number) ?? []).map((comment) => ({
      comment,
      reactions: reactionsOfComment.get(comment) ?? [],
    })),
  }));
}

function writeReactions(
  target: ImportTarget,
  issueId: number,
  commentId: number | null,
  reactions: readonly SourceReaction[],
): void {
  for (const reaction of reactions) {
    const author = target.authors.ofUser(reaction.user);
    // The source's Ghost (a deleted account) reacts no more: Gitea deletes a deleted user's reactions.
    if (author.userId < 0 || !reaction.content) continue;
    const row: ImportedReaction = { content: reaction.content, author, created: unixOf(reaction.created_at) };
    insertImportedReaction(target.db, issueId, commentId, row);
  }
}

/** Writes an issue (or a pull request's issue half), its comments and reactions; answers the issue id. */
export function writeDiscussion(target: ImportTarget, discussion: Discussion, isPull: boolean): number {
  const { issue } = discussion;
  const created = unixOf(issue.created_at);
  const isClosed = issue.state === 'closed';
  const milestoneTitle = issue.milestone?.title;
  const issueId = insertImportedIssue(target.db, target.repoId, {
    number: discussion.number,
    author: target.authors.of(issue),
    title: issue.title ?? '',
    body: issue.body ?? '',
    ref: issue.ref ?? '',
    milestoneId: milestoneTitle === undefined ? null : (target.milestoneIds.get(milestoneTitle) ?? null),
    isClosed,
    isPull,
    isLocked: issue.is_locked ?? false,
    deadlineUnix: unixOf(issue.due_date),
    created,
    updated: unixOf(issue.updated_at) || created,
    closedUnix: isClosed ? unixOf(issue.closed_at) : 0,
    labelIds: (issue.labels ?? []).flatMap((label) => {
      const id = target.labelIds.get(label.name ?? '');
      return id === undefined ? [] : [id];
    }),
    assigneeIds: (issue.assignees ?? []).flatMap((user) => {
      const id = target.authors.localId(user);
      return id === undefined ? [] : [id];
    }),
  });
  target.issueIds.set(discussion.number, issueId);
  writeReactions(target, issueId, null, discussion.reactions);
  for (const { comment, reactions } of discussion.comments) {
    const commentCreated = unixOf(comment.created_at);
    const commentId = insertImportedComment(target.db, issueId, {
      author: target.authors.of(comment),
      body: comment.body ?? '',
      created: commentCreated,
      updated: unixOf(comment.updated_at) || commentCreated,
    });
    writeReactions(target, issueId, commentId, reactions);
  }
  return issueId;
}
