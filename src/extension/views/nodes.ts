import type {
  Branch,
  Issue,
  Label,
  NotificationThread,
  Organization,
  PullRequest,
  Release,
  Repository,
  Team,
  User,
  WikiPageMetaData,
} from '../../api/types';
import type { Account } from '../accounts/account';
import type { ChangedFile, ChangeEntry } from '../review/changeTree';
import type { SavedQuery } from './savedQueries';

/** `owner/repo` on an account's server. */
export interface RepoRef {
  readonly owner: string;
  readonly repo: string;
}

/** An issue or a pull request, from either list (issues with `pull_request`, or pulls). */
export interface IssueSummary {
  readonly number: number;
  readonly title: string;
  readonly state: 'open' | 'closed';
  readonly isPull: boolean;
  readonly merged: boolean;
  readonly draft: boolean;
  readonly labels: readonly Label[];
  readonly author: string;
  readonly assignees: readonly string[];
  readonly milestone: string | undefined;
  readonly comments: number;
  readonly htmlUrl: string;
  readonly updatedAt: string;
  readonly head: string | undefined;
  readonly base: string | undefined;
  /** Pinned to the top of the repository's issues or pull requests (Gitea ≥ 1.22's `pin_order`). */
  readonly pinned: boolean;
  readonly locked: boolean;
}

/** Which query a group of issues or pull requests runs (`reviewRequested`: pull requests only). */
export type IssueGroup = 'assigned' | 'created' | 'mentioned' | 'reviewRequested' | 'all';

/** A pull request as its Changes tree needs it: the two commits its diff is between. */
export interface PullHeads {
  readonly index: number;
  readonly headSha: string;
  readonly mergeBase: string;
}

/** Where a changed file's diff is between: the pull request's merge base ↔ head, or one commit's parent ↔ it. */
export interface ChangeRange {
  readonly base: string;
  readonly head: string;
  /** The commit whose own changes these are; undefined for the whole pull request. */
  readonly commit?: string;
}

/** What the Issues and Pull Requests views list: one repository, or everything an account can see. */
export type IssueScope =
  | { readonly kind: 'repository'; readonly account: Account; readonly ref: RepoRef }
  | { readonly kind: 'account'; readonly account: Account };

export type FolderKind =
  | 'myRepositories'
  | 'starred'
  | 'byOrganization'
  | 'branches'
  | 'openIssues'
  | 'openPulls'
  | 'releases'
  | 'wiki'
  | 'teams'
  | 'members'
  | 'repositories'
  | 'teamMembers'
  | 'teamRepositories';

interface Base {
  /** Stable and unique in its view: the parent's id plus a segment. */
  readonly id: string;
  readonly parent: TreeNode | undefined;
}

export type TreeNode = Base &
  (
    | { readonly kind: 'account'; readonly account: Account }
    | {
        readonly kind: 'folder';
        readonly account: Account;
        readonly folder: FolderKind;
        readonly label: string;
        readonly count?: number;
        readonly ref?: RepoRef;
        readonly org?: string;
        readonly team?: Team;
      }
    | {
        readonly kind: 'repository';
        readonly account: Account;
        readonly repository: Repository;
        readonly showOwner: boolean;
      }
    | {
        readonly kind: 'branch';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly branch: Branch;
        readonly isDefault: boolean;
      }
    | {
        readonly kind: 'issue';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly issue: IssueSummary;
      }
    | {
        readonly kind: 'wikiPage';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly page: WikiPageMetaData;
      }
    | {
        readonly kind: 'release';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly release: Release;
      }
    | { readonly kind: 'organization'; readonly account: Account; readonly organization: Organization }
    | { readonly kind: 'team'; readonly account: Account; readonly org: string; readonly team: Team }
    | { readonly kind: 'user'; readonly account: Account; readonly user: User }
    | { readonly kind: 'scope'; readonly scope: IssueScope; readonly pulls: boolean }
    | {
        readonly kind: 'group';
        readonly scope: IssueScope;
        readonly group: IssueGroup;
        readonly pulls: boolean;
        readonly label: string;
        /** Why the server cannot list this group as its name says ("needs Gitea ≥ 1.15"). */
        readonly unavailable?: string;
      }
    | {
        readonly kind: 'savedQuery';
        readonly scope: IssueScope;
        readonly pulls: boolean;
        readonly query: SavedQuery;
        readonly label: string;
        /** Why the server cannot answer the query as written ("needs Gitea ≥ 1.14"). */
        readonly unavailable?: string;
      }
    | {
        readonly kind: 'notification';
        readonly account: Account;
        readonly thread: NotificationThread;
      }
    | {
        readonly kind: 'pullCommits';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly pull: PullHeads;
      }
    | {
        readonly kind: 'pullCommit';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly pull: PullHeads;
        readonly sha: string;
        readonly message: string;
        readonly author: string;
      }
    | {
        readonly kind: 'changeFolder';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly pull: PullHeads;
        readonly range: ChangeRange;
        readonly path: string;
        readonly label: string;
        readonly entries: readonly ChangeEntry[];
      }
    | {
        readonly kind: 'changedFile';
        readonly account: Account;
        readonly ref: RepoRef;
        readonly pull: PullHeads;
        readonly range: ChangeRange;
        readonly file: ChangedFile;
        /** Shown with its folder path (flat layout). */
        readonly flat: boolean;
        /** Marked viewed by this account (undefined in a commit's files, which are not marked). */
        readonly viewed?: boolean;
      }
    | { readonly kind: 'loadMore' }
    | {
        readonly kind: 'message';
        readonly text: string;
        readonly severity: 'info' | 'error';
        readonly detail?: string;
      }
  );

export type NodeOf<K extends TreeNode['kind']> = Extract<TreeNode, { kind: K }>;

export function childId(parent: TreeNode | undefined, segment: string): string {
  return parent ? `${parent.id}/${segment}` : segment;
}

export function summarizeIssue(issue: Issue): IssueSummary {
  return {
    number: issue.number,
    title: issue.title,
    state: issue.state,
    isPull: issue.pull_request != null,
    merged: issue.pull_request?.merged ?? false,
    draft: issue.pull_request?.draft ?? false,
    labels: issue.labels ?? [],
    author: issue.user?.login ?? '',
    assignees: (issue.assignees ?? []).map((user) => user.login),
    milestone: issue.milestone?.title,
    comments: issue.comments ?? 0,
    htmlUrl: issue.html_url,
    updatedAt: issue.updated_at,
    head: undefined,
    base: undefined,
    pinned: (issue.pin_order ?? 0) > 0,
    locked: issue.is_locked ?? false,
  };
}

export function summarizePull(pull: PullRequest): IssueSummary {
  return {
    number: pull.number,
    title: pull.title,
    state: pull.state,
    isPull: true,
    merged: pull.merged ?? false,
    draft: pull.draft ?? false,
    labels: pull.labels ?? [],
    author: pull.user?.login ?? '',
    assignees: (pull.assignees ?? []).map((user) => user.login),
    milestone: pull.milestone?.title,
    comments: pull.comments ?? 0,
    htmlUrl: pull.html_url,
    updatedAt: pull.updated_at,
    head: pull.head?.label || pull.head?.ref,
    base: pull.base?.ref,
    pinned: (pull.pin_order ?? 0) > 0,
    locked: pull.is_locked ?? false,
  };
}

export function repoRefOf(repository: Repository): RepoRef {
  return {
    owner: repository.owner?.login ?? repository.full_name.split('/')[0] ?? '',
    repo: repository.name,
  };
}
