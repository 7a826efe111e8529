import { combinedState } from '../convert/status';
import { listProtectedBranches, type ProtectedBranchRow } from '../store/branchProtections';
import { latestCommitStatuses, type CommitStatusRow, type CommitStatusState } from '../store/commitStatuses';
import type { Database } from '../store/database';
import { globExpression, ruleForBranch } from './branchProtectionRules';

function contextPattern(context: string): RegExp | undefined {
  try {
    return new RegExp(globExpression(context));
  } catch {
    return undefined;
  }
}

/**
 * Gitea's MergeRequiredContextsCommitStatus: the state of the statuses a rule requires (each context a glob
 * without separators); pending while there are none or a required context has none yet, unless one failed.
 */
export function requiredContextsState(
  latest: readonly CommitStatusRow[],
  requiredContexts: readonly string[],
): CommitStatusState | '' {
  if (latest.length === 0) return 'pending';
  if (requiredContexts.length === 0) return combinedState(latest);
  const required = new Set<CommitStatusRow>();
  let allMatched = true;
  for (const context of requiredContexts) {
    const pattern = contextPattern(context);
    // Gitea leaves out a context that does not compile as a glob.
    if (!pattern) continue;
    const matching = latest.filter((status) => pattern.test(status.context));
    matching.forEach((status) => required.add(status));
    allMatched &&= matching.length > 0;
  }
  if (required.size === 0) return 'pending';
  const state = combinedState([...required]);
  if (allMatched || state === 'failure') return state;
  return 'pending';
}

function contextsOf(rule: ProtectedBranchRow): string[] {
  const value: unknown = JSON.parse(rule.status_check_contexts);
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * Gitea's IsPullCommitStatusPass: whether the checks the base branch's rule requires succeeded on `headSha`
 * (statuses are those of the base repository); a branch whose rule asks for no status check passes.
 */
export function pullStatusPasses(
  db: Database,
  pull: { readonly base_repo_id: number; readonly base_branch: string },
  headSha: string,
): boolean {
  const rule = ruleForBranch(listProtectedBranches(db, pull.base_repo_id), pull.base_branch);
  if (!rule?.enable_status_check) return true;
  const latest = latestCommitStatuses(db, pull.base_repo_id, headSha);
  return requiredContextsState(latest, contextsOf(rule)) === 'success';
}
