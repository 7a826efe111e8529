import { toRepository } from '../convert/repository';
import { toTeam } from '../convert/team';
import type { RequestContext } from '../http/context';
import { invalid, notAllowed, notFound } from '../domain/errors';
import { assertMayChangeRepoTeams, assertRepoAccess, canSeeRepo } from '../services/permissions';
import { addTeamRepository, removeTeamRepository } from '../services/teams';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
import { findTeamByName, listRepoTeams, listTeamRepos, teamReachesRepo, type TeamRow } from '../store/teams';
import { findUserById, userType, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { readRepo, repoRoute, teamRoute } from './guards';

/** A repository by owner and name that the caller may see; 404 otherwise (a private one does not leak). */
function visibleRepository(ctx: RequestContext, ownerName: string, name: string): RepositoryRow {
  const repo = findRepositoryByName(ctx.db, ownerName, name);
  if (!repo || !canSeeRepo(ctx.db, ctx.user, repo)) {
    throw notFound(`repository does not exist [owner: ${ownerName}, name: ${name}]`);
  }
  return repo;
}

/** `/repos/{owner}/{repo}/teams…`: the repository and its organization; Gitea answers 405 for a user's repository. */
function repositoryOrganization(ctx: RequestContext, repo: RepositoryRow): UserRow {
  const org = findUserById(ctx.db, repo.owner_id);
  if (!org || org.type !== userType.organization) {
    throw notAllowed('repo is not owned by an organization');
  }
  return org;
}

/** `{team}` by name in the organization; 404 otherwise. */
function namedTeam(ctx: RequestContext, org: UserRow): TeamRow {
  const name = ctx.param('team');
  const team = findTeamByName(ctx.db, org.id, name);
  if (!team) throw notFound(`team does not exist [org_id: ${org.id}, name: ${name}]`);
  return team;
}

export const teamRepositoryHandlers: HandlerMap = {
  orgListTeamRepos: teamRoute('member', (ctx, team) => {
    const paging = ctx.paging;
    const { rows, total } = listTeamRepos(ctx.db, team, paging);
    ctx.list(
      rows.map((repo) => toRepository(ctx, repo)),
      total,
      paging,
    );
  }),

  orgListTeamRepo: teamRoute('member', (ctx, team) => {
    const repo = visibleRepository(ctx, ctx.param('org'), ctx.param('repo'));
    if (!teamReachesRepo(ctx.db, team, repo)) {
      throw notFound(`repository is not in the team [repo_id: ${repo.id}]`);
    }
    ctx.json(toRepository(ctx, repo));
  }),

  // Gitea asks for admin rights on the repository, not for ownership of the organization.
  orgAddTeamRepository: teamRoute('member', (ctx, team) => {
    const repo = visibleRepository(ctx, ctx.param('org'), ctx.param('repo'));
    assertRepoAccess(ctx.db, ctx.user, repo, 'admin');
    addTeamRepository(ctx.db, team, repo);
    ctx.empty();
  }),

  orgRemoveTeamRepository: teamRoute('member', (ctx, team) => {
    const repo = visibleRepository(ctx, ctx.param('org'), ctx.param('repo'));
    assertRepoAccess(ctx.db, ctx.user, repo, 'admin');
    removeTeamRepository(ctx.db, team, repo);
    ctx.empty();
  }),

  // Gitea leaves `organization` out of these team lists.
  repoListTeams: repoRoute(readRepo, (ctx, { repo }) => {
    const org = repositoryOrganization(ctx, repo);
    ctx.json(listRepoTeams(ctx.db, org.id, repo.id).map((team) => toTeam(ctx, team, null)));
  }),

  repoCheckTeam: repoRoute(readRepo, (ctx, { repo }) => {
    const org = repositoryOrganization(ctx, repo);
    const team = namedTeam(ctx, org);
    if (!teamReachesRepo(ctx.db, team, repo))
      throw notFound(`team is not assigned to the repository [name: ${team.name}]`);
    ctx.json(toTeam(ctx, team, null));
  }),

  repoAddTeam: repoRoute(readRepo, (ctx, { repo }) => {
    const org = repositoryOrganization(ctx, repo);
    assertMayChangeRepoTeams(ctx.db, ctx.user, repo, org);
    const team = namedTeam(ctx, org);
    if (teamReachesRepo(ctx.db, team, repo)) throw invalid(`team '${team.name}' is already added to repo`);
    addTeamRepository(ctx.db, team, repo);
    ctx.empty();
  }),

  repoDeleteTeam: repoRoute(readRepo, (ctx, { repo }) => {
    const org = repositoryOrganization(ctx, repo);
    assertMayChangeRepoTeams(ctx.db, ctx.user, repo, org);
    const team = namedTeam(ctx, org);
    if (!teamReachesRepo(ctx.db, team, repo)) throw invalid(`team '${team.name}' was not added to repo`);
    removeTeamRepository(ctx.db, team, repo);
    ctx.empty();
  }),
};
