import { toLabel, toLabels } from '../convert/label';
import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { invalid, notFound } from '../domain/errors';
import { normalizeLabelColor } from '../services/labels';
import {
  deleteLabel,
  findLabel,
  findLabelByName,
  insertLabel,
  listLabels,
  updateLabel,
  type LabelFields,
  type LabelOwner,
  type LabelRow,
} from '../store/labels';
import { userType, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';
import { orgRoute, readRepo, repoRoute, trackerWriter } from './guards';

/** CreateLabelOption: name and color required (Gitea's binding), one colour format. */
function newLabelFields(body: BodyFields): LabelFields {
  return {
    name: body.string('name', { required: true, nonEmpty: true, maxLength: 50 }),
    color: normalizeLabelColor(body.string('color', { required: true })),
    description: body.string('description', { maxLength: 200 }) ?? '',
    exclusive: body.boolean('exclusive') ?? false,
    archived: body.boolean('is_archived') ?? false,
  };
}

/** EditLabelOption: only what was sent changes; a name, when sent, may not be empty. */
function labelChanges(body: BodyFields): Partial<LabelFields> {
  const name = body.string('name', { maxLength: 50 });
  if (name !== undefined && name.trim() === '') throw invalid('[Name]: Required');
  const color = body.string('color');
  return {
    name,
    color: color === undefined ? undefined : normalizeLabelColor(color),
    description: body.string('description', { maxLength: 200 }),
    exclusive: body.boolean('exclusive'),
    archived: body.boolean('is_archived'),
  };
}

/** A label by id, or by name as Gitea's GetLabel also allows; 404 otherwise. */
function labelOf(ctx: RequestContext, owner: LabelOwner): LabelRow {
  const raw = ctx.param('id');
  const byId = /^\d{1,15}$/.test(raw) ? findLabel(ctx.db, owner, Number(raw)) : undefined;
  const label = byId ?? findLabelByName(ctx.db, owner, raw);
  if (!label) throw notFound(`label does not exist [id: ${raw}]`);
  return label;
}

/** The organization of an `{org}` path the caller may see; a user is not an organization (404). */
function visibleOrg(ctx: RequestContext): UserRow {
  const org = visibleAccount(ctx, ctx.param('org'));
  if (org.type !== userType.organization) throw notFound(`org does not exist [name: ${ctx.param('org')}]`);
  return org;
}

export const labelHandlers: HandlerMap = {
  issueListLabels: repoRoute(readRepo, (ctx, { repo }) => {
    const paging = ctx.paging;
    const { rows, total } = listLabels(ctx.db, { repoId: repo.id }, paging);
    ctx.list(toLabels(ctx, rows), total, paging);
  }),

  issueGetLabel: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.json(toLabel(ctx, labelOf(ctx, { repoId: repo.id })));
  }),

  issueCreateLabel: repoRoute(trackerWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    ctx.json(toLabel(ctx, insertLabel(ctx.db, { repoId: repo.id }, newLabelFields(body))));
  }),

  issueEditLabel: repoRoute(trackerWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    const label = labelOf(ctx, { repoId: repo.id });
    ctx.json(toLabel(ctx, updateLabel(ctx.db, label, labelChanges(body))));
  }),

  issueDeleteLabel: repoRoute(trackerWriter, (ctx, { repo }) => {
    deleteLabel(ctx.db, labelOf(ctx, { repoId: repo.id }).id);
    ctx.empty();
  }),

  orgListLabels: (ctx) => {
    const org = visibleOrg(ctx);
    const paging = ctx.paging;
    const { rows, total } = listLabels(ctx.db, { orgId: org.id }, paging);
    ctx.list(toLabels(ctx, rows), total, paging);
  },

  orgGetLabel: (ctx) => {
    const org = visibleOrg(ctx);
    ctx.json(toLabel(ctx, labelOf(ctx, { orgId: org.id })));
  },

  // Writes to an organization's labels: its owners (and site admins).
  orgCreateLabel: orgRoute('owner', async (ctx, org) => {
    const body = await ctx.body();
    ctx.json(toLabel(ctx, insertLabel(ctx.db, { orgId: org.id }, newLabelFields(body))));
  }),

  orgEditLabel: orgRoute('owner', async (ctx, org) => {
    const body = await ctx.body();
    const label = labelOf(ctx, { orgId: org.id });
    ctx.json(toLabel(ctx, updateLabel(ctx.db, label, labelChanges(body))));
  }),

  orgDeleteLabel: orgRoute('owner', (ctx, org) => {
    deleteLabel(ctx.db, labelOf(ctx, { orgId: org.id }).id);
    ctx.empty();
  }),
};
