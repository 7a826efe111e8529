import { nowSeconds, type Database } from './database';

/**
 * A row of `webhook`: a repository's hook (`repo_id`), an account's (`owner_id`), or an administrator's
 * (neither: a system hook when `is_system_webhook`, else a default hook copied into new repositories).
 */
export interface WebhookRow {
  id: number;
  repo_id: number | null;
  owner_id: number | null;
  name: string;
  type: string;
  url: string;
  content_type: string;
  secret: string;
  /** JSON of the event selection (services/webhooks/hookEvents.ts). */
  events: string;
  branch_filter: string;
  authorization_header: string;
  /** JSON of the chat extras: channel, username, icon_url, color. */
  meta: string;
  is_active: boolean;
  is_system_webhook: boolean;
  created: number;
  updated: number;
}

/** Which administrator hooks: system hooks, default hooks, or both (Gitea's `type` of the admin list). */
export type AdminHookKind = 'system' | 'default' | 'all';

/** Where a hook hangs: a repository, an account, or the administrators. */
export type HookScope =
  { readonly repoId: number } | { readonly ownerId: number } | { readonly admin: AdminHookKind };

export type NewWebhook = Pick<
  WebhookRow,
  | 'name'
  | 'type'
  | 'url'
  | 'content_type'
  | 'secret'
  | 'events'
  | 'branch_filter'
  | 'authorization_header'
  | 'meta'
> & { active: boolean };

export type WebhookChanges = Partial<
  Pick<
    WebhookRow,
    | 'name'
    | 'url'
    | 'content_type'
    | 'secret'
    | 'events'
    | 'branch_filter'
    | 'authorization_header'
    | 'meta'
    | 'is_active'
  >
>;

/** The SQL condition selecting the hooks of `scope`, and its parameters. */
function scopeWhere(scope: HookScope): { sql: string; params: (number | boolean)[] } {
  if ('repoId' in scope) return { sql: 'repo_id = ?', params: [scope.repoId] };
  if ('ownerId' in scope) return { sql: 'owner_id = ?', params: [scope.ownerId] };
  const adminHooks = 'repo_id IS NULL AND owner_id IS NULL';
  if (scope.admin === 'all') return { sql: adminHooks, params: [] };
  return { sql: `${adminHooks} AND is_system_webhook = ?`, params: [scope.admin === 'system'] };
}

export function insertWebhook(db: Database, scope: HookScope, hook: NewWebhook): number {
  const now = nowSeconds();
  return db.run(
    `INSERT INTO webhook (repo_id, owner_id, name, type, url, content_type, secret, events, branch_filter,
       authorization_header, meta, is_active, is_system_webhook, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    'repoId' in scope ? scope.repoId : null,
    'ownerId' in scope ? scope.ownerId : null,
    hook.name,
    hook.type,
    hook.url,
    hook.content_type,
    hook.secret,
    hook.events,
    hook.branch_filter,
    hook.authorization_header,
    hook.meta,
    hook.active,
    'admin' in scope && scope.admin === 'system',
    now,
    now,
  ).lastInsertRowid;
}

export function findWebhookById(db: Database, id: number): WebhookRow | undefined {
  return db.get<WebhookRow>('SELECT * FROM webhook WHERE id = ?', id);
}

/** A hook by id, only if it belongs to `scope` (another repository's hook is not found). */
export function findScopedWebhook(db: Database, scope: HookScope, id: number): WebhookRow | undefined {
  const where = scopeWhere(scope);
  return db.get<WebhookRow>(`SELECT * FROM webhook WHERE id = ? AND ${where.sql}`, id, ...where.params);
}

/** Oldest first, as Gitea lists hooks (by id). */
export function listWebhooks(db: Database, scope: HookScope, limit: number, offset: number): WebhookRow[] {
  const where = scopeWhere(scope);
  return db.all<WebhookRow>(
    `SELECT * FROM webhook WHERE ${where.sql} ORDER BY id LIMIT ? OFFSET ?`,
    ...where.params,
    limit,
    offset,
  );
}

export function countWebhooks(db: Database, scope: HookScope): number {
  const where = scopeWhere(scope);
  return (
    db.get<{ n: number }>(`SELECT count(*) AS n FROM webhook WHERE ${where.sql}`, ...where.params)?.n ?? 0
  );
}

/**
 * The active hooks that see a repository's events: its own, its owner's (user and organization hooks) and
 * the system hooks (Gitea's PrepareWebhooks).
 */
export function activeWebhooksFor(
  db: Database,
  repoId: number,
  ownerId: number | undefined,
): readonly WebhookRow[] {
  // every event asks: kept until a hook changes, not until the next write of any kind
  return db.memoOf(['webhook'], `hooksFor:${repoId}:${ownerId}`, () =>
    db.all<WebhookRow>(
      `SELECT * FROM webhook WHERE is_active = 1
         AND (repo_id = ? OR owner_id = ? OR (repo_id IS NULL AND owner_id IS NULL AND is_system_webhook = 1))
       ORDER BY id`,
      repoId,
      ownerId ?? null,
    ),
  );
}

const changeColumns = [
  'name',
  'url',
  'content_type',
  'secret',
  'events',
  'branch_filter',
  'authorization_header',
  'meta',
  'is_active',
] as const satisfies readonly (keyof WebhookChanges)[];

export function updateWebhook(db: Database, id: number, changes: WebhookChanges): void {
  const columns = changeColumns.filter((column) => changes[column] !== undefined);
  if (columns.length === 0) return;
  db.run(
    `UPDATE webhook SET ${columns.map((column) => `${column} = ?`).join(', ')}, updated = ? WHERE id = ?`,
    ...columns.map((column) => changes[column]!),
    nowSeconds(),
    id,
  );
}

/** Deletes the hook (its deliveries go with it); false when it was not in `scope`. */
export function deleteScopedWebhook(db: Database, scope: HookScope, id: number): boolean {
  const where = scopeWhere(scope);
  return db.run(`DELETE FROM webhook WHERE id = ? AND ${where.sql}`, id, ...where.params).changes > 0;
}

/**
 * Gitea's CopyDefaultWebhooksToRepo: each default administrator hook becomes a hook of the new repository,
 * with its settings as they are now (later edits of the default do not reach the copies).
 */
export function copyDefaultWebhooks(db: Database, repoId: number): void {
  const now = nowSeconds();
  db.run(
    `INSERT INTO webhook (repo_id, name, type, url, content_type, secret, events, branch_filter,
       authorization_header, meta, is_active, created, updated)
     SELECT ?, name, type, url, content_type, secret, events, branch_filter, authorization_header, meta,
       is_active, ?, ?
     FROM webhook WHERE repo_id IS NULL AND owner_id IS NULL AND is_system_webhook = 0 ORDER BY id`,
    repoId,
    now,
    now,
  );
}
