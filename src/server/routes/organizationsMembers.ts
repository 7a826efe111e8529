import { userListJson } from '../convert/user';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { removeOrganizationMember, setMembershipVisibility } from '../services/organizations';
import { assertMayChangeMembershipVisibility, isSiteAdmin, orgRole } from '../services/permissions';
import { findOrgMembership, listOrgMembers } from '../store/organizations';
import type { UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { namedUser } from './organizations';
import { visibleOrg } from './lookups';
import { orgRoute } from './guards';

/** Members see every member, and so do site admins; everyone else only public members they may see. */
function listMembers(ctx: RequestContext, org: UserRow, publicOnly: boolean): void {
  const viewer = ctx.user;
  const paging = ctx.paging;
  const visibleTo = isSiteAdmin(viewer)
    ? undefined
    : { id: viewer?.id ?? null, restricted: viewer?.restricted === true };
  const { rows, total } = listOrgMembers(
    ctx.db,
    org.id,
    { publicOnly, visibleTo: publicOnly ? visibleTo : undefined },
    paging,
  );
  ctx.listJson(userListJson(ctx, rows), total, paging);
}

const isPublicMember = (ctx: RequestContext, org: UserRow, user: UserRow): boolean =>
  findOrgMembership(ctx.db, org.id, user.id)?.is_public === true;

export const organizationMemberHandlers: HandlerMap = {
  orgListMembers: (ctx) => {
    const org = visibleOrg(ctx);
    const viewer = ctx.requireUser();
    listMembers(ctx, org, !isSiteAdmin(viewer) && orgRole(ctx.db, viewer, org) === 'none');
  },

  orgListPublicMembers: (ctx) => listMembers(ctx, visibleOrg(ctx), true),

  // The spec answers 204/404 where Gitea redirects non-members (303) to the public membership check:
  // members and site admins learn the real membership, others the public one.
  orgIsMember: (ctx) => {
    const org = visibleOrg(ctx);
    const viewer = ctx.requireUser();
    const user = namedUser(ctx);
    const seesAll = isSiteAdmin(viewer) || orgRole(ctx.db, viewer, org) !== 'none';
    const member = seesAll
      ? findOrgMembership(ctx.db, org.id, user.id) !== undefined
      : isPublicMember(ctx, org, user);
    if (!member) throw notFound(`user is not a member of the organization [name: ${user.name}]`);
    ctx.empty();
  },

  orgIsPublicMember: (ctx) => {
    const org = visibleOrg(ctx);
    const user = namedUser(ctx);
    if (!isPublicMember(ctx, org, user)) {
      throw notFound(`user is not a public member of the organization [name: ${user.name}]`);
    }
    ctx.empty();
  },

  orgDeleteMember: orgRoute('owner', (ctx, org) => {
    removeOrganizationMember(ctx.db, org, namedUser(ctx));
    ctx.empty();
  }),

  orgPublicizeMember: (ctx) => {
    const org = visibleOrg(ctx);
    const member = namedUser(ctx);
    assertMayChangeMembershipVisibility(ctx.db, ctx.requireUser(), org, member);
    setMembershipVisibility(ctx.db, org, member, true);
    ctx.empty();
  },

  orgConcealMember: (ctx) => {
    const org = visibleOrg(ctx);
    const member = namedUser(ctx);
    assertMayChangeMembershipVisibility(ctx.db, ctx.requireUser(), org, member);
    setMembershipVisibility(ctx.db, org, member, false);
    ctx.empty();
  },
};
