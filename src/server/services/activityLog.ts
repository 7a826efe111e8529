import type { Database } from '../store/database';
import { findCommentById } from '../store/comments';
import { findIssueByNumber } from '../store/issues';
import { insertActionCopies, type NewAction } from '../store/actions';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findUserById, userType } from '../store/users';
import { watchersOf } from '../store/watches';
import type { EventBus, RepositoryEvent } from './events';
import { atLeast, repoAccess, type RepoUnit } from './permissions';

/** Gitea's ActionType, by number (op_type in the `action` table), and the names the API gives them. */
export const actionTypeNames = [
  '',
  'create_repo',
  'rename_repo',
  'star_repo',
  'watch_repo',
  'commit_repo',
  'create_issue',
  'create_pull_request',
  'transfer_repo',
  'push_tag',
  'comment_issue',
  'merge_pull_request',
  'close_issue',
  'reopen_issue',
  'close_pull_request',
  'reopen_pull_request',
  'delete_tag',
  'delete_branch',
  'mirror_sync_push',
  'mirror_sync_create',
  'mirror_sync_delete',
  'approve_pull_request',
  'reject_pull_request',
  'comment_pull',
  'publish_release',
  'pull_review_dismissed',
  'pull_request_ready_for_review',
  'auto_merge_pull_request',
] as const;
export type ActionTypeName = Exclude<(typeof actionTypeNames)[number], ''>;

const opType = (name: ActionTypeName): number => actionTypeNames.indexOf(name);

/** What a watcher must be able to read to get the action in their feed (Gitea's notifyWatchers). */
function unitOf(name: ActionTypeName): RepoUnit | undefined {
  if (['commit_repo', 'push_tag', 'delete_tag', 'publish_release', 'delete_branch'].includes(name))
    return 'repo.code';
  if (['create_issue', 'comment_issue', 'close_issue', 'reopen_issue'].includes(name)) return 'repo.issues';
  if (
    [
      'create_pull_request',
      'comment_pull',
      'merge_pull_request',
      'close_pull_request',
      'reopen_pull_request',
      'auto_merge_pull_request',
    ].includes(name)
  )
    return 'repo.pulls';
  return undefined;
}

export interface ActionInput {
  readonly name: ActionTypeName;
  readonly actorId: number;
  readonly repo: RepositoryRow;
  readonly content?: string;
  readonly refName?: string;
  readonly commentId?: number;
}

/**
 * Gitea's NotifyWatchers: the action goes into the actor's feed, the owning organization's, and the feed
 * of each watcher (but the actor) who may read what it is about.
 */
export function recordAction(db: Database, input: ActionInput): void {
  const { repo } = input;
  const action: NewAction = {
    op_type: opType(input.name),
    act_user_id: input.actorId,
    repo_id: repo.id,
    comment_id: input.commentId ?? 0,
    ref_name: input.refName ?? '',
    is_private: repo.is_private,
    content: input.content ?? '',
    created: Math.floor(Date.now() / 1000),
  };
  const feeds = [input.actorId];
  const owner = findUserById(db, repo.owner_id);
  if (owner?.type === userType.organization && owner.id !== input.actorId) feeds.push(owner.id);
  const unit = unitOf(input.name);
  const watchers = watchersOf(db, repo.id);
  for (const watcher of watchers) {
    if (feeds.includes(watcher.id)) continue;
    if (atLeast(repoAccess(db, watcher, repo, unit), 'read')) feeds.push(watcher.id);
  }
  db.transaction(() => insertActionCopies(db, action, feeds));
}

interface PayloadCommit {
  id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
  committer: { name: string; email: string };
}

/** Gitea's PushCommits as JSON, the content of a push's action. */
function pushContent(repo: RepositoryRow, payload: Readonly<Record<string, unknown>>): string {
  const shape = (commit: PayloadCommit) => ({
    Sha1: commit.id,
    Message: commit.message,
    AuthorEmail: commit.author.email,
    AuthorName: commit.author.name,
    CommitterEmail: commit.committer.email,
    CommitterName: commit.committer.name,
    Timestamp: commit.timestamp,
  });
  const commits = (payload['commits'] as PayloadCommit[] | undefined) ?? [];
  const head = payload['head_commit'] as PayloadCommit | null | undefined;
  const before = String(payload['before'] ?? '');
  const after = String(payload['after'] ?? '');
  const zero = /^0+$/;
  return JSON.stringify({
    Commits: commits.map(shape),
    HeadCommit: head ? shape(head) : null,
    CompareURL:
      zero.test(before) || zero.test(after)
        ? ''
        : `${repo.owner_name}/${repo.name}/compare/${before}...${after}`,
    Len: commits.length,
  });
}

interface IssuePart {
  number: number;
  title: string;
}

// Gitea's CreateIssueComment keeps 200 characters of the comment, cut at a near space.
function shortComment(body: string): string {
  const chars = [...body];
  if (chars.length <= 200) return body;
  let cut = chars.slice(0, 199).join('');
  const space = cut.lastIndexOf(' ');
  if (space !== -1 && cut.length - space < 15) cut = cut.slice(0, space);
  return `${cut}…`;
}

/** The actions a webhook event stands for, as Gitea's feed notifier records them. */
function actionsOf(db: Database, event: RepositoryEvent, repo: RepositoryRow): ActionInput[] {
  const payload = event.payload;
  const action = payload['action'];
  const base = { actorId: event.senderId, repo };
  // the subject's rows instead of the payload's issue and comment JSON, which then need not be shaped
  const issueOf = (key: string): IssuePart =>
    (event.subject && findIssueByNumber(db, repo.id, event.subject.number)) ?? (payload[key] as IssuePart);
  const commentOf = (): { id: number; body: string } => {
    const row =
      event.subject?.commentId !== undefined ? findCommentById(db, event.subject.commentId) : undefined;
    return row ? { id: row.id, body: row.content } : (payload['comment'] as { id: number; body: string });
  };
  switch (event.event) {
    case 'repository': {
      // forks are recorded by their fork event; migrations record nothing in Gitea
      if (action !== 'created' || repo.is_fork || repo.original_url !== '') return [];
      return [{ ...base, name: 'create_repo' }];
    }
    case 'fork': {
      const forkId = (payload['repository'] as { id?: unknown } | undefined)?.id;
      const fork = typeof forkId === 'number' ? findRepositoryById(db, forkId) : undefined;
      return fork ? [{ ...base, repo: fork, name: 'create_repo' }] : [];
    }
    case 'issues':
    case 'pull_request': {
      const isPull = event.event === 'pull_request';
      // the pull request's JSON is shaped only for a close, to tell a merge
      const merged =
        isPull && action === 'closed' && (payload['pull_request'] as { merged?: boolean }).merged === true;
      const names: Partial<Record<string, ActionTypeName>> = isPull
        ? {
            opened: 'create_pull_request',
            closed: merged ? 'merge_pull_request' : 'close_pull_request',
            reopened: 'reopen_pull_request',
          }
        : { opened: 'create_issue', closed: 'close_issue', reopened: 'reopen_issue' };
      const name = names[String(action)];
      if (!name) return [];
      const issue = issueOf(isPull ? 'pull_request' : 'issue');
      const withTitle =
        name === 'create_issue' || name === 'create_pull_request' || name === 'merge_pull_request';
      return [{ ...base, name, content: `${issue.number}|${withTitle ? issue.title : ''}` }];
    }
    case 'issue_comment':
    case 'pull_request_comment': {
      if (action !== 'created') return [];
      const issue = issueOf('issue');
      const comment = commentOf();
      const isPull = event.event === 'pull_request_comment' || payload['is_pull'] === true;
      return [
        {
          ...base,
          name: isPull ? 'comment_pull' : 'comment_issue',
          content: `${issue.number}|${shortComment(comment.body)}`,
          commentId: comment.id,
        },
      ];
    }
    case 'pull_request_review_approved':
    case 'pull_request_review_rejected':
    case 'pull_request_review_comment': {
      const pull = issueOf('pull_request');
      const body = (payload['review'] as { content?: string } | undefined)?.content ?? '';
      if (event.event === 'pull_request_review_comment' && body.trim() === '') return [];
      const name: ActionTypeName =
        event.event === 'pull_request_review_approved'
          ? 'approve_pull_request'
          : event.event === 'pull_request_review_rejected'
            ? 'reject_pull_request'
            : 'comment_pull';
      return [{ ...base, name, content: `${pull.number}|${body.split('\n')[0]}` }];
    }
    case 'release': {
      const release = payload['release'] as { tag_name: string; name: string; draft?: boolean };
      if (action !== 'published' || release.draft) return [];
      return [
        { ...base, name: 'publish_release', content: release.name, refName: `refs/tags/${release.tag_name}` },
      ];
    }
    case 'push': {
      const ref = String(payload['ref']);
      const deleted = /^0+$/.test(String(payload['after'] ?? ''));
      const isTag = ref.startsWith('refs/tags/');
      // a deleted branch is recorded by its delete event
      if (deleted && !isTag) return [];
      const name: ActionTypeName = isTag ? (deleted ? 'delete_tag' : 'push_tag') : 'commit_repo';
      return [{ ...base, name, content: pushContent(repo, payload), refName: ref }];
    }
    case 'create':
    case 'delete': {
      // tags are recorded by their push (Gitea's CreateRef and DeleteRef skip them)
      if (payload['ref_type'] !== 'branch') return [];
      const refName = `refs/heads/${String(payload['ref'])}`;
      return [{ ...base, name: event.event === 'create' ? 'commit_repo' : 'delete_branch', refName }];
    }
    default:
      return [];
  }
}

/** Records the feed actions of every repository event; returns the unsubscribe function. */
export function subscribeActivityLog(events: EventBus, db: Database): () => void {
  return events.subscribe((event) => {
    const repo = event.rows?.repo ?? findRepositoryById(db, event.repoId);
    if (!repo) return;
    for (const input of actionsOf(db, event, repo)) recordAction(db, input);
  });
}
