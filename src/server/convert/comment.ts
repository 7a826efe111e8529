import type { Comment } from '../../api/types';
import { attachmentsOfComments } from '../store/attachments';
import type { CommentRow } from '../store/comments';
import { issuesByIds, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { toAttachment } from './attachment';
import { userShaper } from './issue';
import { issueHtmlUrl } from './issueUrls';
import { isoTime } from './time';
import { usersWithCaller, type UserJson } from './user';
import type { ViewContext } from './viewContext';

/** Gitea's `Comment` with this server's `User` shape. */
export type CommentJson = Omit<Comment, 'user'> & { user: UserJson };

/**
 * Shapes comments of one repository as Gitea's ToAPIComment: `issue_url` is the issue's page for an issue
 * and empty for a pull request, `pull_request_url` the reverse; `html_url` points at the comment's anchor.
 * Posters and issues are loaded once for the list.
 */
export function toComments(
  view: ViewContext,
  repo: RepositoryRow,
  comments: readonly CommentRow[],
  knownIssues: readonly IssueRow[] = [],
): CommentJson[] {
  if (comments.length === 0) return [];
  const issues = new Map(knownIssues.map((i) => [i.id, i]));
  const missing = [...new Set(comments.map((c) => c.issue_id))].filter((id) => !issues.has(id));
  for (const issue of issuesByIds(view.db, missing)) issues.set(issue.id, issue);
  const user = userShaper(
    view,
    usersWithCaller(
      view,
      comments.map((c) => c.poster_id),
    ),
  );
  const attachments = attachmentsOfComments(
    view.db,
    comments.map((c) => c.id),
  );
  return comments.map((comment) => {
    const issue = issues.get(comment.issue_id)!;
    const issuePage = issueHtmlUrl(view, repo, issue);
    return {
      id: comment.id,
      html_url: `${issuePage}#issuecomment-${comment.id}`,
      pull_request_url: issue.is_pull ? issuePage : '',
      issue_url: issue.is_pull ? '' : issuePage,
      user: user(comment.poster_id),
      original_author: comment.original_author,
      original_author_id: comment.original_author_id,
      body: comment.content,
      assets: (attachments.get(comment.id) ?? []).map((attachment) => toAttachment(view, attachment)),
      created_at: isoTime(comment.created),
      updated_at: isoTime(comment.updated),
    };
  });
}

export function toComment(
  view: ViewContext,
  repo: RepositoryRow,
  comment: CommentRow,
  issue?: IssueRow,
): CommentJson {
  return toComments(view, repo, [comment], issue ? [issue] : [])[0]!;
}
