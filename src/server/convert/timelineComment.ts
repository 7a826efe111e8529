import type { Label, Milestone, TimelineComment } from '../../api/types';
import { commentsByIds, commentType, type CommentRow } from '../store/comments';
import { issuesByIds, type IssueRow } from '../store/issues';
import { findLabelById } from '../store/labels';
import { milestonesByIds } from '../store/milestones';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findTrackedTime } from '../store/trackedTimes';
import { toComments, type CommentJson } from './comment';
import { toIssues, userShaper, type IssueJson } from './issue';
import { issueHtmlUrl } from './issueUrls';
import { toLabel } from './label';
import { toMilestone } from './milestone';
import { teamShaper, type TeamJson } from './team';
import { isoTime } from './time';
import { secondsToHours, toTrackedTime, type TrackedTimeJson } from './trackedTime';
import { usersWithCaller, type UserJson } from './user';
import type { ViewContext } from './viewContext';

/** Gitea's `TimelineComment` with this server's `User`, `Issue`, `Comment`, `Team` and `TrackedTime` shapes. */
export type TimelineCommentJson = Omit<
  TimelineComment,
  | 'user'
  | 'assignee'
  | 'resolve_doer'
  | 'ref_issue'
  | 'dependent_issue'
  | 'ref_comment'
  | 'assignee_team'
  | 'tracked_time'
> & {
  user: UserJson;
  assignee: UserJson | null;
  resolve_doer: UserJson | null;
  ref_issue: IssueJson | null;
  dependent_issue: IssueJson | null;
  ref_comment: CommentJson | null;
  assignee_team: TeamJson | null;
  tracked_time: TrackedTimeJson | null;
};

/** Gitea's CommentType names, by number (models/issues/comment.go commentStrings). */
const typeNames = [
  'comment',
  'reopen',
  'close',
  'issue_ref',
  'commit_ref',
  'comment_ref',
  'pull_ref',
  'label',
  'milestone',
  'assignees',
  'change_title',
  'delete_branch',
  'start_tracking',
  'stop_tracking',
  'add_time_manual',
  'cancel_tracking',
  'added_deadline',
  'modified_deadline',
  'removed_deadline',
  'add_dependency',
  'remove_dependency',
  'code',
  'review',
  'lock',
  'unlock',
  'change_target_branch',
  'delete_time_manual',
  'review_request',
  'merge_pull',
  'pull_push',
  'project',
  'project_board',
  'dismiss_review',
  'change_issue_ref',
  'pull_scheduled_merge',
  'pull_cancel_scheduled_merge',
  'pin',
  'unpin',
  'change_time_estimate',
] as const;

const refActionNames = ['none', 'closes', 'reopens', 'neutered'] as const;

const timeTypes: ReadonlySet<number> = new Set([
  commentType.addTimeManual,
  commentType.stopTracking,
  commentType.deleteTimeManual,
]);

/** Time entries since Gitea 1.21 keep `|<seconds>`; the timeline shows them in Gitea's older words. */
function bodyOf(comment: CommentRow): string {
  const text = comment.content;
  if (timeTypes.has(comment.type) && text.startsWith('|')) return secondsToHours(Number(text.slice(1)) || 0);
  return text;
}

/** Shapes each id once through `shape`, which answers undefined for what is gone. */
function memo<T>(shape: (id: number) => T | undefined): (id: number | null) => T | null {
  const shaped = new Map<number, T | null>();
  return (id) => {
    if (id === null || id <= 0) return null;
    if (!shaped.has(id)) shaped.set(id, shape(id) ?? null);
    return shaped.get(id) ?? null;
  };
}

export interface TimelineShaping {
  /** Whether the viewer may see an issue the timeline names (a dependency, a reference's source). */
  readonly visibleIssue: (issue: IssueRow) => boolean;
}

/**
 * Shapes an issue's timeline entries as Gitea's ToTimelineComment: the milestone, label, assignee (or team),
 * tracked time, dependent issue and reference each entry names, loaded once for the page. What is gone shows
 * as null; an issue the viewer may not see shows as null too (Gitea shows a dependency on any issue).
 */
export function toTimelineComments(
  view: ViewContext,
  repo: RepositoryRow,
  issue: IssueRow,
  comments: readonly CommentRow[],
  shaping: TimelineShaping,
): TimelineCommentJson[] {
  if (comments.length === 0) return [];
  const users = usersWithCaller(view, [
    ...comments.map((c) => c.poster_id),
    ...comments.flatMap((c) => [c.assignee_id ?? 0, c.resolve_doer_id ?? 0]),
  ]);
  const user = userShaper(view, users);
  const knownUser = (id: number | null): UserJson | null => (id !== null && id > 0 ? user(id) : null);
  const milestones = milestonesByIds(
    view.db,
    comments.flatMap((c) => [c.old_milestone_id ?? 0, c.milestone_id ?? 0]).filter((id) => id > 0),
  );
  const milestone = (id: number | null): Milestone | null => {
    const row = id === null ? undefined : milestones.get(id);
    return row ? toMilestone(row) : null;
  };
  const label = memo<Label>((id) => {
    const row = findLabelById(view.db, id);
    return row ? toLabel(view, row) : undefined;
  });
  const team = teamShaper(view);
  const trackedTime = memo<TrackedTimeJson>((id) => {
    const row = findTrackedTime(view.db, id);
    return row ? toTrackedTime(view, row) : undefined;
  });
  const related = relatedIssues(view, comments, shaping);
  const refComments = referencedComments(view, comments);
  const issuePage = issueHtmlUrl(view, repo, issue);
  return comments.map((c) => ({
    id: c.id,
    type: typeNames[c.type] ?? '',
    html_url: `${issuePage}#issuecomment-${c.id}`,
    pull_request_url: issue.is_pull ? issuePage : '',
    issue_url: issue.is_pull ? '' : issuePage,
    user: user(c.poster_id),
    body: bodyOf(c),
    created_at: isoTime(c.created),
    updated_at: isoTime(c.updated),
    old_project_id: 0,
    project_id: 0,
    old_milestone: milestone(c.old_milestone_id),
    milestone: milestone(c.milestone_id),
    tracked_time: trackedTime(c.time_id),
    old_title: c.old_title ?? '',
    new_title: c.new_title ?? '',
    old_ref: c.old_ref ?? '',
    new_ref: c.new_ref ?? '',
    ref_issue: related(c.ref_issue_id),
    ref_comment: c.ref_comment_id === null ? null : (refComments.get(c.ref_comment_id) ?? null),
    ref_action: refActionNames[c.ref_action] ?? 'none',
    // Gitea keeps a commit on commit references and code comments only (a merge entry names none)
    ref_commit_sha:
      c.type === commentType.commitRef || c.type === commentType.code ? (c.commit_sha ?? '') : '',
    review_id: c.review_id ?? 0,
    label: label(c.label_id),
    assignee: knownUser(c.assignee_id),
    assignee_team: c.assignee_team_id === null ? null : team(c.assignee_team_id),
    removed_assignee: c.removed_assignee,
    resolve_doer: knownUser(c.resolve_doer_id),
    dependent_issue: related(c.dependent_issue_id),
  }));
}

/** The issues entries name (references' sources, dependencies), shaped once, hidden unless visible. */
function relatedIssues(
  view: ViewContext,
  comments: readonly CommentRow[],
  shaping: TimelineShaping,
): (id: number | null) => IssueJson | null {
  const ids = [...new Set(comments.flatMap((c) => [c.ref_issue_id ?? 0, c.dependent_issue_id ?? 0]))];
  const rows = issuesByIds(
    view.db,
    ids.filter((id) => id > 0),
  ).filter(shaping.visibleIssue);
  const shaped = new Map(toIssues(view, rows).map((json, i) => [rows[i]!.id, json]));
  return (id) => (id === null ? null : (shaped.get(id) ?? null));
}

/** The comments references were made from, each shaped in its own issue's repository. */
function referencedComments(view: ViewContext, comments: readonly CommentRow[]): Map<number, CommentJson> {
  const rows = commentsByIds(view.db, [
    ...new Set(comments.flatMap((c) => (c.ref_comment_id ? [c.ref_comment_id] : []))),
  ]);
  const issues = new Map(
    issuesByIds(
      view.db,
      rows.map((r) => r.issue_id),
    ).map((i) => [i.id, i]),
  );
  const shaped = new Map<number, CommentJson>();
  for (const row of rows) {
    const owner = issues.get(row.issue_id);
    const repo = owner && findRepositoryById(view.db, owner.repo_id);
    if (!owner || !repo) continue;
    shaped.set(row.id, toComments(view, repo, [row], [owner])[0]!);
  }
  return shaped;
}
