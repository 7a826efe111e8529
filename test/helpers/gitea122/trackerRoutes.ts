import {
  dateOf,
  deleteRoute,
  failed,
  json,
  nilSlice,
  notFound,
  numbers,
  optionalText,
  page,
  text,
  type Answer,
  type RepoContext,
  type RepoRoute,
} from './routing';
import { toComment, toIssue, toLabel, toMilestone } from './shapes';
import { giteaTime, type DoubleIssue, type DoubleUser } from './world';

/** Labels, milestones, issues, comments and reactions of a repository held by the double. */

const colour = (value: string): string => value.replace(/^#/, '').toLowerCase();

export function issueOf(ctx: RepoContext, number: string | undefined): DoubleIssue | undefined {
  return ctx.repo.issues.find((issue) => issue.number === Number(number));
}

/** The assignees of a body, or the answer Gitea gives for one it refuses (422). */
export function assigneesOf(ctx: RepoContext): DoubleUser[] | Answer {
  const users: DoubleUser[] = [];
  const names = Array.isArray(ctx.body['assignees']) ? ctx.body['assignees'] : [];
  for (const name of names) {
    const user = typeof name === 'string' ? ctx.world.user(name) : undefined;
    if (!user) return failed(ctx, 422, `Assignee does not exist: [name: ${String(name)}]`);
    if (!ctx.world.canWrite(ctx.repo, user))
      return failed(ctx, 422, `user ${user.login} does not have access to repo ${ctx.repo.name}`);
    users.push(user);
  }
  return users;
}

/** The issue fields a create body carries, for an issue or a pull request. */
export function newIssue(
  ctx: RepoContext,
  id: number,
  extra: Pick<DoubleIssue, 'pull'> = {},
): DoubleIssue | Answer {
  const title = text(ctx, 'title');
  if (title.trim() === '') return failed(ctx, 422, '[Title]: Required');
  const assignees = assigneesOf(ctx);
  if (!Array.isArray(assignees)) return assignees;
  const now = giteaTime();
  const closed = ctx.body['closed'] === true;
  const milestone = Number(ctx.body['milestone']) || null;
  return {
    id,
    number: Math.max(0, ...ctx.repo.issues.map((issue) => issue.number)) + 1,
    poster: ctx.user!,
    title,
    body: text(ctx, 'body'),
    state: closed ? 'closed' : 'open',
    labels: numbers(ctx, 'labels').filter((label) => ctx.repo.labels.some((l) => l.id === label)),
    milestone: ctx.repo.milestones.some((m) => m.id === milestone) ? milestone : null,
    assignees,
    due: dateOf(ctx.body['due_date']),
    created: now,
    updated: now,
    closed: closed ? now : null,
    ...extra,
  };
}

function editIssue(ctx: RepoContext, issue: DoubleIssue): Answer | undefined {
  const { body } = ctx;
  if (typeof body['title'] === 'string') issue.title = body['title'];
  if (typeof body['body'] === 'string') issue.body = body['body'];
  if (body['state'] === 'open' || body['state'] === 'closed') {
    if (issue.state !== body['state']) issue.closed = body['state'] === 'closed' ? giteaTime() : null;
    issue.state = body['state'];
  }
  if (typeof body['milestone'] === 'number') issue.milestone = body['milestone'] || null;
  if (body['assignees'] !== undefined) {
    const assignees = assigneesOf(ctx);
    if (!Array.isArray(assignees)) return assignees;
    issue.assignees = assignees;
  }
  if (body['unset_due_date'] === true) issue.due = null;
  else if (body['due_date'] !== undefined) issue.due = dateOf(body['due_date']);
  issue.updated = giteaTime();
  return undefined;
}

const labelRoutes: RepoRoute[] = [
  {
    method: 'GET',
    pattern: /^\/labels$/,
    handle: (ctx) => page(ctx, ctx.repo.labels, (l) => toLabel(l, ctx.repo, ctx.origin)),
  },
  {
    method: 'POST',
    pattern: /^\/labels$/,
    write: true,
    handle: (ctx) => {
      const name = text(ctx, 'name');
      if (name === '') return failed(ctx, 422, '[Name]: Required');
      const label = {
        id: ctx.world.nextId('label'),
        name,
        color: colour(text(ctx, 'color')),
        description: text(ctx, 'description'),
      };
      ctx.repo.labels.push(label);
      return json(201, toLabel(label, ctx.repo, ctx.origin));
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/labels\/(\d+)$/,
    write: true,
    handle: (ctx) => {
      const label = ctx.repo.labels.find((l) => l.id === Number(ctx.params[0]));
      if (!label) return notFound(ctx);
      label.name = optionalText(ctx, 'name') ?? label.name;
      label.color = colour(optionalText(ctx, 'color') ?? label.color);
      label.description = optionalText(ctx, 'description') ?? label.description;
      return json(200, toLabel(label, ctx.repo, ctx.origin));
    },
  },
  deleteRoute(
    /^\/labels\/(\d+)$/,
    (ctx) => ctx.repo.labels,
    (label) => label.id,
  ),
];

const milestoneRoutes: RepoRoute[] = [
  {
    method: 'GET',
    pattern: /^\/milestones$/,
    handle: (ctx) => {
      const state = ctx.query.get('state') ?? 'open';
      const shown = ctx.repo.milestones.filter((m) => state === 'all' || m.state === state);
      return page(ctx, shown, (m) => toMilestone(m, ctx.repo));
    },
  },
  {
    method: 'POST',
    pattern: /^\/milestones$/,
    write: true,
    handle: (ctx) => {
      const title = text(ctx, 'title');
      if (title === '') return failed(ctx, 422, '[Title]: Required');
      const now = giteaTime();
      const closed = ctx.body['state'] === 'closed';
      const milestone = {
        id: ctx.world.nextId('milestone'),
        title,
        description: text(ctx, 'description'),
        state: closed ? ('closed' as const) : ('open' as const),
        dueOn: dateOf(ctx.body['due_on']),
        created: now,
        updated: now,
        closed: closed ? now : null,
      };
      ctx.repo.milestones.push(milestone);
      return json(201, toMilestone(milestone, ctx.repo));
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/milestones\/(\d+)$/,
    write: true,
    handle: (ctx) => {
      const milestone = ctx.repo.milestones.find((m) => m.id === Number(ctx.params[0]));
      if (!milestone) return notFound(ctx);
      milestone.title = optionalText(ctx, 'title') ?? milestone.title;
      milestone.description = optionalText(ctx, 'description') ?? milestone.description;
      if (ctx.body['due_on'] !== undefined) milestone.dueOn = dateOf(ctx.body['due_on']);
      const state = ctx.body['state'];
      if ((state === 'open' || state === 'closed') && state !== milestone.state) {
        milestone.state = state;
        milestone.closed = state === 'closed' ? giteaTime() : null;
      }
      milestone.updated = giteaTime();
      return json(200, toMilestone(milestone, ctx.repo));
    },
  },
  deleteRoute(
    /^\/milestones\/(\d+)$/,
    (ctx) => ctx.repo.milestones,
    (m) => m.id,
  ),
];

const issueRoutes: RepoRoute[] = [
  {
    method: 'GET',
    pattern: /^\/issues$/,
    handle: (ctx) => {
      const state = ctx.query.get('state') ?? 'open';
      const type = ctx.query.get('type');
      // newest first, Gitea's default order
      const shown = [...ctx.repo.issues]
        .reverse()
        .filter(
          (issue) =>
            (state === 'all' || issue.state === state) &&
            (type !== 'issues' || !issue.pull) &&
            (type !== 'pulls' || issue.pull),
        );
      return page(ctx, shown, (issue) => toIssue(issue, ctx.repo, ctx.origin));
    },
  },
  {
    method: 'POST',
    pattern: /^\/issues$/,
    write: true,
    handle: (ctx) => {
      const issue = newIssue(ctx, ctx.world.nextId('issue'));
      if (!('number' in issue)) return issue;
      ctx.repo.issues.push(issue);
      return json(201, toIssue(issue, ctx.repo, ctx.origin));
    },
  },
  {
    method: 'GET',
    pattern: /^\/issues\/(\d+)$/,
    handle: (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      return issue ? json(200, toIssue(issue, ctx.repo, ctx.origin)) : notFound(ctx);
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/issues\/(\d+)$/,
    write: true,
    handle: (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      if (!issue) return notFound(ctx);
      // Gitea answers an issue edit with 201
      return editIssue(ctx, issue) ?? json(201, toIssue(issue, ctx.repo, ctx.origin));
    },
  },
  deleteRoute(
    /^\/issues\/(\d+)$/,
    (ctx) => ctx.repo.issues,
    (issue) => issue.number,
  ),
  {
    method: 'PUT',
    pattern: /^\/issues\/(\d+)\/labels$/,
    write: true,
    handle: (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      if (!issue) return notFound(ctx);
      issue.labels = numbers(ctx, 'labels').filter((id) => ctx.repo.labels.some((l) => l.id === id));
      const labels = ctx.repo.labels.filter((label) => issue.labels.includes(label.id));
      return json(
        200,
        labels.map((label) => toLabel(label, ctx.repo, ctx.origin)),
      );
    },
  },
  {
    // Gitea appends reactions to a nil slice: an issue without any answers `null`
    method: 'GET',
    pattern: /^\/issues\/(\d+)\/reactions$/,
    handle: (ctx) => (issueOf(ctx, ctx.params[0]) ? nilSlice([], () => null) : notFound(ctx)),
  },
];

const commentRoutes: RepoRoute[] = [
  {
    method: 'GET',
    pattern: /^\/issues\/comments$/,
    handle: (ctx) => page(ctx, ctx.repo.comments, (c) => toComment(c, ctx.repo, ctx.origin)),
  },
  {
    method: 'GET',
    pattern: /^\/issues\/(\d+)\/comments$/,
    handle: (ctx) => {
      if (!issueOf(ctx, ctx.params[0])) return notFound(ctx);
      const comments = ctx.repo.comments.filter((c) => c.issueNumber === Number(ctx.params[0]));
      return json(
        200,
        comments.map((c) => toComment(c, ctx.repo, ctx.origin)),
        { 'x-total-count': String(comments.length) },
      );
    },
  },
  {
    method: 'POST',
    pattern: /^\/issues\/(\d+)\/comments$/,
    write: true,
    handle: (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      if (!issue) return notFound(ctx);
      const now = giteaTime();
      const comment = {
        id: ctx.world.nextId('comment'),
        issueNumber: issue.number,
        poster: ctx.user!,
        body: text(ctx, 'body'),
        created: now,
        updated: now,
      };
      ctx.repo.comments.push(comment);
      return json(201, toComment(comment, ctx.repo, ctx.origin));
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/issues\/comments\/(\d+)$/,
    write: true,
    handle: (ctx) => {
      const comment = ctx.repo.comments.find((c) => c.id === Number(ctx.params[0]));
      if (!comment) return notFound(ctx);
      comment.body = text(ctx, 'body');
      comment.updated = giteaTime();
      return json(200, toComment(comment, ctx.repo, ctx.origin));
    },
  },
  deleteRoute(
    /^\/issues\/comments\/(\d+)$/,
    (ctx) => ctx.repo.comments,
    (c) => c.id,
  ),
  {
    method: 'GET',
    pattern: /^\/issues\/comments\/(\d+)\/reactions$/,
    handle: (ctx) =>
      ctx.repo.comments.some((c) => c.id === Number(ctx.params[0]))
        ? nilSlice([], () => null)
        : notFound(ctx),
  },
];

export const trackerRoutes: readonly RepoRoute[] = [
  ...labelRoutes,
  ...milestoneRoutes,
  ...issueRoutes,
  ...commentRoutes,
];
