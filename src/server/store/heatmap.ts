import { commentType } from './comments';
import type { Database, SqlValue } from './database';
import { reviewType } from './reviews';

/**
 * The recorded actions Gitea's heatmap counts, read back from the rows they left (the action log of the
 * feeds, services/activityLog.ts, starts only with migration 85, so older contributions would be missing
 * there). Each is one contribution, as one row of Gitea's `action` table:
 * - an issue or pull request opened,
 * - a comment on one, a merge; a close or reopen where the timeline holds one (the API's own closing and
 *   reopening record none today, so they do not count),
 * - a submitted review that approves or requests changes, or comments with a body, and each code comment of
 *   a submitted review,
 * - a release published (drafts are not),
 * - a repository created or forked under the account (workspace folders found on disk and migrations are
 *   not, as Gitea records no action for a migration).
 * Pushes are not counted: the server does not record who pushed when. Imported items (with an
 * `original_author`) are not the importer's actions.
 */

/** Whose heatmap: a user's own actions, or every action in an organization's repositories. */
export type HeatmapSubject = { user: number } | { organization: number };

/** Contributions in one repository within one time bucket. */
export interface HeatmapCell {
  repo_id: number;
  timestamp: number;
  contributions: number;
}

const commentsCounted = [commentType.comment, commentType.reopen, commentType.close, commentType.mergePull];

function actionSources(subject: HeatmapSubject): { sql: string; params: SqlValue[] } {
  const byUser = 'user' in subject;
  const id = byUser ? subject.user : subject.organization;
  const inOrg = (repoColumn: string) => `${repoColumn} IN (SELECT id FROM repository WHERE owner_id = ?)`;
  const actor = (column: string, repoColumn: string) => (byUser ? `${column} = ?` : inOrg(repoColumn));
  const sources = [
    `SELECT issue.repo_id, issue.created FROM issue
     WHERE ${actor('issue.poster_id', 'issue.repo_id')} AND issue.original_author = ''`,
    `SELECT issue.repo_id, comment.created FROM comment JOIN issue ON issue.id = comment.issue_id
     LEFT JOIN review ON review.id = comment.review_id
     WHERE ${actor('comment.poster_id', 'issue.repo_id')} AND comment.original_author = ''
       AND (comment.type IN (${commentsCounted.join(', ')})
         OR (comment.type = ${commentType.code} AND review.type IS NOT NULL AND review.type != ${reviewType.pending})
         OR (comment.type = ${commentType.review} AND (review.type IN (${reviewType.approve}, ${reviewType.reject})
             OR (review.type = ${reviewType.comment} AND trim(comment.content) != ''))))`,
    `SELECT release.repo_id, release.created FROM release
     WHERE ${actor('release.publisher_id', 'release.repo_id')} AND release.is_draft = 0`,
    `SELECT repository.id, repository.created FROM repository
     WHERE repository.owner_id = ? AND repository.git_path IS NULL AND repository.original_url = ''`,
  ];
  return { sql: sources.join('\nUNION ALL\n'), params: sources.map(() => id) };
}

/**
 * The subject's contributions since `since` (unix seconds, exclusive), per repository and per bucket of
 * `bucketSeconds` (each timestamp rounded down to its bucket's start), oldest first.
 */
export function heatmapCells(
  db: Database,
  subject: HeatmapSubject,
  since: number,
  bucketSeconds: number,
): HeatmapCell[] {
  const { sql, params } = actionSources(subject);
  return db.all<HeatmapCell>(
    `SELECT repo_id, (created / CAST(? AS INTEGER)) * CAST(? AS INTEGER) AS timestamp, count(*) AS contributions
     FROM (${sql}) WHERE created > ?
     GROUP BY repo_id, timestamp ORDER BY timestamp, repo_id`,
    bucketSeconds,
    bucketSeconds,
    ...params,
    since,
  );
}
