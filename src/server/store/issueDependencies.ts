import { nowSeconds, type Database } from './database';
import type { IssueRow } from './issues';
import type { RepositoryRow } from './repositories';

/** Whether `issueId` depends on (is blocked by) `dependencyId`. */
export function dependencyExists(db: Database, issueId: number, dependencyId: number): boolean {
  return (
    db.get(
      'SELECT 1 AS found FROM issue_dependency WHERE issue_id = ? AND dependency_id = ?',
      issueId,
      dependencyId,
    ) !== undefined
  );
}

export function insertDependency(db: Database, userId: number, issueId: number, dependencyId: number): void {
  const now = nowSeconds();
  db.run(
    'INSERT INTO issue_dependency (user_id, issue_id, dependency_id, created, updated) VALUES (?, ?, ?, ?, ?)',
    userId,
    issueId,
    dependencyId,
    now,
    now,
  );
}

/** Removes the dependency; false when there was none. */
export function deleteDependency(db: Database, issueId: number, dependencyId: number): boolean {
  return (
    db.run('DELETE FROM issue_dependency WHERE issue_id = ? AND dependency_id = ?', issueId, dependencyId)
      .changes > 0
  );
}

/** Whether an open issue still blocks this one (Gitea's IssueNoDependenciesLeft, negated). */
export function hasOpenDependencies(db: Database, issueId: number): boolean {
  return (
    db.get(
      `SELECT 1 AS found FROM issue_dependency d JOIN issue ON issue.id = d.dependency_id
       WHERE d.issue_id = ? AND issue.is_closed = 0 LIMIT 1`,
      issueId,
    ) !== undefined
  );
}

// Gitea's order: the issue's own repository first, then by repository id; newest first within each.
const relatedOrder =
  'CASE WHEN issue.repo_id = ? THEN 0 ELSE issue.repo_id END, issue.created DESC, issue.id DESC';

/** The issues that block `issue` (its dependencies), one page in Gitea's order. */
export function blockersOf(db: Database, issue: IssueRow, limit: number, offset: number): IssueRow[] {
  return db.all<IssueRow>(
    `SELECT issue.* FROM issue JOIN issue_dependency d ON d.dependency_id = issue.id
     WHERE d.issue_id = ? ORDER BY ${relatedOrder} LIMIT ? OFFSET ?`,
    issue.id,
    issue.repo_id,
    limit,
    offset,
  );
}

/** Every issue `issue` blocks, in Gitea's order. */
export function blockedBy(db: Database, issue: IssueRow): IssueRow[] {
  return db.all<IssueRow>(
    `SELECT issue.* FROM issue JOIN issue_dependency d ON d.issue_id = issue.id
     WHERE d.dependency_id = ? ORDER BY ${relatedOrder}`,
    issue.id,
    issue.repo_id,
  );
}

export function dependenciesEnabled(
  db: Database,
  repo: Pick<RepositoryRow, 'id' | 'enable_issue_dependencies'>,
): boolean {
  if (repo.enable_issue_dependencies !== undefined) return repo.enable_issue_dependencies;
  const repoId = repo.id;
  return (
    db.get<{ enable_issue_dependencies: boolean }>(
      'SELECT enable_issue_dependencies FROM repository WHERE id = ?',
      repoId,
    )?.enable_issue_dependencies !== false
  );
}

export function setDependenciesEnabled(db: Database, repoId: number, enabled: boolean): void {
  db.run('UPDATE repository SET enable_issue_dependencies = ? WHERE id = ?', enabled, repoId);
}
