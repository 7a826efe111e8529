import { toUser, userListJson } from '../convert/user';
import { notFound } from '../domain/errors';
import { addTeamMember, removeTeamMember } from '../services/teams';
import { isTeamMember, listTeamMembers } from '../store/teams';
import type { HandlerMap } from './handler';
import { namedUser } from './organizations';
import { teamRoute } from './guards';

export const teamMemberHandlers: HandlerMap = {
  orgListTeamMembers: teamRoute('member', (ctx, team) => {
    const paging = ctx.paging;
    const { rows, total } = listTeamMembers(ctx.db, team.id, paging);
    ctx.listJson(userListJson(ctx, rows), total, paging);
  }),

  orgListTeamMember: teamRoute('member', (ctx, team) => {
    const user = namedUser(ctx);
    if (!isTeamMember(ctx.db, team.id, user.id)) {
      throw notFound(`user is not a member of the team [name: ${user.name}]`);
    }
    ctx.json(toUser(ctx, user));
  }),

  orgAddTeamMember: teamRoute('owner', (ctx, team) => {
    addTeamMember(ctx.db, team, namedUser(ctx));
    ctx.empty();
  }),

  orgRemoveTeamMember: teamRoute('owner', (ctx, team) => {
    removeTeamMember(ctx.db, team, namedUser(ctx));
    ctx.empty();
  }),
};
