import type { Badge } from '../../api/types';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { addUserBadges, removeUserBadges } from '../services/badges';
import { listUserBadges, type BadgeRow } from '../store/badges';
import { findUserByName, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';

export const toBadge = (row: BadgeRow): Badge => ({
  id: row.id,
  slug: row.slug,
  description: row.description,
  image_url: row.image_url,
});

/** `{username}` (Gitea's UserAssignmentAPI: an individual user, 404 otherwise). */
function badgeHolder(ctx: RequestContext): UserRow {
  const name = ctx.param('username');
  const user = findUserByName(ctx.db, name);
  if (!user) throw notFound(`user does not exist [name: ${name}]`);
  return user;
}

const slugsOf = async (ctx: RequestContext): Promise<string[]> =>
  (await ctx.body()).stringArray('badge_slugs') ?? [];

// The catalogue's `admin` auth let only site admins through.
export const adminBadgeHandlers: HandlerMap = {
  adminListUserBadges: (ctx) => {
    const badges = listUserBadges(ctx.db, badgeHolder(ctx).id);
    // Gitea answers them all, with their count, unpaged
    ctx.res.setHeader('X-Total-Count', String(badges.length));
    ctx.json(badges.map(toBadge));
  },

  adminAddUserBadges: async (ctx) => {
    const user = badgeHolder(ctx);
    addUserBadges(ctx.db, user.id, await slugsOf(ctx));
    ctx.empty();
  },

  adminDeleteUserBadges: async (ctx) => {
    const user = badgeHolder(ctx);
    removeUserBadges(ctx.db, user.id, await slugsOf(ctx));
    ctx.empty();
  },
};
