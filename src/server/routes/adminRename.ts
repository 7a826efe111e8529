import { notFound } from '../domain/errors';
import { renameUser } from '../services/userRename';
import { findUserByName } from '../store/users';
import type { HandlerMap } from './handler';

// The catalogue's `admin` auth already answered 401/403 to everyone but site admins.
export const adminRenameHandlers: HandlerMap = {
  adminRenameUser: async (ctx) => {
    const user = findUserByName(ctx.db, ctx.param('username'));
    if (!user) throw notFound('user does not exist');
    const body = await ctx.body();
    const newName = body.string('new_username', { required: true });
    renameUser({ db: ctx.db, dataDir: ctx.app.config.dataDir }, user, newName);
    ctx.empty();
  },
};
