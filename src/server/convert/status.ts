import type { CombinedStatus, CommitStatus } from '../../api/types';
import type { CommitStatusRow, CommitStatusState } from '../store/commitStatuses';
import type { RepositoryRow } from '../store/repositories';
import { findUserById } from '../store/users';
import { repositoryApiUrl, type RepositoryJson } from './repository';
import { isoTime } from './time';
import { toUser, type UserJson } from './user';
import type { ViewContext } from './viewContext';

export type CommitStatusJson = Omit<CommitStatus, 'creator'> & { creator: UserJson | null };

/** Gitea's `CommitStatus`: `id` is the status's index within its commit; `updated_at` repeats `created_at`. */
export function toCommitStatus(
  view: ViewContext,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  row: CommitStatusRow,
): CommitStatusJson {
  const creator = row.creator_id ? findUserById(view.db, row.creator_id) : undefined;
  return {
    id: row.idx,
    status: row.state,
    target_url: row.target_url,
    description: row.description,
    url: `${repositoryApiUrl(view, repo)}/statuses/${row.sha}`,
    context: row.context,
    creator: creator ? toUser(view, creator) : null,
    created_at: isoTime(row.created),
    updated_at: isoTime(row.created),
  };
}

/** Worst first, as current Gitea ranks states. */
const priority: Readonly<Record<CommitStatusState, number>> = {
  error: 0,
  failure: 1,
  warning: 2,
  pending: 3,
  success: 4,
  skipped: 5,
};

/** The combined state: the worst of the latest status per context; '' when there is none (as Gitea). */
export function combinedState(latest: readonly Pick<CommitStatusRow, 'state'>[]): CommitStatusState | '' {
  let worst: CommitStatusState | '' = '';
  for (const { state } of latest) {
    if (worst === '' || priority[state] < priority[worst]) worst = state;
  }
  return worst;
}

export type CombinedStatusJson = Omit<CombinedStatus, 'state' | 'statuses' | 'repository'> & {
  state: CommitStatusState | '';
  statuses: CommitStatusJson[];
  repository: RepositoryJson;
};

/**
 * Gitea's `CombinedStatus` of a commit: `state` over all latest statuses (one per context), `statuses` the
 * requested page of them, `total_count` how many contexts there are.
 */
export function toCombinedStatus(
  view: ViewContext,
  repo: RepositoryRow,
  repository: RepositoryJson,
  sha: string,
  latest: readonly CommitStatusRow[],
  page: readonly CommitStatusRow[],
): CombinedStatusJson {
  return {
    state: combinedState(latest),
    sha,
    total_count: latest.length,
    statuses: page.map((row) => toCommitStatus(view, repo, row)),
    repository,
    commit_url: `${repository.url}/commits/${sha}`,
    url: `${repository.url}/commits/${sha}/status`,
  };
}
