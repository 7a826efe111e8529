import { nowSeconds, type Database } from './database';

/** A row of `webhook`: a repository's hook (`repo_id`) or an account's (`owner_id`). Booleans are 0/1. */
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
  created: number;
  updated: number;
}

/** Where a hook hangs: exactly one of the two. */
export type HookScope = { readonly repoId: number } | { readonly ownerId: number };

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

const scopeColumn = (scope: HookScope): 'repo_id' | 'owner_id' =>
  'repoId' in scope ? 'repo_id' : 'owner_id';
const scopeId = (scope: HookScope): number => ('repoId' in scope ? scope.repoId : scope.ownerId);

export function insertWebhook(db: Database, scope: HookScope, hook: NewWebhook): number {
  const now = nowSeconds();
  return db.run(
    `INSERT INTO webhook (repo_id, owner_id, name, type, url, content_type, secret, events, branch_filter,
       authorization_header, meta, is_active, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    now,
    now,
  ).lastInsertRowid;
}

export function findWebhookById(db: Database, id: number): WebhookRow | undefined {
  return db.get<WebhookRow>('SELECT * FROM webhook WHERE id = ?', id);
}

/** A hook by id, only if it belongs to `scope` (another repository's hook is not found). */
export function findScopedWebhook(db: Database, scope: HookScope, id: number): WebhookRow | undefined {
  return db.get<WebhookRow>(
    `SELECT * FROM webhook WHERE id = ? AND ${scopeColumn(scope)} = ?`,
    id,
    scopeId(scope),
  );
}

/** Oldest first, as Gitea lists hooks (by id). */
export function listWebhooks(db: Database, scope: HookScope, limit: number, offset: number): WebhookRow[] {
  return db.all<WebhookRow>(
    `SELECT * FROM webhook WHERE ${scopeColumn(scope)} = ? ORDER BY id LIMIT ? OFFSET ?`,
    scopeId(scope),
    limit,
    offset,
  );
}

export function countWebhooks(db: Database, scope: HookScope): number {
  return (
    db.get<{ n: number }>(`SELECT count(*) AS n FROM webhook WHERE ${scopeColumn(scope)} = ?`, scopeId(scope))
      ?.n ?? 0
  );
}

/** The active hooks that see a repository's events: its own, and its owner's (organization hooks). */
export function activeWebhooksFor(db: Database, repoId: number, ownerId: number | undefined): WebhookRow[] {
  return db.all<WebhookRow>(
    'SELECT * FROM webhook WHERE is_active = 1 AND (repo_id = ? OR owner_id = ?) ORDER BY id',
    repoId,
    ownerId ?? null,
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
  return (
    db.run(`DELETE FROM webhook WHERE id = ? AND ${scopeColumn(scope)} = ?`, id, scopeId(scope)).changes > 0
  );
}
