import type { StopWatch, TrackedTime } from '../../api/types';
import { issuesByIds } from '../store/issues';
import { usersByIds } from '../store/issuesUsers';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import type { StopwatchRow } from '../store/stopwatches';
import type { TrackedTimeRow } from '../store/trackedTimes';
import { toIssues, type IssueJson } from './issue';
import { isoTime } from './time';
import type { ViewContext } from './viewContext';

/** Gitea's `TrackedTime` with this server's `Issue` shape. */
export type TrackedTimeJson = Omit<TrackedTime, 'issue'> & { issue: IssueJson | null };

/**
 * Shapes tracked times as Gitea's ToTrackedTimeList: each with its issue and the tracker's name (a deleted
 * user's time shows as Ghost's). Issues and users are loaded once for the list.
 */
export function toTrackedTimes(
  view: ViewContext,
  rows: readonly TrackedTimeRow[],
  repo?: RepositoryRow,
): TrackedTimeJson[] {
  if (rows.length === 0) return [];
  const issueRows = issuesByIds(view.db, [...new Set(rows.map((r) => r.issue_id))]);
  const issues = new Map(toIssues(view, issueRows, repo).map((json, i) => [issueRows[i]!.id, json]));
  const users = usersByIds(
    view.db,
    rows.map((r) => r.user_id),
  );
  return rows.map((row) => ({
    id: row.id,
    created: isoTime(row.created),
    time: row.time,
    user_id: row.user_id,
    user_name: users.get(row.user_id)?.name ?? 'Ghost',
    issue_id: row.issue_id,
    issue: issues.get(row.issue_id) ?? null,
  }));
}

export const toTrackedTime = (
  view: ViewContext,
  row: TrackedTimeRow,
  repo?: RepositoryRow,
): TrackedTimeJson => toTrackedTimes(view, [row], repo)[0]!;

/**
 * Gitea's SecToHours: whole hours and minutes ("1 hour 5 minutes"), or seconds under a minute, for
 * timesheets where a day is not 24 hours.
 */
export function secondsToHours(seconds: number): string {
  const part = (value: number, unit: string): string[] =>
    value === 1 ? [`1 ${unit}`] : value > 1 ? [`${value} ${unit}s`] : [];
  const words = [
    ...part(Math.floor(seconds / 3600), 'hour'),
    ...part(Math.floor(seconds / 60) % 60, 'minute'),
  ];
  if (words.length === 0 && seconds > 0) words.push(...part(seconds, 'second'));
  return words.join(' ');
}

/** Gitea's `StopWatch`: how long it has run (at `now`, unix seconds), with its issue and repository. */
export function toStopWatches(view: ViewContext, rows: readonly StopwatchRow[], now: number): StopWatch[] {
  const issues = new Map(
    issuesByIds(
      view.db,
      rows.map((r) => r.issue_id),
    ).map((i) => [i.id, i]),
  );
  const repos = new Map<number, RepositoryRow | undefined>();
  const repoOf = (id: number): RepositoryRow | undefined => {
    if (!repos.has(id)) repos.set(id, findRepositoryById(view.db, id));
    return repos.get(id);
  };
  return rows.flatMap((row) => {
    const issue = issues.get(row.issue_id);
    const repo = issue ? repoOf(issue.repo_id) : undefined;
    if (!issue || !repo) return [];
    const seconds = Math.max(0, now - row.created);
    return [
      {
        created: isoTime(row.created),
        seconds,
        duration: secondsToHours(seconds),
        issue_index: issue.number,
        issue_title: issue.title,
        repo_owner_name: repo.owner_name,
        repo_name: repo.name,
      },
    ];
  });
}
