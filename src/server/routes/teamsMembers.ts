import { toUser } from '../convert/user';
import { notFound } from '../domain/errors';
import { assertTeamRole } from '../services/permissions';
import { addTeamMember, removeTeamMember } from '../services/teams';
import { isTeamMember, listTeamMembers } from '../store/teams';
import type { HandlerMap } from './handler';
import { namedUser } from './organizations';
import { loadTeam } from './teams';

export const teamMemberHandlers: HandlerMap = {
  orgListTeamMembers: (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, 'member');
    const paging = ctx.paging;
    const { rows, total } = listTeamMembers(ctx.db, team.id, paging);
    ctx.list(
      rows.map((user) => toUser(ctx, user)),
      total,
      paging,
    );
  },

  orgListTeamMember: (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, 'member');
    const user = namedUser(ctx);
    if (!isTeamMember(ctx.db, team.id, user.id)) {
      throw notFound(`user is not a member of the team [name: ${user.name}]`);
    }
    ctx.json(toUser(ctx, user));
  },

  orgAddTeamMember: (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, 'owner');
    addTeamMember(ctx.db, team, namedUser(ctx));
    ctx.empty();
  },

  orgRemoveTeamMember: (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, 'owner');
    removeTeamMember(ctx.db, team, namedUser(ctx));
    ctx.empty();
  },
};
