import { toOrganization } from '../convert/organization';
import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import {
  createOrganization,
  deleteOrganization,
  editOrganization,
  type OrganizationInput,
} from '../services/organizations';
import { assertMayCreateOrganization, isSiteAdmin } from '../services/permissions';
import { listOrganizations, listOrganizationsOfUser } from '../store/organizations';
import { findUserByName, type UserRow, type Visibility } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleOrg } from './lookups';
import { visibleUser } from './lookups';
import { orgRoute } from './guards';

const visibilities = ['public', 'limited', 'private'] as const;

/** `{username}` as an existing user (not an organization); 404 otherwise. */
export function namedUser(ctx: RequestContext, name = ctx.param('username')): UserRow {
  const user = findUserByName(ctx.db, name);
  if (!user) throw notFound(`user does not exist [name: ${name}]`);
  return user;
}

/** CreateOrgOption / EditOrgOption fields, with Gitea's size limits. */
function organizationInput(body: BodyFields): OrganizationInput {
  return {
    fullName: body.string('full_name', { maxLength: 100 }),
    email: body.string('email', { maxLength: 255 })?.trim(),
    description: body.string('description', { maxLength: 255 }),
    website: body.string('website', { maxLength: 255 })?.trim(),
    location: body.string('location', { maxLength: 50 }),
    visibility: body.oneOf('visibility', visibilities),
    repoAdminChangeTeamAccess: body.boolean('repo_admin_change_team_access'),
  };
}

async function createFor(ctx: RequestContext, owner: UserRow): Promise<void> {
  const body = await ctx.body();
  const name = body.string('username', { required: true, nonEmpty: true, maxLength: 40 });
  const org = createOrganization(ctx.db, name, organizationInput(body), owner);
  ctx.json(toOrganization(ctx, org));
}

/** Gitea's organization list: public to all, limited to signed-in users (restricted: only their own), all to admins. */
function listableBy(viewer: UserRow | null): { visibilities: Visibility[]; memberOf?: number } {
  if (viewer === null) return { visibilities: ['public'] };
  if (isSiteAdmin(viewer)) return { visibilities: [...visibilities] };
  if (viewer.restricted) return { visibilities: ['public'], memberOf: viewer.id };
  return { visibilities: ['public', 'limited'] };
}

function listOrganizationsOf(ctx: RequestContext, user: UserRow): void {
  const viewer = ctx.requireUser();
  const paging = ctx.paging;
  // Gitea: oneself and admins see every membership; others only public memberships of organizations they may see.
  const everything = viewer.id === user.id || isSiteAdmin(viewer);
  const { rows, total } = listOrganizationsOfUser(
    ctx.db,
    user.id,
    everything ? { publicOnly: false } : { publicOnly: true, visibilities: ['public', 'limited'] },
    paging,
  );
  ctx.list(
    rows.map((org) => toOrganization(ctx, org)),
    total,
    paging,
  );
}

export const organizationHandlers: HandlerMap = {
  orgGetAll: (ctx) => {
    const paging = ctx.paging;
    const { rows, total } = listOrganizations(ctx.db, listableBy(ctx.user), paging);
    ctx.list(
      rows.map((org) => toOrganization(ctx, org)),
      total,
      paging,
    );
  },

  adminGetAllOrgs: (ctx) => {
    const paging = ctx.paging;
    const { rows, total } = listOrganizations(ctx.db, { visibilities: [...visibilities] }, paging);
    ctx.list(
      rows.map((org) => toOrganization(ctx, org)),
      total,
      paging,
    );
  },

  orgCreate: async (ctx) => {
    const user = ctx.requireUser();
    assertMayCreateOrganization(user);
    await createFor(ctx, user);
  },

  // The admin creates the organization for `{username}`, who becomes its owner.
  adminCreateOrg: async (ctx) => {
    await createFor(ctx, namedUser(ctx));
  },

  orgGet: (ctx) => {
    const json = toOrganization(ctx, visibleOrg(ctx));
    // Gitea hides the e-mail from anonymous callers.
    if (ctx.user === null) json.email = '';
    ctx.json(json);
  },

  orgEdit: orgRoute('owner', async (ctx, org) => {
    const body = await ctx.body();
    ctx.json(toOrganization(ctx, editOrganization(ctx.db, org, organizationInput(body))));
  }),

  orgDelete: orgRoute('owner', (ctx, org) => {
    deleteOrganization(ctx.db, org);
    ctx.empty();
  }),

  orgListCurrentUserOrgs: (ctx) => listOrganizationsOf(ctx, ctx.requireUser()),

  orgListUserOrgs: (ctx) => listOrganizationsOf(ctx, visibleUser(ctx, ctx.param('username'))),
};
