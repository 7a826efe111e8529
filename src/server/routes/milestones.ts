import { toMilestone } from '../convert/milestone';
import { invalid } from '../domain/errors';
import { bodyTime } from '../services/issuesTime';
import { milestoneByIdOrName, milestoneStateFilter } from '../services/milestones';
import { deleteMilestone, insertMilestone, listMilestones, updateMilestone } from '../store/milestones';
import type { HandlerMap } from './handler';
import { readRepo, repoRoute, trackerWriter } from './guards';

const states = ['open', 'closed'] as const;

export const milestoneHandlers: HandlerMap = {
  issueGetMilestones: repoRoute(readRepo, (ctx, { repo }) => {
    const paging = ctx.paging;
    const { rows, total } = listMilestones(
      ctx.db,
      repo.id,
      { closed: milestoneStateFilter(ctx.args.state), name: ctx.args.name },
      paging,
    );
    ctx.list(rows.map(toMilestone), total, paging);
  }),

  issueGetMilestone: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.json(toMilestone(milestoneByIdOrName(ctx.db, repo, ctx.param('id'))));
  }),

  // A milestone needs a title here (Gitea's API would take an empty one; its web form would not).
  issueCreateMilestone: repoRoute(trackerWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    const dueOn = body.string('due_on');
    const milestone = insertMilestone(ctx.db, {
      repoId: repo.id,
      name: body.string('title', { required: true, nonEmpty: true, maxLength: 50 }).trim(),
      content: body.string('description') ?? '',
      deadlineUnix: dueOn ? bodyTime('due_on', dueOn) : 0,
      closed: body.oneOf('state', states) === 'closed',
    });
    ctx.json(toMilestone(milestone));
  }),

  issueEditMilestone: repoRoute(trackerWriter, async (ctx, { repo }) => {
    const milestone = milestoneByIdOrName(ctx.db, repo, ctx.param('id'));
    const body = await ctx.body();
    const title = body.string('title', { maxLength: 50 });
    if (title !== undefined && title.trim() === '') throw invalid('[Title]: Required');
    const dueOn = body.string('due_on');
    const state = body.oneOf('state', states);
    const updated = updateMilestone(ctx.db, milestone, {
      name: title?.trim(),
      content: body.string('description'),
      deadlineUnix: dueOn ? bodyTime('due_on', dueOn) : undefined,
      closed: state === undefined ? undefined : state === 'closed',
    });
    ctx.json(toMilestone(updated));
  }),

  issueDeleteMilestone: repoRoute(trackerWriter, (ctx, { repo }) => {
    deleteMilestone(ctx.db, milestoneByIdOrName(ctx.db, repo, ctx.param('id')));
    ctx.empty();
  }),
};
