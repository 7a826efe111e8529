import { toTeam } from '../convert/team';
import type { RequestContext } from '../http/context';
import { createTeam, deleteTeam, editTeam, type TeamInput } from '../services/teams';
import { checkUnits } from '../services/teamsUnits';
import { listOrgTeams, listUserTeams, searchOrgTeams, type TeamRow } from '../store/teams';
import { findUserById, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { orgRoute, teamRoute } from './guards';

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
  orgListTeams: orgRoute('member', (ctx, org) => {
    const paging = ctx.paging;
    const { rows, total } = listOrgTeams(ctx.db, org.id, paging);
    ctx.list(
      rows.map((team) => toTeam(ctx, team, null)),
      total,
      paging,
    );
  }),

  // Gitea's {ok, data} with X-Total-Count and Link; `include_desc` is true unless it says false.
  teamSearch: orgRoute('member', (ctx, org) => {
    const paging = ctx.paging;
    const { rows, total } = searchOrgTeams(
      ctx.db,
      org.id,
      (ctx.args.q ?? '').trim(),
      ctx.args.include_desc ?? true,
      paging,
    );
    ctx.setPagingHeaders(total, paging);
    ctx.json({ ok: true, data: rows.map((team) => toTeam(ctx, team, null)) });
  }),

  orgCreateTeam: orgRoute('owner', async (ctx, org) => {
    const team = createTeam(ctx.db, org, await teamInput(ctx));
    ctx.json(toTeam(ctx, team, org));
  }),

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

  // Outside the organization a team does not exist (404); org members outside the team get 403, as Gitea.
  orgGetTeam: teamRoute('member', (ctx, team) => {
    ctx.json(toTeam(ctx, team, teamOrg(ctx, team)));
  }),

  // Gitea answers an edit without `organization`.
  orgEditTeam: teamRoute('owner', async (ctx, team) => {
    ctx.json(toTeam(ctx, editTeam(ctx.db, team, await teamInput(ctx)), null));
  }),

  orgDeleteTeam: teamRoute('owner', (ctx, team) => {
    deleteTeam(ctx.db, team);
    ctx.empty();
  }),
};
