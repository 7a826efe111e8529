import type { Branch, PayloadCommit } from '../../api/types';
import type { CommitObject } from '../git/commits';
import { atLeast, type AccessMode } from '../services/permissions';
import type { ProtectedBranchRow } from '../store/branchProtections';
import type { RepositoryRow } from '../store/repositories';
import { toPayloadCommit } from './commit';
import type { ViewContext } from './viewContext';

/** The protection rule that governs a branch and what it lets the viewer do. */
export interface BranchRuleView {
  readonly rule: ProtectedBranchRow | undefined;
  readonly userCanPush: boolean;
  readonly userCanMerge: boolean;
}

/**
 * Gitea's `Branch`. Without a rule, pushing and merging are open to signed-in callers with write access to
 * the code.
 */
export function toBranch(
  view: ViewContext,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  name: string,
  commit: CommitObject,
  mode: AccessMode,
  protection?: BranchRuleView,
): Branch & { commit: PayloadCommit } {
  const canWrite = view.user !== null && atLeast(mode, 'write');
  const rule = protection?.rule;
  const contexts: unknown = rule ? JSON.parse(rule.status_check_contexts) : [];
  return {
    name,
    commit: toPayloadCommit(view, repo, commit),
    protected: rule !== undefined,
    required_approvals: rule?.required_approvals ?? 0,
    enable_status_check: rule?.enable_status_check === true,
    status_check_contexts: Array.isArray(contexts) ? contexts.map(String) : [],
    user_can_push: protection ? protection.userCanPush : canWrite,
    user_can_merge: protection ? protection.userCanMerge : canWrite,
    effective_branch_protection_name: rule?.rule_name ?? '',
  };
}
