import { toUser, userListJson } from '../convert/user';
import { notFound } from '../domain/errors';
import { createUser, deleteUser, editUser } from '../services/users';
import { adminListUsers, findUserByName, type UserRow } from '../store/users';
import type { RequestContext } from '../http/context';
import type { HandlerMap } from './handler';

const visibilities = ['public', 'limited', 'private'] as const;

function targetUser(ctx: RequestContext): UserRow {
  const name = ctx.param('username');
  const user = findUserByName(ctx.db, name);
  if (!user) throw notFound(`user does not exist [name: ${name}]`);
  return user;
}

export const adminUserHandlers: HandlerMap = {
  adminSearchUsers: (ctx) => {
    const paging = ctx.paging;
    const sort = ctx.args.sort;
    const { rows, total } = adminListUsers(ctx.db, {
      keyword: ctx.args.q?.trim(),
      loginName: ctx.args.login_name,
      sourceId: ctx.args.source_id,
      visibility: visibilities.find((v) => v === ctx.args.visibility),
      isActive: ctx.args.is_active,
      isAdmin: ctx.args.is_admin,
      isRestricted: ctx.args.is_restricted,
      isProhibitLogin: ctx.args.is_prohibit_login,
      sort: sort === 'created' || sort === 'updated' || sort === 'id' ? sort : 'name',
      order: ctx.args.order === 'desc' ? 'desc' : 'asc',
      offset: paging.offset,
      limit: paging.limit,
    });
    ctx.listJson(userListJson(ctx, rows), total, paging);
  },

  adminCreateUser: async (ctx) => {
    const body = await ctx.body();
    const user = createUser(ctx.db, {
      username: body.string('username', { required: true, nonEmpty: true, maxLength: 40 }),
      email: body.string('email', { required: true, nonEmpty: true, maxLength: 254 }).trim(),
      password: body.string('password', { required: true, nonEmpty: true, maxLength: 255 }),
      fullName: body.string('full_name', { maxLength: 255 }),
      loginName: body.string('login_name'),
      // Gitea forces a password change unless told otherwise.
      mustChangePassword: body.boolean('must_change_password') ?? true,
      restricted: body.boolean('restricted'),
      visibility: body.oneOf('visibility', visibilities),
    });
    ctx.json(toUser(ctx, user));
  },

  adminEditUser: async (ctx) => {
    const user = targetUser(ctx);
    const body = await ctx.body();
    const edited = editUser(ctx.db, user, {
      email: body.string('email', { maxLength: 254 })?.trim(),
      fullName: body.string('full_name', { maxLength: 255 }),
      loginName: body.string('login_name'),
      sourceId: body.integer('source_id'),
      password: body.string('password', { maxLength: 255 }),
      mustChangePassword: body.boolean('must_change_password'),
      website: body.string('website', { maxLength: 255 }),
      location: body.string('location', { maxLength: 50 }),
      description: body.string('description', { maxLength: 255 }),
      active: body.boolean('active'),
      admin: body.boolean('admin'),
      allowGitHook: body.boolean('allow_git_hook'),
      allowImportLocal: body.boolean('allow_import_local'),
      allowCreateOrganization: body.boolean('allow_create_organization'),
      maxRepoCreation: body.integer('max_repo_creation'),
      prohibitLogin: body.boolean('prohibit_login'),
      restricted: body.boolean('restricted'),
      visibility: body.oneOf('visibility', visibilities),
    });
    ctx.json(toUser(ctx, edited));
  },

  adminDeleteUser: (ctx) => {
    deleteUser(ctx.db, targetUser(ctx), ctx.requireUser());
    ctx.empty();
  },
};
