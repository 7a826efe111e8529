import type { NotificationSubject, NotificationThread } from '../../api/types';
import { issuesByIds } from '../store/issues';
import {
  latestCommentIds,
  notificationSource,
  notificationStatus,
  type NotificationRow,
} from '../store/notifications';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { toIssues, type IssueJson } from './issue';
import { issueHtmlUrl } from './issueUrls';
import { repositoryApiUrl, toRepository, type RepositoryJson } from './repository';
import { isoTime } from './time';
import { siteUrl, type ViewContext } from './viewContext';

/** Gitea's `NotificationThread`; its repository carries no `permissions`, as Gitea leaves them out. */
export type NotificationThreadJson = Omit<NotificationThread, 'repository'> & {
  repository: Omit<RepositoryJson, 'permissions'>;
};

/** The API URL of a thread (Gitea's Notification.APIURL). */
export const notificationThreadUrl = (view: Pick<ViewContext, 'rootUrl'>, id: number): string =>
  siteUrl(view, `api/v1/notifications/threads/${id}`);

function subjectOf(
  view: ViewContext,
  row: NotificationRow,
  repo: RepositoryRow,
  issue: IssueJson,
  isPull: boolean,
  latestComment: number | undefined,
): NotificationSubject {
  const htmlUrl = issueHtmlUrl(view, repo, { number: issue.number, is_pull: isPull });
  return {
    title: issue.title,
    url: issue.url,
    html_url: htmlUrl,
    latest_comment_url:
      latestComment === undefined ? '' : `${repositoryApiUrl(view, repo)}/issues/comments/${latestComment}`,
    latest_comment_html_url: latestComment === undefined ? '' : `${htmlUrl}#issuecomment-${latestComment}`,
    type: row.source === notificationSource.pullRequest ? 'Pull' : 'Issue',
    state: issue.pull_request?.merged ? 'merged' : issue.state === 'closed' ? 'closed' : 'open',
  };
}

/** The repository as a thread shows it: shaped with read access, without the (then meaningless) permissions. */
function threadRepository(view: ViewContext, row: RepositoryRow): NotificationThreadJson['repository'] {
  const { permissions: _dropped, ...json } = toRepository(view, row, 'read');
  return json;
}

/**
 * Shapes threads as Gitea's ToNotificationThread: `unread` unless read or pinned; the subject's state is
 * `merged` for a merged pull request; the latest comment is the issue's newest plain comment.
 */
export function toNotificationThreads(
  view: ViewContext,
  rows: readonly NotificationRow[],
): NotificationThreadJson[] {
  if (rows.length === 0) return [];
  const issueRows = issuesByIds(
    view.db,
    rows.map((r) => r.issue_id),
  );
  const issueJson = toIssues(view, issueRows);
  const issues = new Map(issueRows.map((row, i) => [row.id, { row, json: issueJson[i]! }]));
  const latest = latestCommentIds(
    view.db,
    issueRows.map((r) => r.id),
  );
  const repos = new Map<
    number,
    { row: RepositoryRow; json: NotificationThreadJson['repository'] } | undefined
  >();
  const repoOf = (id: number) => {
    if (!repos.has(id)) {
      const row = findRepositoryById(view.db, id);
      repos.set(id, row && { row, json: threadRepository(view, row) });
    }
    return repos.get(id);
  };
  return rows.flatMap((row) => {
    const issue = issues.get(row.issue_id);
    const repo = repoOf(row.repo_id);
    if (!issue || !repo) return [];
    return [
      {
        id: row.id,
        repository: repo.json,
        subject: subjectOf(view, row, repo.row, issue.json, issue.row.is_pull, latest.get(row.issue_id)),
        unread: row.status === notificationStatus.unread,
        pinned: row.status === notificationStatus.pinned,
        updated_at: isoTime(row.updated),
        url: notificationThreadUrl(view, row.id),
      },
    ];
  });
}

export const toNotificationThread = (view: ViewContext, row: NotificationRow): NotificationThreadJson =>
  toNotificationThreads(view, [row])[0]!;
