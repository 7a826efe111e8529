import { toCollaboratorPermission } from '../convert/repository';
import { userListJson } from '../convert/user';
import { forbidden, notFound } from '../domain/errors';
import { addCollaborator, collaboratorByName, removeCollaborator } from '../services/collaborators';
import { atLeast, isSiteAdmin, repoAccess } from '../services/permissions';
import { isCollaborator, listCollaborators } from '../store/collaborations';
import { findUserByName } from '../store/users';
import type { HandlerMap } from './handler';
import { readRepo, repoAdmin, repoRoute } from './guards';

const collaboratorModes = ['read', 'write', 'admin'] as const;

export const collaboratorHandlers: HandlerMap = {
  repoListCollaborators: repoRoute(readRepo, (ctx, { repo }) => {
    const paging = ctx.paging;
    const { rows, total } = listCollaborators(ctx.db, repo.id, paging);
    ctx.listJson(userListJson(ctx, rows), total, paging);
  }),

  repoCheckCollaborator: repoRoute(readRepo, (ctx, { repo }) => {
    const user = collaboratorByName(ctx.db, ctx.param('collaborator'));
    if (!isCollaborator(ctx.db, repo.id, user.id)) throw notFound();
    ctx.empty();
  }),

  // Adds or changes the mode; Gitea's default mode is write.
  repoAddCollaborator: repoRoute(repoAdmin, async (ctx, { repo }) => {
    const mode = (await ctx.body()).oneOf('permission', collaboratorModes) ?? 'write';
    addCollaborator(ctx.db, repo, collaboratorByName(ctx.db, ctx.param('collaborator')), mode);
    ctx.empty();
  }),

  repoDeleteCollaborator: repoRoute(repoAdmin, (ctx, { repo }) => {
    removeCollaborator(ctx.db, repo, collaboratorByName(ctx.db, ctx.param('collaborator')));
    ctx.empty();
  }),

  // Site admins and repository admins may ask about anyone; others only about themselves.
  repoGetRepoPermissions: repoRoute(readRepo, (ctx, { repo, mode }) => {
    const viewer = ctx.requireUser();
    const name = ctx.param('collaborator');
    if (!isSiteAdmin(viewer) && viewer.lower_name !== name.toLowerCase() && !atLeast(mode, 'admin')) {
      throw forbidden(
        'Only admins can query all permissions, repo admins can query all repo permissions, collaborators can query only their own',
      );
    }
    const user = findUserByName(ctx.db, name);
    if (!user) throw notFound(`user does not exist [name: ${name}]`);
    ctx.json(toCollaboratorPermission(ctx, user, repoAccess(ctx.db, user, repo)));
  }),
};
