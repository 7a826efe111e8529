import type { Database } from '../store/database';
import {
  anySureRepository,
  labelsNamedInScope,
  milestonesNamedInScope,
  repositoriesHoldingIssues,
  undecidedRepositories,
  type IssueScope,
  type NamedInScope,
} from '../store/issueSearchScope';
import { findMilestone } from '../store/milestones';
import { repositoriesInOrder, type RepositoryFilter } from '../store/repositorySearch';
import { canReadIssueKinds } from './issuesAccess';
import { repositoryVisibilitySql, type Viewer } from './permissions';

/**
 * The repositories `GET /repos/issues/search` searches: every repository (of the owner or team asked for)
 * whose issues or pull requests, of the kinds asked for, the viewer may read (canReadIssueKinds). Only
 * those holding issues can answer, so the set itself is never listed: the permission module's SQL decides
 * most rows, canReadIssueKinds the few it leaves undecided, and only among the repositories holding issues
 * or holding a label or milestone of a name asked for.
 */
export interface SearchedRepositories {
  /** the searched repositories holding issues or pull requests */
  holding: number[];
  /** more than one repository is searched (then issues are ordered across repositories) */
  several: boolean;
  /** labels of these names in the searched repositories or their owning organizations */
  labelIds(names: readonly string[]): number[];
  /**
   * Each searched repository's oldest milestone of each name; a number is a milestone id when the
   * search covers one repository and no milestone there has that name.
   */
  milestoneIds(names: readonly string[]): number[];
}

export function searchedRepositories(
  db: Database,
  viewer: Viewer,
  repositories: RepositoryFilter,
  kinds: readonly boolean[],
): SearchedRepositories {
  const scope: IssueScope = { repositories, kinds, ...repositoryVisibilitySql(viewer) };
  const decided = new Map<number, boolean>();
  /** Of the undecided repositories, the readable ones (each decided once). */
  const readable = (ids: readonly number[]): number[] => {
    const unknown = ids.filter((id) => !decided.has(id));
    for (const repo of repositoriesInOrder(db, unknown)) {
      decided.set(repo.id, canReadIssueKinds(db, viewer, repo, kinds));
    }
    return ids.filter((id) => decided.get(id) === true);
  };
  const holders = repositoriesHoldingIssues(db, scope);
  const holding = [...holders.sure, ...readable(holders.undecided)].sort((a, b) => a - b);
  // With fewer than two holding issues, whether another repository is searched decides the order.
  const several = holding.length >= 2 || (holding.length === 1 && anotherSearched(holding));
  function anotherSearched(except: readonly number[]): boolean {
    if (anySureRepository(db, scope, except)) return true;
    return undecidedRepositories(db, scope, except).some((id) => readable([id]).length > 0);
  }
  const counting = (found: readonly NamedInScope[]): NamedInScope[] =>
    found.filter((thing) => thing.sure || readable(thing.undecided).length > 0);
  return {
    holding,
    several,
    labelIds: (names) => [...new Set(counting(labelsNamedInScope(db, scope, names)).map((l) => l.id))],
    milestoneIds(names) {
      const found = counting(milestonesNamedInScope(db, scope, names));
      const ids = new Set(found.map((milestone) => milestone.id));
      // One repository searched: it holds issues (else nothing matches, whatever the milestone).
      const only = !several && holding.length === 1 ? holding[0] : undefined;
      if (only !== undefined) {
        const byName = new Set(found.map((milestone) => milestone.name));
        for (const name of names.filter((n) => !byName.has(n) && /^\d{1,15}$/.test(n))) {
          const milestone = findMilestone(db, only, Number(name));
          if (milestone) ids.add(milestone.id);
        }
      }
      return [...ids];
    },
  };
}
