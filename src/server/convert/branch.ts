import type { Branch, PayloadCommit } from '../../api/types';
import type { CommitObject } from '../git/commits';
import { atLeast, type AccessMode } from '../services/permissions';
import type { RepositoryRow } from '../store/repositories';
import { toPayloadCommit } from './commit';
import type { ViewContext } from './viewContext';

/**
 * Gitea's `Branch` for an unprotected branch (branch protection rules do not exist yet): pushing and merging
 * are open to signed-in callers with write access to the code.
 */
export function toBranch(
  view: ViewContext,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  name: string,
  commit: CommitObject,
  mode: AccessMode,
): Branch & { commit: PayloadCommit } {
  const canWrite = view.user !== null && atLeast(mode, 'write');
  return {
    name,
    commit: toPayloadCommit(view, repo, commit),
    protected: false,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [],
    user_can_push: canWrite,
    user_can_merge: canWrite,
    effective_branch_protection_name: '',
  };
}
