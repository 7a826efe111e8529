import { repositoryListJson } from '../convert/repository';
import type { RequestContext } from '../http/context';
import { invalid, notFound } from '../domain/errors';
import { canSeeAccount } from '../services/permissions';
import { pageOfVisible, pageOfVisibleRepositories } from '../services/repositoryVisibility';
import type { RepositoryRow } from '../store/repositories';
import { repositorySortKeys, type RepositoryFilter, type RepositorySortKey } from '../store/repositorySearch';
import { findAccountByName, userType } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';

/** Answers the page of `rows` the caller may see, with X-Total-Count and Link over what they may see. */
export function listVisibleRepositories(ctx: RequestContext, rows: readonly RepositoryRow[]): void {
  const paging = ctx.paging;
  const { items, total } = pageOfVisible(ctx.db, ctx.user, rows, paging);
  ctx.listJson(repositoryListJson(ctx, items), total, paging);
}

/** The same for the repositories matching a filter, paged in the database. */
function listVisibleMatches(ctx: RequestContext, filter: RepositoryFilter): void {
  const paging = ctx.paging;
  const { items, total } = pageOfVisibleRepositories(ctx.db, ctx.user, filter, paging);
  ctx.listJson(repositoryListJson(ctx, items), total, paging);
}

const searchModes = ['fork', 'source', 'mirror', 'collaborative'] as const;

/** The query of `/repos/search`, validated as Gitea does (unknown mode, sort or order → 422). */
function searchFilter(ctx: RequestContext): RepositoryFilter {
  const mode = ctx.args.mode ?? '';
  if (mode !== '' && !(searchModes as readonly string[]).includes(mode)) {
    throw invalid(`Invalid search mode: "${mode}"`);
  }
  const sort = ctx.args.sort ?? '';
  const order = ctx.args.order || 'asc';
  if (sort !== '' && order !== 'asc' && order !== 'desc') throw invalid(`Invalid sort order: "${order}"`);
  if (sort !== '' && !(repositorySortKeys as readonly string[]).includes(sort)) {
    throw invalid(`Invalid sort mode: "${sort}"`);
  }
  const uid = ctx.args.uid ?? 0;
  const exclusive = ctx.args.exclusive ?? false;
  // Private repositories are included for signed-in callers unless `private=false`; the permission filter decides.
  const includePrivate = ctx.user !== null && (ctx.args.private ?? true);
  const filter: RepositoryFilter = {
    keywords: (ctx.args.q ?? '').split(','),
    includeDescription: ctx.args.includeDesc ?? false,
    topicOnly: ctx.args.topic ?? false,
    template: ctx.args.template,
    archived: ctx.args.archived,
    isPrivate: includePrivate ? ctx.args.is_private : false,
    starredBy: positive(ctx.args.starredBy),
    teamId: positive(ctx.args.team_id),
    priorityOwnerId: positive(ctx.args.priority_owner_id),
    sort: sort === '' ? 'alpha' : (sort as RepositorySortKey),
    order: sort === '' ? 'asc' : (order as 'asc' | 'desc'),
  };
  if (mode === 'source') Object.assign(filter, { fork: false, mirror: false });
  if (mode === 'fork') filter.fork = true;
  if (mode === 'mirror') filter.mirror = true;
  if (mode === 'collaborative') filter.mirror = false;
  if (uid > 0) {
    const relation = exclusive
      ? 'owned'
      : mode === 'collaborative'
        ? 'collaborative'
        : 'ownedOrCollaborative';
    filter.relatedTo = { userId: uid, relation };
  }
  return filter;
}

const searchOpen = Buffer.from('{"ok":true,"data":');
const searchClose = Buffer.from('}');

const positive = (value: number | undefined): number | undefined =>
  value !== undefined && value > 0 ? value : undefined;

export const repositoryListHandlers: HandlerMap = {
  repoSearch: (ctx) => {
    const paging = ctx.paging;
    const { items, total } = pageOfVisibleRepositories(ctx.db, ctx.user, searchFilter(ctx), paging);
    ctx.setPagingHeaders(total, paging);
    // Gitea wraps this list: {"ok": true, "data": [...]}; the list itself is the serialised cache's page
    ctx.jsonText(Buffer.concat([searchOpen, repositoryListJson(ctx, items), searchClose]));
  },

  // The caller's own repositories and those they reach as a collaborator or through a team, by name.
  userCurrentListRepos: (ctx) => {
    const user = ctx.requireUser();
    listVisibleMatches(ctx, { relatedTo: { userId: user.id, relation: 'ownedOrCollaborative' } });
  },

  userListRepos: (ctx) => {
    const account = visibleAccount(ctx, ctx.param('username'));
    listVisibleMatches(ctx, { ownerId: account.id, sort: 'id' });
  },

  orgListRepos: (ctx) => {
    const name = ctx.param('org');
    const org = findAccountByName(ctx.db, name);
    if (!org || org.type !== userType.organization || !canSeeAccount(ctx.db, ctx.user, org)) {
      throw notFound(`org does not exist [name: ${name}]`);
    }
    listVisibleMatches(ctx, { ownerId: org.id, sort: 'id' });
  },
};
