import { forbidden } from '../domain/errors';
import type { Database } from '../store/database';
import {
  findProtectedBranch,
  listProtectedBranches,
  updateProtectedBranch,
} from '../store/branchProtections';
import { renamePullBranches } from '../store/pullRequests';
import { updateRepositoryColumns, type RepositoryRow } from '../store/repositories';
import { isGlobRule, ruleForBranch } from './branchProtectionRules';
import { atLeast, type AccessMode } from './permissions';

/**
 * Gitea's RenameBranch rules before git is touched: renaming the default branch or one with a rule of its
 * own takes a repository administrator; a branch only a pattern protects cannot be renamed at all.
 */
export function assertMayRenameBranch(
  db: Database,
  repo: RepositoryRow,
  mode: AccessMode,
  from: string,
): void {
  const ownRule = findProtectedBranch(db, repo.id, from);
  if ((from === repo.default_branch || ownRule) && !atLeast(mode, 'admin')) {
    throw forbidden('User must be a repo or site admin to rename default or protected branches.');
  }
  const rule = ruleForBranch(listProtectedBranches(db, repo.id), from);
  if (!ownRule && rule && isGlobRule(rule.rule_name)) {
    throw forbidden('Branch is protected by glob-based protection rules.');
  }
}

/**
 * What follows a rename in the database, as in Gitea: the default branch, the branch's own protection rule
 * and the unmerged pull requests from or into it take the new name. Returns whether it was the default.
 */
export function recordBranchRename(db: Database, repo: RepositoryRow, from: string, to: string): boolean {
  const isDefault = from === repo.default_branch;
  db.transaction(() => {
    if (isDefault) updateRepositoryColumns(db, repo.id, { default_branch: to });
    const rule = findProtectedBranch(db, repo.id, from);
    if (rule) updateProtectedBranch(db, rule.id, { rule_name: to });
    renamePullBranches(db, repo.id, from, to);
  });
  return isDefault;
}
