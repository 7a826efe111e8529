import type { OrganizationPermissions } from '../../api/types';
import { notFound } from '../domain/errors';
import { canSeeAccount } from '../services/permissions';
import { deleteRepository } from '../services/repositoryDelete';
import { renameUser } from '../services/userRename';
import { maxTeamAuthorize, mayCreateOrganizationRepository, organizationMembership } from '../store/access';
import { listRepositoriesOwnedBy } from '../store/repositories';
import { findAccountByName, userType, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { orgRoute } from './guards';
import { repositoryServices } from './repositoryLookup';
import { emitRepositoryEvent } from './repositories';
import type { RequestContext } from '../http/context';

/** An account named by a path parameter; 404 when there is none or the caller may not see it. */
function seenAccount(ctx: RequestContext, name: string): UserRow {
  const account = findAccountByName(ctx.db, name);
  if (!account || !canSeeAccount(ctx.db, ctx.user, account))
    throw notFound(`user does not exist [name: ${name}]`);
  return account;
}

export const organizationAdminHandlers: HandlerMap = {
  // Gitea's route: reqToken, reqOrgOwnership
  renameOrg: orgRoute('owner', async (ctx, org) => {
    const body = await ctx.body();
    const newName = body.string('new_name', { required: true, nonEmpty: true });
    renameUser({ db: ctx.db, dataDir: ctx.app.config.dataDir }, org, newName);
    ctx.empty();
  }),

  // Gitea deletes in the background and answers 202; here the deletes are done when it answers
  orgDeleteRepos: orgRoute('owner', (ctx, org) => {
    const repos = listRepositoriesOwnedBy(ctx.db, org.id);
    for (const repo of repos) {
      emitRepositoryEvent(ctx, repo, 'deleted');
      deleteRepository(repositoryServices(ctx), repo);
    }
    ctx.empty(repos.length > 0 ? 202 : 204);
  }),

  /**
   * Gitea's GetUserOrgsPermissions: the user's highest team permission in `{org}` and whether they may create
   * repositories there. Gitea decides visibility by the *user's* sight of the organization (404 when they
   * cannot see it); the caller must also see both accounts here, so nothing leaks about a private one.
   */
  orgGetUserPermissions: (ctx) => {
    const user = seenAccount(ctx, ctx.param('username'));
    const org = seenAccount(ctx, ctx.param('org'));
    if (!canSeeAccount(ctx.db, user, org)) throw notFound();
    const isOrg = org.type === userType.organization;
    const level = isOrg ? maxTeamAuthorize(ctx.db, org.id, user.id) : 'none';
    const rank = ['none', 'read', 'write', 'admin', 'owner'].indexOf(level);
    const answer: OrganizationPermissions = {
      can_read: rank >= 1,
      can_write: rank >= 2,
      is_admin: rank >= 3,
      is_owner: rank >= 4,
      can_create_repository:
        isOrg &&
        (organizationMembership(ctx.db, org.id, user.id).owner ||
          mayCreateOrganizationRepository(ctx.db, org.id, user.id)),
    };
    ctx.json(answer);
  },
};
