import { malformed, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import { issueSortTypes, type IssueFilter, type IssueSort } from '../store/issuesList';
import { labelIdsByNamesInRepos } from '../store/labels';
import { findMilestone, findMilestoneByName } from '../store/milestones';
import type { RepositoryRow } from '../store/repositories';
import type { RepositoryFilter } from '../store/repositorySearch';
import { findTeamByName } from '../store/teams';
import { findAccountByName, findUserByName } from '../store/users';
import { querySinceBefore } from './issuesTime';
import { searchedRepositories } from './issuesSearchScope';
import type { Viewer } from './permissions';

/** The query of `GET /repos/{owner}/{repo}/issues`, as received (an unknown choice is the handler's to read). */
export interface IssueListQuery {
  readonly state?: string;
  readonly type?: string;
  readonly labels?: string;
  readonly milestones?: string;
  readonly q?: string;
  readonly created_by?: string;
  readonly assigned_by?: string;
  readonly mentioned_by?: string;
  readonly since?: string;
  readonly before?: string;
  readonly sort?: string;
}

/** The query of `GET /repos/issues/search`. */
export interface IssueSearchQuery extends Omit<IssueListQuery, 'assigned_by' | 'mentioned_by'> {
  readonly owner?: string;
  readonly team?: string;
  readonly created?: boolean;
  readonly assigned?: boolean;
  readonly mentioned?: boolean;
  readonly review_requested?: boolean;
  readonly priority_repo_id?: number;
}

const splitList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** `state`: open unless `closed` or `all` (Gitea treats anything else as open). */
export function stateFilter(state: string | undefined): boolean | undefined {
  if (state === 'closed') return true;
  if (state === 'all') return undefined;
  return false;
}

/** `type`: issues or pulls; anything else lists both. */
export function typeFilter(type: string | undefined): boolean | undefined {
  if (type === 'pulls') return true;
  if (type === 'issues') return false;
  return undefined;
}

/** `created_by` / `assigned_by` / `mentioned_by`: a user name; an unknown one is 404 as in Gitea. */
function userFilter(db: Database, name: string | undefined): number | undefined {
  if (!name) return undefined;
  const user = findUserByName(db, name);
  if (!user) throw notFound(`user does not exist [name: ${name}]`);
  return user.id;
}

function sortFilter(sort: string | undefined): IssueSort | undefined {
  return (issueSortTypes as readonly string[]).includes(sort ?? '') ? (sort as IssueSort) : undefined;
}

/**
 * The repository list's labels: an issue must carry every named label (Gitea joins `issue_label` once per
 * label), where a name may stand for the repository's label and its organization's. Unknown names are
 * discarded, and when none is left the filter is dropped.
 */
function everyLabelFilter(
  db: Database,
  repo: RepositoryRow,
  value: string | undefined,
): number[][] | undefined {
  const groups = splitList(value)
    .map((name) => labelIdsByNamesInRepos(db, [repo], [name]))
    .filter((ids) => ids.length > 0);
  return groups.length > 0 ? groups : undefined;
}

/** Milestones by name, falling back to an id of the repository; unknown ones are discarded. */
function milestoneFilter(db: Database, repo: RepositoryRow, value: string | undefined): number[] | undefined {
  const ids = new Set<number>();
  for (const part of splitList(value)) {
    const milestone =
      findMilestoneByName(db, repo.id, part) ??
      (/^\d{1,15}$/.test(part) ? findMilestone(db, repo.id, Number(part)) : undefined);
    if (milestone) ids.add(milestone.id);
  }
  return ids.size > 0 ? [...ids] : undefined;
}

/** The filter of `GET /repos/{owner}/{repo}/issues` from its query. */
export function repositoryIssueFilter(db: Database, repo: RepositoryRow, query: IssueListQuery): IssueFilter {
  const { since, before } = querySinceBefore(query);
  return {
    repoIds: [repo.id],
    isClosed: stateFilter(query.state),
    isPull: typeFilter(query.type),
    labelIdGroups: everyLabelFilter(db, repo, query.labels),
    milestoneIds: milestoneFilter(db, repo, query.milestones),
    keyword: query.q?.trim().replaceAll('\0', '') || undefined,
    posterId: userFilter(db, query.created_by),
    assigneeId: userFilter(db, query.assigned_by),
    mentionedId: userFilter(db, query.mentioned_by),
    updatedAfter: since,
    updatedBefore: before,
    sort: sortFilter(query.sort),
  };
}

/** The owner and team of the cross-repository search; unknown ones are 400 as in Gitea. */
function searchOwnerAndTeam(db: Database, query: IssueSearchQuery): RepositoryFilter {
  const ownerName = query.owner;
  const teamName = query.team;
  let ownerId: number | undefined;
  let teamId: number | undefined;
  if (ownerName) {
    const owner = findAccountByName(db, ownerName);
    if (!owner) throw malformed('Owner not found');
    ownerId = owner.id;
  }
  if (teamName) {
    if (ownerId === undefined) throw malformed('Owner organisation is required for filtering on team');
    const team = findTeamByName(db, ownerId, teamName);
    if (!team) throw malformed('Team not found');
    teamId = team.id;
  }
  return { ownerId, teamId };
}

// Found names, or no filter when none is found (Gitea's documented behaviour).
const found = (ids: number[]): number[] | undefined => (ids.length > 0 ? ids : undefined);

/** The filter of `GET /repos/issues/search`: the caller's `created`/`assigned`/`mentioned` flags, owner, team. */
export function searchIssueFilter(db: Database, viewer: Viewer, query: IssueSearchQuery): IssueFilter {
  const { since, before } = querySinceBefore(query);
  const isPull = typeFilter(query.type);
  const kinds = isPull === undefined ? [false, true] : [isPull];
  const searched = searchedRepositories(db, viewer, searchOwnerAndTeam(db, query), kinds);
  // As Gitea: without a signed-in user these flags filter nothing.
  const mine = (flag: boolean | undefined): number | undefined => (viewer && flag ? viewer.id : undefined);
  return {
    repoIds: searched.holding,
    acrossRepositories: searched.several || undefined,
    isClosed: stateFilter(query.state),
    isPull,
    labelIds: found(searched.labelIds(splitList(query.labels))),
    milestoneIds: found(searched.milestoneIds(splitList(query.milestones))),
    keyword: query.q?.trim().replaceAll('\0', '') || undefined,
    posterId: mine(query.created) ?? userFilter(db, query.created_by),
    assigneeId: mine(query.assigned),
    mentionedId: mine(query.mentioned),
    reviewRequestedId: mine(query.review_requested),
    updatedAfter: since,
    updatedBefore: before,
    sort: sortFilter(query.sort) ?? 'priorityrepo',
    priorityRepoId: query.priority_repo_id ?? 0,
  };
}
