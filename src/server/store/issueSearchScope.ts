import type { Database, SqlValue } from './database';
import {
  repositoryConditions,
  splitBySure,
  type ClassifiedIds,
  type RepositoryFilter,
  type SqlCondition,
} from './repositorySearch';

/**
 * The repositories of the cross-repository issue search, found from the side that is small: the repositories
 * holding issues (a walk over the issue index, one step per repository), the labels and milestones of a name.
 * Who may read them is not decided here: the permission module's conditions split the rows into those
 * surely readable and the undecided, which the caller decides.
 */
export interface IssueScope {
  /** owner and team, as findRepositories reads them */
  repositories: RepositoryFilter;
  /** the kinds searched (is_pull values): a repository counts with one of their units enabled */
  kinds: readonly boolean[];
  /** rows outside `candidate` are never readable, rows where `sure` holds are readable (every unit) */
  candidate: SqlCondition;
  sure: SqlCondition;
}

function scopeWhere(scope: IssueScope): SqlCondition {
  const filter = repositoryConditions(scope.repositories);
  const units = [
    ...(scope.kinds.includes(false) ? ['repository.has_issues = 1'] : []),
    ...(scope.kinds.includes(true) ? ['repository.has_pull_requests = 1'] : []),
  ];
  return {
    sql: `(${filter.sql}) AND (${units.join(' OR ') || '0'}) AND (${scope.candidate.sql})`,
    params: [...filter.params, ...scope.candidate.params],
  };
}

/**
 * The repositories in scope holding at least one issue or pull request. Without an owner the issue index
 * is walked from one repository id to the next (a seek each), so 100,000 repositories without issues cost
 * nothing; an owner's repositories are read through the owner index instead.
 */
export function repositoriesHoldingIssues(db: Database, scope: IssueScope): ClassifiedIds {
  const where = scopeWhere(scope);
  const sure = scope.sure;
  if (scope.repositories.ownerId !== undefined) {
    return splitBySure(
      db.all<{ id: number; sure: number }>(
        `SELECT repository.id AS id, (${sure.sql}) IS 1 AS sure FROM repository
         WHERE ${where.sql} AND EXISTS (SELECT 1 FROM issue WHERE issue.repo_id = repository.id)`,
        ...sure.params,
        ...where.params,
      ),
    );
  }
  return splitBySure(
    db.all<{ id: number; sure: number }>(
      `WITH RECURSIVE holder(repo_id) AS (
         SELECT min(repo_id) FROM issue
         UNION ALL
         SELECT (SELECT min(repo_id) FROM issue WHERE repo_id > holder.repo_id) FROM holder
         WHERE holder.repo_id IS NOT NULL)
       SELECT repository.id AS id, (${sure.sql}) IS 1 AS sure
       FROM holder CROSS JOIN repository ON repository.id = holder.repo_id WHERE ${where.sql}`,
      ...sure.params,
      ...where.params,
    ),
  );
}

const excluding = (ids: readonly number[]): SqlCondition => ({
  sql: 'repository.id NOT IN (SELECT value FROM json_each(?))',
  params: [JSON.stringify(ids)],
});

/** Whether a repository in scope, not one of `except`, is surely readable. */
export function anySureRepository(db: Database, scope: IssueScope, except: readonly number[]): boolean {
  const where = scopeWhere(scope);
  const not = excluding(except);
  return (
    db.get<{ some: number }>(
      `SELECT EXISTS (SELECT 1 FROM repository
         WHERE ${where.sql} AND ${not.sql} AND (${scope.sure.sql}) IS 1) AS some`,
      ...where.params,
      ...not.params,
      ...scope.sure.params,
    )?.some === 1
  );
}

/** The repositories in scope, not in `except`, that are candidates only (in id order). */
export function undecidedRepositories(db: Database, scope: IssueScope, except: readonly number[]): number[] {
  const where = scopeWhere(scope);
  const not = excluding(except);
  return db
    .all<{ id: number }>(
      `SELECT repository.id AS id FROM repository
       WHERE ${where.sql} AND ${not.sql} AND (${scope.sure.sql}) IS NOT 1 ORDER BY repository.id`,
      ...where.params,
      ...not.params,
      ...scope.sure.params,
    )
    .map((row) => row.id);
}

/** A label or milestone found by name, counting when one of the repositories it stands in is readable. */
export interface NamedInScope {
  id: number;
  name: string;
  /** it stands in a surely readable repository */
  sure: boolean;
  /** unless sure: the candidate repositories it stands in, one readable of which makes it count */
  undecided: number[];
}

interface NamedRow {
  id: number;
  name: string;
  sure: number;
  undecided: string;
}

const named = (rows: readonly NamedRow[]): NamedInScope[] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name,
    sure: row.sure === 1,
    undecided: JSON.parse(row.undecided) as number[],
  }));

/**
 * Labels of these names in the repositories in scope, and the organization labels of their owners (an
 * organization's label stands in each of its repositories in scope).
 */
export function labelsNamedInScope(
  db: Database,
  scope: IssueScope,
  names: readonly string[],
): NamedInScope[] {
  if (names.length === 0) return [];
  const where = scopeWhere(scope);
  const sure = scope.sure;
  const nameList = JSON.stringify(names);
  const ofRepositories = db.all<NamedRow>(
    `SELECT label.id AS id, label.name AS name, (${sure.sql}) IS 1 AS sure, json_array(repository.id) AS undecided
     FROM label JOIN repository ON repository.id = label.repo_id
     WHERE label.name IN (SELECT value FROM json_each(?)) AND ${where.sql}`,
    ...sure.params,
    nameList,
    ...where.params,
  );
  const orgParams: SqlValue[] = [...where.params, ...sure.params, ...where.params, ...sure.params, nameList];
  const ofOrganizations = db.all<NamedRow>(
    `SELECT label.id AS id, label.name AS name,
       EXISTS (SELECT 1 FROM repository WHERE repository.owner_id = label.org_id
               AND ${where.sql} AND (${sure.sql}) IS 1) AS sure,
       (SELECT json_group_array(repository.id) FROM repository WHERE repository.owner_id = label.org_id
               AND ${where.sql} AND (${sure.sql}) IS NOT 1) AS undecided
     FROM label WHERE label.org_id IS NOT NULL AND label.name IN (SELECT value FROM json_each(?))`,
    ...orgParams,
  );
  return named([...ofRepositories, ...ofOrganizations]);
}

/** Per repository in scope and name, its oldest milestone of that name (Gitea's match by name). */
export function milestonesNamedInScope(
  db: Database,
  scope: IssueScope,
  names: readonly string[],
): NamedInScope[] {
  if (names.length === 0) return [];
  const where = scopeWhere(scope);
  const sure = scope.sure;
  return named(
    db.all<NamedRow>(
      `SELECT min(milestone.id) AS id, milestone.name AS name, (${sure.sql}) IS 1 AS sure,
         json_array(repository.id) AS undecided
       FROM milestone JOIN repository ON repository.id = milestone.repo_id
       WHERE milestone.name IN (SELECT value FROM json_each(?)) AND ${where.sql}
       GROUP BY milestone.repo_id, milestone.name`,
      ...sure.params,
      JSON.stringify(names),
      ...where.params,
    ),
  );
}
