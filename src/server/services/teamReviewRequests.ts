import { notFound } from '../domain/errors';
import type { RepositoryRow } from '../store/repositories';
import { findTeamByName, teamReachesRepo, type TeamRow } from '../store/teams';
import { findUserById, userType } from '../store/users';
import type { IssueActor } from './issuesEvents';
import { atLeast, repoAccess } from './permissions';
import { notValidReviewRequest } from './reviewRequestRows';

/**
 * The teams named in `team_reviewers`, checked as Gitea's apiReviewRequest and IsValidTeamReviewRequest:
 * none on a user's repository (ignored there); 404 for a name that is no team of the owning organization;
 * 422 when a private repository is out of the team's reach, when the doer may not choose reviewers, or
 * (removing) when the doer is no repository admin.
 */
export function teamReviewers(
  actor: IssueActor,
  repo: RepositoryRow,
  names: readonly string[],
  isAdd: boolean,
): TeamRow[] {
  const { db, doer } = actor;
  if (names.length === 0 || findUserById(db, repo.owner_id)?.type !== userType.organization) return [];
  const doerMode = repoAccess(db, doer, repo, 'repo.pulls');
  return names.map((name) => {
    const team = findTeamByName(db, repo.owner_id, name);
    if (!team) throw notFound(`Team '${name}' not exist`);
    if (!isAdd) {
      if (!atLeast(doerMode, 'admin')) {
        throw notValidReviewRequest('Only admin users can remove team requests. Doer is not admin');
      }
      return team;
    }
    if (repo.is_private && !teamReachesRepo(db, team, repo))
      throw notValidReviewRequest("Reviewing team can't read repo");
    if (!atLeast(doerMode, 'write')) throw notValidReviewRequest("Doer can't choose reviewer");
    return team;
  });
}
