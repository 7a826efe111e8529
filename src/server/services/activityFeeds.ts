import { feedActions, type ActionRow, type ActorVisibility, type FeedFilter } from '../store/actions';
import type { Database } from '../store/database';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { listTeamRepos, type TeamRow } from '../store/teams';
import { findUserById, userType, type UserRow } from '../store/users';
import { canSeeRepo, isSiteAdmin, type Viewer } from './permissions';

/** Whose activity: an account's feed, a team's (its organization's feed, its repositories), a repository's. */
export type FeedSubject =
  { readonly user: UserRow } | { readonly team: TeamRow } | { readonly repo: RepositoryRow };

export interface FeedRequest {
  readonly includePrivate: boolean;
  readonly onlyPerformedBy?: boolean;
  /** `YYYY-MM-DD`: only that day (UTC); Gitea ignores a date it cannot read. */
  readonly date?: string;
}

/** The day `date` names, from its first to its last second; undefined when it is no date. */
function dayOf(date: string | undefined): readonly [number, number] | undefined {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const start = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(start)) return undefined;
  return [start / 1000, start / 1000 + 86399];
}

function actorsFor(viewer: Viewer, account: UserRow | undefined): ActorVisibility {
  if (viewer === null) return { kind: 'anonymous' };
  if (isSiteAdmin(viewer)) return { kind: 'all' };
  if (account === undefined) return { kind: 'signedIn', viewerId: viewer.id };
  return account.type === userType.organization
    ? { kind: 'signedIn', viewerId: viewer.id, alsoActorId: account.id }
    : { kind: 'signedIn', viewerId: viewer.id, orgsOfUserId: account.id };
}

/**
 * Gitea's GetFeeds: the actions of the subject's feed that the viewer may see, newest first. One's own feed
 * (or any, for a site admin) is read as it is; otherwise only actions of actors whose activity is visible to
 * the viewer, in repositories the viewer can read (ActivityQueryCondition).
 */
export function activityFeed(
  db: Database,
  viewer: Viewer,
  subject: FeedSubject,
  request: FeedRequest,
): ActionRow[] {
  const between = dayOf(request.date);
  const base = { includePrivate: request.includePrivate, between };
  if ('user' in subject && viewer !== null && (isSiteAdmin(viewer) || viewer.id === subject.user.id)) {
    return feedActions(db, {
      ...base,
      feedOwnerId: subject.user.id,
      onlyPerformedBy: request.onlyPerformedBy ? subject.user.id : undefined,
      actors: { kind: 'all' },
    });
  }
  let filter: FeedFilter;
  if ('user' in subject) {
    filter = {
      ...base,
      feedOwnerId: subject.user.id,
      onlyPerformedBy: request.onlyPerformedBy ? subject.user.id : undefined,
      actors: actorsFor(viewer, subject.user),
    };
  } else if ('team' in subject) {
    const repos = listTeamRepos(db, subject.team, { offset: 0, limit: -1 }).rows;
    filter = {
      ...base,
      feedOwnerId: subject.team.org_id,
      repoIds: repos.map((repo) => repo.id),
      // Gitea asks for the team's organization's feed, with what an organization's feed shows
      actors: actorsFor(viewer, findUserById(db, subject.team.org_id)),
    };
  } else {
    filter = { ...base, repoId: subject.repo.id, actors: actorsFor(viewer, undefined) };
  }
  const rows = feedActions(db, filter);
  if (viewer !== null && isSiteAdmin(viewer)) return rows;
  const readable = new Map<number, boolean>();
  return rows.filter((row) => {
    let known = readable.get(row.repo_id);
    if (known === undefined) {
      const repo = findRepositoryById(db, row.repo_id);
      known = repo !== undefined && canSeeRepo(db, viewer, repo);
      readable.set(row.repo_id, known);
    }
    return known;
  });
}
