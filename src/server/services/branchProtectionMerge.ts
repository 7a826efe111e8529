import { notAllowed } from '../domain/errors';
import { listProtectedBranches } from '../store/branchProtections';
import type { Database } from '../store/database';
import { officialVerdicts } from '../store/reviewVerdicts';
import { ruleForBranch } from './branchProtectionRules';

/**
 * Gitea's CheckPullBranchProtections for the review rules: a base branch whose rule needs approvals refuses
 * the merge (405) until enough official approvals exist, and, when the rule says so, while an official
 * rejection stands.
 */
export function assertProtectionAllowsMerge(
  db: Database,
  repoId: number,
  baseBranch: string,
  issueId: number,
): void {
  const rule = ruleForBranch(listProtectedBranches(db, repoId), baseBranch);
  if (!rule) return;
  const verdicts = officialVerdicts(db, issueId, rule.ignore_stale_approvals);
  if (verdicts.approvals < rule.required_approvals) {
    throw notAllowed('Does not have enough approvals');
  }
  if (rule.block_on_rejected_reviews && verdicts.rejections > 0) {
    throw notAllowed('There are requested changes');
  }
}
