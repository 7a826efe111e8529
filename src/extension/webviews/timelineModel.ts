import type { Issue } from '../../api/types/issue';
import type { TimelineComment } from '../../api/types/issueActivity';
import type { TimelineEventModel, TimelineReference } from '../../webview/protocol';

/**
 * Gitea's timeline (`…/issues/{index}/timeline`, Gitea ≥ 1.15) as the views show it: every entry that is not
 * a comment, each with what its type names (a label, a milestone, a reference…). Comments come from the
 * comments API, rendered; code comments belong to review threads. An unknown type is kept, by its name.
 */
export function timelineEvents(entries: readonly TimelineComment[]): TimelineEventModel[] {
  const events: TimelineEventModel[] = [];
  // the server's order places each event among the comments, whatever their timestamps say
  let afterComment: number | undefined;
  for (const entry of entries) {
    if (entry.type === 'comment') afterComment = entry.id;
    else if (!shownElsewhere.has(entry.type))
      events.push({ ...timelineEvent(entry), ...(afterComment !== undefined && { afterComment }) });
  }
  return events;
}

/** Comments are listed from the comments API; code comments in the review threads. */
const shownElsewhere = new Set(['comment', 'code']);

export function timelineEvent(entry: TimelineComment): TimelineEventModel {
  const base = {
    id: entry.id,
    type: entry.type,
    actor: entry.user?.login ?? '',
    createdAt: entry.created_at,
  };
  switch (entry.type) {
    case 'label':
      // Gitea writes "1" in the body of an added label, nothing for a removed one
      return entry.label
        ? {
            ...base,
            label: { name: entry.label.name, color: entry.label.color, removed: entry.body !== '1' },
          }
        : base;
    case 'milestone': {
      const milestone = entry.milestone ?? entry.old_milestone;
      return milestone ? { ...base, milestone: { title: milestone.title, removed: !entry.milestone } } : base;
    }
    case 'assignees':
    case 'review_request': {
      const who = entry.assignee?.login ?? entry.assignee_team?.name;
      return who !== undefined
        ? { ...base, assignee: { login: who, team: !entry.assignee, removed: entry.removed_assignee } }
        : base;
    }
    case 'change_title':
      return { ...base, title: { from: entry.old_title, to: entry.new_title } };
    case 'change_target_branch':
    case 'change_issue_ref':
    case 'delete_branch':
      return { ...base, ref: { from: entry.old_ref, to: entry.new_ref } };
    case 'issue_ref':
    case 'pull_ref':
    case 'comment_ref':
    case 'commit_ref':
      return { ...base, ...reference(entry) };
    case 'add_dependency':
    case 'remove_dependency':
      return entry.dependent_issue ? { ...base, reference: referenceTo(entry.dependent_issue) } : base;
    case 'pull_push':
      return { ...base, push: pushOf(entry.body) };
    case 'merge_pull':
      return { ...base, ...(entry.ref_commit_sha !== '' && { commit: entry.ref_commit_sha }) };
    default:
      // lock reasons, deadlines, times, dismissal messages: Gitea keeps them in the body as plain text
      return entry.body !== '' && !entry.body.startsWith('{') ? { ...base, text: entry.body } : base;
  }
}

export function referenceTo(issue: Issue): TimelineReference {
  return {
    number: issue.number,
    title: issue.title,
    url: issue.html_url,
    state: issue.pull_request?.merged === true ? 'merged' : issue.state,
    isPull: issue.pull_request != null,
    repository: issue.repository?.full_name ?? '',
  };
}

function reference(entry: TimelineComment): Partial<TimelineEventModel> {
  const action = entry.ref_action !== '' && entry.ref_action !== 'none' ? entry.ref_action : undefined;
  return {
    ...(entry.ref_issue && { reference: referenceTo(entry.ref_issue) }),
    ...(entry.ref_comment && { referenceComment: entry.ref_comment.html_url }),
    ...(entry.ref_commit_sha !== '' && { commit: entry.ref_commit_sha }),
    ...(action !== undefined && { refAction: action }),
  };
}

/** A push to a pull request: Gitea stores `{"is_force_push":…,"commit_ids":[…]}` in the body. */
function pushOf(body: string): { readonly commits: number; readonly force: boolean } {
  try {
    const parsed = JSON.parse(body) as { is_force_push?: unknown; commit_ids?: unknown };
    return {
      commits: Array.isArray(parsed.commit_ids) ? parsed.commit_ids.length : 0,
      force: parsed.is_force_push === true,
    };
  } catch {
    return { commits: 0, force: false };
  }
}
