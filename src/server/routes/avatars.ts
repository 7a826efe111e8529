import type { RequestContext } from '../http/context';
import {
  decodeAvatarImage,
  deleteAccountAvatar,
  deleteRepositoryAvatar,
  uploadAccountAvatar,
  uploadRepositoryAvatar,
  type AvatarServices,
} from '../services/avatars';
import type { HandlerMap } from './handler';
import { orgRoute, repoAdmin, repoRoute } from './guards';

const avatarServices = (ctx: RequestContext): AvatarServices => ({ db: ctx.db, dataDir: ctx.app.dataDir });

/** The body's `image` (required, as Gitea binds it), decoded from base64 (400 when it is not). */
async function imageOf(ctx: RequestContext): Promise<Buffer> {
  const body = await ctx.body();
  return decodeAvatarImage(body.string('image', { required: true, nonEmpty: true }));
}

// Gitea: the user's own avatar; an organization's for its owners (reqOrgOwnership); a repository's for
// its administrators (reqAdmin).
export const avatarHandlers: HandlerMap = {
  userUpdateAvatar: async (ctx) => {
    uploadAccountAvatar(avatarServices(ctx), ctx.requireUser(), await imageOf(ctx));
    ctx.empty();
  },
  userDeleteAvatar: (ctx) => {
    deleteAccountAvatar(avatarServices(ctx), ctx.requireUser());
    ctx.empty();
  },
  orgUpdateAvatar: orgRoute('owner', async (ctx, org) => {
    uploadAccountAvatar(avatarServices(ctx), org, await imageOf(ctx));
    ctx.empty();
  }),
  orgDeleteAvatar: orgRoute('owner', (ctx, org) => {
    deleteAccountAvatar(avatarServices(ctx), org);
    ctx.empty();
  }),
  repoUpdateAvatar: repoRoute(repoAdmin, async (ctx, { repo }) => {
    uploadRepositoryAvatar(avatarServices(ctx), repo, await imageOf(ctx));
    ctx.empty();
  }),
  repoDeleteAvatar: repoRoute(repoAdmin, (ctx, { repo }) => {
    deleteRepositoryAvatar(avatarServices(ctx), repo);
    ctx.empty();
  }),
};
