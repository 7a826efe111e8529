import type { NotificationCount } from '../../api/types';
import { toNotificationThread, toNotificationThreads } from '../convert/notification';
import type { RequestContext } from '../http/context';
import { booleanValue } from '../http/queryArgs';
import { malformed } from '../domain/errors';
import { bodyTime, querySinceBefore } from '../services/issuesTime';
import {
  loadThread,
  markThreads,
  sourcesFromWords,
  statusesFromWords,
  statusFromWord,
} from '../services/notifications';
import {
  countNotifications,
  listNotifications,
  notificationStatus,
  setNotificationStatus,
  type NotificationFilter,
  type NotificationStatus,
} from '../store/notifications';
import type { HandlerMap } from './handler';
import { readRepo, repoRoute } from './guards';

/** The `to-status` of a change: unread, read or pinned; read when absent or unknown (Gitea). */
const targetStatus = (ctx: MarkContext | RequestContext<'notifyReadThread'>): NotificationStatus =>
  statusFromWord(ctx.args['to-status'] ?? '') ?? notificationStatus.read;

/**
 * Gitea's getFindNotificationOptions: `since`/`before` (422 when malformed), `status-types` (unread and
 * pinned unless given; ignored with `all`), `subject-type`.
 */
type ListContext = RequestContext<'notifyGetList' | 'notifyGetRepoList'>;
type MarkContext = RequestContext<'notifyReadList' | 'notifyReadRepoList'>;

function listFilter(ctx: ListContext, repoId?: number): NotificationFilter {
  const { since, before } = querySinceBefore(ctx.args);
  const all = ctx.args.all === true;
  return {
    userId: ctx.requireUser().id,
    repoId,
    since,
    before,
    statuses: all ? [] : statusesFromWords(ctx.args['status-types'] ?? [], ['unread', 'pinned']),
    sources: sourcesFromWords(ctx.args['subject-type'] ?? []),
  };
}

function listThreads(ctx: ListContext, repoId?: number): void {
  const filter = listFilter(ctx, repoId);
  const paging = ctx.paging;
  const { rows, total } = listNotifications(ctx.db, filter, paging);
  ctx.list(toNotificationThreads(ctx, rows), total, paging);
}

/**
 * Gitea's ReadNotifications: threads last updated at or before `last_read_at` (400 when malformed), of the
 * `status-types` (unread unless given; any with `all`), move to `to-status`; answers them with 205.
 */
function markThreadsAs(ctx: MarkContext, repoId?: number): void {
  const lastReadAt = ctx.args.last_read_at?.trim();
  let before: number | undefined;
  if (lastReadAt) {
    try {
      before = bodyTime('last_read_at', lastReadAt);
    } catch {
      throw malformed(`parsing time "${lastReadAt}" as RFC 3339 failed`);
    }
  }
  // Declared a string by Gitea's swagger; read as Gitea's QueryBool reads it (422 when neither).
  const all = ctx.args.all !== undefined && ctx.args.all !== '' && booleanValue('all', ctx.args.all);
  const filter: NotificationFilter = {
    userId: ctx.requireUser().id,
    repoId,
    before,
    statuses: all ? [] : statusesFromWords(ctx.args['status-types'] ?? [], ['unread']),
  };
  const changed = markThreads(ctx.db, filter, targetStatus(ctx));
  ctx.json(toNotificationThreads(ctx, changed));
}

export const notificationHandlers: HandlerMap = {
  notifyGetList: (ctx) => listThreads(ctx),
  notifyReadList: (ctx) => markThreadsAs(ctx),

  notifyGetRepoList: repoRoute(readRepo, (ctx, { repo }) => listThreads(ctx, repo.id)),
  notifyReadRepoList: repoRoute(readRepo, (ctx, { repo }) => markThreadsAs(ctx, repo.id)),

  // As the catalogue says: 200 with the count when something is unread, 204 when nothing is.
  notifyNewAvailable: (ctx) => {
    const unread = countNotifications(ctx.db, {
      userId: ctx.requireUser().id,
      statuses: [notificationStatus.unread],
    });
    if (unread === 0) return ctx.empty(204);
    const count: NotificationCount = { new: unread };
    ctx.json(count);
  },

  notifyGetThread: (ctx) => {
    const thread = loadThread(ctx.db, ctx.requireUser(), ctx.paramInt('id'));
    ctx.json(toNotificationThread(ctx, thread));
  },

  notifyReadThread: (ctx) => {
    const thread = loadThread(ctx.db, ctx.requireUser(), ctx.paramInt('id'));
    ctx.json(toNotificationThread(ctx, setNotificationStatus(ctx.db, thread.id, targetStatus(ctx))));
  },
};
