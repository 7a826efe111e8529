import { toTeam } from '../convert/team';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { assertOrgRole, assertTeamRole } from '../services/permissions';
import { createTeam, deleteTeam, editTeam, type TeamInput } from '../services/teams';
import { checkUnits } from '../services/teamsUnits';
import { findTeamById, listOrgTeams, listUserTeams, type TeamRow } from '../store/teams';
import { findUserById, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleOrg } from './organizations';

/** `{id}` as an existing team; 404 otherwise. Callers then check the caller's role with `assertTeamRole`. */
export function loadTeam(ctx: RequestContext): TeamRow {
  const id = ctx.paramInt('id');
  const team = findTeamById(ctx.db, id);
  if (!team) throw notFound(`team does not exist [id: ${id}]`);
  return team;
}

export function teamOrg(ctx: RequestContext, team: TeamRow): UserRow {
  return findUserById(ctx.db, team.org_id)!;
}

/** CreateTeamOption / EditTeamOption; `owner` is not a permission a team may be given (422). */
async function teamInput(ctx: RequestContext): Promise<TeamInput> {
  const body = await ctx.body();
  const { units, unitsMap } = checkUnits(body.stringArray('units'), body.stringMap('units_map'));
  return {
    name: body.string('name', { required: true, nonEmpty: true, maxLength: 255 }),
    description: body.string('description', { maxLength: 255 }),
    permission: body.oneOf('permission', ['read', 'write', 'admin'] as const),
    units,
    unitsMap,
    includesAllRepositories: body.boolean('includes_all_repositories'),
    canCreateOrgRepo: body.boolean('can_create_org_repo'),
  };
}

export const teamHandlers: HandlerMap = {
  // Gitea leaves `organization` out of an organization's own team list.
  orgListTeams: (ctx) => {
    const org = visibleOrg(ctx);
    assertOrgRole(ctx.db, ctx.user, org, 'member');
    const paging = ctx.paging;
    const { rows, total } = listOrgTeams(ctx.db, org.id, paging);
    ctx.list(
      rows.map((team) => toTeam(ctx, team, null)),
      total,
      paging,
    );
  },

  orgCreateTeam: async (ctx) => {
    const org = visibleOrg(ctx);
    assertOrgRole(ctx.db, ctx.user, org, 'owner');
    const team = createTeam(ctx.db, org, await teamInput(ctx));
    ctx.json(toTeam(ctx, team, org));
  },

  userListTeams: (ctx) => {
    const user = ctx.requireUser();
    const paging = ctx.paging;
    const { rows, total } = listUserTeams(ctx.db, user.id, paging);
    const orgs = new Map<number, UserRow>();
    const orgOf = (team: TeamRow): UserRow => {
      let org = orgs.get(team.org_id);
      if (!org) orgs.set(team.org_id, (org = teamOrg(ctx, team)));
      return org;
    };
    ctx.list(
      rows.map((team) => toTeam(ctx, team, orgOf(team))),
      total,
      paging,
    );
  },

  orgGetTeam: (ctx) => {
    const team = loadTeam(ctx);
    // Outside the organization a team does not exist (404); org members outside the team get 403, as Gitea.
    assertTeamRole(ctx.db, ctx.user, team, 'member');
    ctx.json(toTeam(ctx, team, teamOrg(ctx, team)));
  },

  // Gitea answers an edit without `organization`.
  orgEditTeam: async (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, 'owner');
    ctx.json(toTeam(ctx, editTeam(ctx.db, team, await teamInput(ctx)), null));
  },

  orgDeleteTeam: (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, 'owner');
    deleteTeam(ctx.db, team);
    ctx.empty();
  },
};
