import type { CombinedStatus, CommitStatus, PullRequest } from '../../api/types';

/** The workspace's current branch as the server knows it. */
export interface BranchHead {
  /** The local branch name. */
  readonly branch: string;
  /** The branch's upstream name on its remote (`feature` of `origin/feature`), when it has one. */
  readonly upstream: string | undefined;
  /** `owner/repo` the branch is pushed to: the workspace repository's. */
  readonly repository: string;
}

export type PullState = 'open' | 'draft' | 'merged' | 'closed';

/** The head's combined commit status reduced to what the status bar shows. */
export type ChecksState = 'none' | 'pending' | 'success' | 'failure';

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * The pull request whose head is `head`: its head branch is the upstream's or the local branch's name, and
 * its head repository is the workspace repository (a pull request from a fork of the same branch name is
 * someone else's). Open ones win over closed ones, then the newest.
 */
export function pickPullForBranch(pulls: readonly PullRequest[], head: BranchHead): PullRequest | undefined {
  const names = new Set([head.upstream, head.branch].filter((name): name is string => !!name));
  const candidates = pulls.filter((pull) => {
    if (!names.has(pull.head.ref)) return false;
    // Gitea leaves `head.repo` null when the fork was deleted: the branch name is all there is
    return pull.head.repo === null || same(pull.head.repo.full_name, head.repository);
  });
  const rank = (pull: PullRequest) => (pull.state === 'open' ? 0 : 1);
  return [...candidates].sort((a, b) => rank(a) - rank(b) || b.number - a.number)[0];
}

/**
 * Whether the branch is the repository's default branch, which has nothing to propose to itself: the
 * upstream's name when the branch tracks one (a local `dev` tracking `origin/main` is main too), else its own.
 */
export function isDefaultBranch(head: BranchHead, defaultBranch: string | undefined): boolean {
  return (
    defaultBranch !== undefined && defaultBranch !== '' && (head.upstream ?? head.branch) === defaultBranch
  );
}

export function pullState(pull: PullRequest): PullState {
  if (pull.merged) return 'merged';
  if (pull.state === 'closed') return 'closed';
  return pull.draft ? 'draft' : 'open';
}

/** Gitea's combined state: `""` or no statuses is none; error and failure (and warning) fail. */
export function checksState(combined: CombinedStatus | undefined): ChecksState {
  if (!combined) return 'none';
  // older servers answer `statuses: null` for a commit without statuses
  const statuses = (combined.statuses as CommitStatus[] | null | undefined) ?? [];
  if (statuses.length === 0 && !(combined.total_count > 0)) return 'none';
  switch (combined.state) {
    case 'success':
    case 'skipped':
      return 'success';
    case 'pending':
      return 'pending';
    case 'error':
    case 'failure':
    case 'warning':
      return 'failure';
    default:
      return 'none';
  }
}

export const checksIcons: Record<ChecksState, string> = {
  none: '',
  pending: '$(sync~spin)',
  success: '$(check)',
  failure: '$(x)',
};

/** Whether the checks of the same pull request went from running to a result. */
export function checksFinished(before: ChecksState | undefined, after: ChecksState): boolean {
  return before === 'pending' && (after === 'success' || after === 'failure');
}

export const firstPollMs = 30_000;
export const longestPollMs = 5 * 60_000;

/** The next poll: back to the first delay after a change, else twice the last one up to the longest. */
export function nextPollDelay(lastMs: number | undefined, changed: boolean): number {
  if (changed || lastMs === undefined) return firstPollMs;
  return Math.min(lastMs * 2, longestPollMs);
}
