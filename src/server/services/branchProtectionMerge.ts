import { notAllowed } from '../domain/errors';
import { listProtectedBranches } from '../store/branchProtections';
import type { Database } from '../store/database';
import { officialVerdicts } from '../store/reviewVerdicts';
import { ruleForBranch } from './branchProtectionRules';
import { pullStatusPasses } from './pullCommitStatus';

/**
 * Gitea's CheckPullBranchProtections: a base branch whose rule needs approvals refuses the merge (405) until
 * enough official approvals exist, while an official rejection stands when the rule says so, and until the
 * status checks the rule requires succeeded on the head.
 */
export function assertProtectionAllowsMerge(
  db: Database,
  pull: { readonly base_repo_id: number; readonly base_branch: string; readonly issue_id: number },
  headSha: string,
): void {
  const rule = ruleForBranch(listProtectedBranches(db, pull.base_repo_id), pull.base_branch);
  if (!rule) return;
  const issueId = pull.issue_id;
  const verdicts = officialVerdicts(db, issueId, rule.ignore_stale_approvals);
  if (verdicts.approvals < rule.required_approvals) {
    throw notAllowed('Does not have enough approvals');
  }
  if (rule.block_on_rejected_reviews && verdicts.rejections > 0) {
    throw notAllowed('There are requested changes');
  }
  if (!pullStatusPasses(db, pull, headSha)) throw notAllowed('Not all required status checks successful');
}
