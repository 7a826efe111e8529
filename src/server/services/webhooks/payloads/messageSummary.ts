import type { HookEventName } from '../../events';

/**
 * What a chat message says about an event, whatever the chat: one headline, a link, some text, a colour
 * (after Gitea's services/webhook/general.go helpers, compact).
 */
export interface MessageSummary {
  readonly repoName: string;
  readonly repoUrl: string;
  /** e.g. `Issue opened: #3 Title` (the sender is added by the formatter). */
  readonly headline: string;
  readonly url: string;
  readonly description: string;
  readonly color: number;
  readonly sender: { readonly login: string; readonly url: string; readonly avatarUrl: string };
  /** Push events: the commits listed. */
  readonly commits: readonly SummaryCommit[];
}

export interface SummaryCommit {
  readonly id: string;
  readonly url: string;
  readonly message: string;
  readonly author: string;
}

// Gitea's webhook colours.
export const colors = {
  green: 0x1ac600,
  greenLight: 0x5dda50,
  orange: 0xeb6420,
  orangeLight: 0xeba620,
  red: 0xc43826,
  yellow: 0xffd930,
  blue: 0x206cc6,
  purple: 0x7289da,
} as const;

interface Account {
  login?: string;
  html_url?: string;
  avatar_url?: string;
}

interface Linked {
  full_name?: string;
  html_url?: string;
}

interface Subject {
  number?: number;
  title?: string;
  html_url?: string;
  body?: string;
}

/** The fields of Gitea's payloads the summaries read (the payloads are built by the services). */
interface PayloadFields {
  action?: string;
  ref?: string;
  ref_type?: string;
  compare_url?: string;
  total_commits?: number;
  commits?: { id?: string; message?: string; url?: string; author?: { name?: string } }[];
  repository?: Linked;
  forkee?: Linked;
  sender?: Account;
  pusher?: Account;
  issue?: Subject;
  pull_request?: Subject;
  comment?: { body?: string; html_url?: string };
  release?: { tag_name?: string; name?: string; html_url?: string; body?: string };
  review?: { type?: string; content?: string } | null;
  is_pull?: boolean;
  /** A wiki event's page (its comment is the commit message, a string: read by wikiComment) */
  page?: string;
}

const wikiComment = (p: PayloadFields): string => {
  const comment: unknown = (p as Record<string, unknown>)['comment'];
  return typeof comment === 'string' ? comment : '';
};

const issueActionWords: Readonly<Record<string, string>> = {
  label_updated: 'labels updated',
  label_cleared: 'labels cleared',
  review_requested: 'review requested',
  review_request_removed: 'review request removed',
};

const firstLine = (text: string): string => text.split('\n')[0] ?? '';
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function issueSummary(
  event: HookEventName,
  p: PayloadFields,
): Pick<MessageSummary, 'headline' | 'url' | 'description' | 'color'> {
  const isPull = event.startsWith('pull_request');
  const subject = (isPull ? p.pull_request : p.issue) ?? {};
  const kind = isPull ? 'Pull request' : 'Issue';
  const action = p.action ?? '';
  const reference = `#${subject.number ?? 0} ${subject.title ?? ''}`;
  if (event.startsWith('pull_request_review_') && event !== 'pull_request_review_request') {
    return {
      headline: `Pull request review ${event.slice('pull_request_review_'.length)}: ${reference}`,
      url: subject.html_url ?? '',
      description: p.review?.content ?? '',
      color: event.endsWith('approved')
        ? colors.green
        : event.endsWith('rejected')
          ? colors.red
          : colors.yellow,
    };
  }
  const color =
    action === 'opened'
      ? isPull
        ? colors.green
        : colors.orange
      : action === 'closed'
        ? colors.red
        : colors.yellow;
  return {
    headline: `${kind} ${issueActionWords[action] ?? action}: ${reference}`,
    url: subject.html_url ?? '',
    description: action === 'opened' ? (subject.body ?? '') : '',
    color,
  };
}

function commentSummary(
  p: PayloadFields,
): Pick<MessageSummary, 'headline' | 'url' | 'description' | 'color'> {
  const kind = p.is_pull ? 'pull request' : 'issue';
  const reference = `#${p.issue?.number ?? 0} ${p.issue?.title ?? ''}`;
  const what =
    p.action === 'edited'
      ? 'Comment edited on'
      : p.action === 'deleted'
        ? 'Comment deleted on'
        : 'New comment on';
  return {
    headline: `${what} ${kind} ${reference}`,
    url: p.comment?.html_url ?? p.issue?.html_url ?? '',
    description: p.action === 'deleted' ? '' : (p.comment?.body ?? ''),
    color: p.is_pull ? colors.greenLight : colors.orangeLight,
  };
}

function eventSummary(
  event: HookEventName,
  p: PayloadFields,
): Pick<MessageSummary, 'headline' | 'url' | 'description' | 'color'> {
  const repoUrl = p.repository?.html_url ?? '';
  switch (event) {
    case 'push': {
      const branch = (p.ref ?? '').replace(/^refs\/(heads|tags)\//, '');
      const total = p.total_commits ?? p.commits?.length ?? 0;
      return {
        headline: `${plural(total, 'new commit')} pushed to ${branch}`,
        url: p.compare_url || repoUrl,
        description: '',
        color: colors.blue,
      };
    }
    case 'create':
      return {
        headline: `${p.ref_type ?? 'branch'} ${p.ref ?? ''} created`,
        url: repoUrl,
        description: '',
        color: colors.green,
      };
    case 'delete':
      return {
        headline: `${p.ref_type ?? 'branch'} ${p.ref ?? ''} deleted`,
        url: repoUrl,
        description: '',
        color: colors.red,
      };
    case 'fork':
      return {
        headline: `${p.forkee?.full_name ?? ''} is forked to ${p.repository?.full_name ?? ''}`,
        url: repoUrl,
        description: '',
        color: colors.green,
      };
    case 'release': {
      const release = p.release ?? {};
      const color =
        p.action === 'deleted' ? colors.red : p.action === 'updated' ? colors.yellow : colors.green;
      const title = release.name && release.name !== release.tag_name ? ` ${release.name}` : '';
      return {
        headline: `Release ${p.action ?? ''}: ${release.tag_name ?? ''}${title}`,
        url: release.html_url ?? repoUrl,
        description: p.action === 'published' ? (release.body ?? '') : '',
        color,
      };
    }
    case 'wiki':
      return {
        headline: `Wiki page '${p.page ?? ''}' ${p.action ?? ''}`,
        url: `${repoUrl}/wiki/${p.page ?? ''}`,
        description: wikiComment(p),
        color: p.action === 'deleted' ? colors.red : p.action === 'edited' ? colors.yellow : colors.green,
      };
    case 'repository':
      return {
        headline: `Repository ${p.action ?? ''}`,
        url: repoUrl,
        description: '',
        color: p.action === 'deleted' ? colors.red : colors.green,
      };
    case 'issue_comment':
    case 'pull_request_comment':
      return commentSummary(p);
    default:
      return issueSummary(event, p);
  }
}

export function summarize(event: HookEventName, payload: Readonly<Record<string, unknown>>): MessageSummary {
  const p = payload as PayloadFields;
  const sender = p.sender ?? p.pusher ?? {};
  // A fork is told from the repository that was forked.
  const repo = event === 'fork' ? (p.forkee ?? {}) : (p.repository ?? {});
  return {
    repoName: repo.full_name ?? '',
    repoUrl: repo.html_url ?? '',
    ...eventSummary(event, p),
    sender: { login: sender.login ?? '', url: sender.html_url ?? '', avatarUrl: sender.avatar_url ?? '' },
    commits: (event === 'push' ? (p.commits ?? []) : []).map((commit) => ({
      id: commit.id ?? '',
      url: commit.url ?? '',
      message: firstLine(commit.message ?? ''),
      author: commit.author?.name ?? '',
    })),
  };
}
