import { nowSeconds, type Database } from './database';

export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed';

/** A row of `hook_delivery`: one event for one hook, and where its sending stands. */
export interface DeliveryRow {
  id: number;
  hook_id: number;
  uuid: string;
  event_type: string;
  /** The body as sent (JSON text shaped for the hook's type). */
  payload: string;
  state: DeliveryState;
  attempts: number;
  /** Unix milliseconds. */
  next_attempt_at: number;
  created: number;
  delivered: number;
}

/** A row of `hook_delivery_attempt`. */
export interface AttemptRow {
  id: number;
  delivery_id: number;
  attempt: number;
  url: string;
  request_headers: string;
  response_status: number;
  response_headers: string;
  response_body: string;
  error: string;
  is_succeed: boolean;
  /** Unix milliseconds. */
  started: number;
  duration_ms: number;
}

export type NewDelivery = Pick<DeliveryRow, 'hook_id' | 'uuid' | 'event_type' | 'payload'>;

export type NewAttempt = Omit<AttemptRow, 'id' | 'is_succeed'> & { succeeded: boolean };

export function insertDelivery(db: Database, delivery: NewDelivery, dueAt: number = Date.now()): number {
  return db.run(
    `INSERT INTO hook_delivery (hook_id, uuid, event_type, payload, state, attempts, next_attempt_at, created)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
    delivery.hook_id,
    delivery.uuid,
    delivery.event_type,
    delivery.payload,
    dueAt,
    nowSeconds(),
  ).lastInsertRowid;
}

export function findDelivery(db: Database, id: number): DeliveryRow | undefined {
  return db.get<DeliveryRow>('SELECT * FROM hook_delivery WHERE id = ?', id);
}

/**
 * Takes the next due pending delivery for sending (marks it `sending`), or undefined when none is due.
 * Hooks in `busyHooks` (one of theirs is being sent) are skipped: each hook gets one delivery at a time,
 * so a receiver that hangs holds one of the worker's slots, never all of them.
 */
export function claimDueDelivery(
  db: Database,
  now: number,
  busyHooks: readonly number[] = [],
): DeliveryRow | undefined {
  return db.transaction(() => {
    const row = db.get<DeliveryRow>(
      `SELECT * FROM hook_delivery WHERE state = 'pending' AND next_attempt_at <= ?
         AND hook_id NOT IN (SELECT value FROM json_each(?))
       ORDER BY next_attempt_at, id LIMIT 1`,
      now,
      JSON.stringify(busyHooks),
    );
    if (row) db.run(`UPDATE hook_delivery SET state = 'sending' WHERE id = ?`, row.id);
    return row ? { ...row, state: 'sending' } : undefined;
  });
}

/** When the next pending delivery of a hook not in `busyHooks` falls due (unix milliseconds), if any is waiting. */
export function nextPendingAt(db: Database, busyHooks: readonly number[] = []): number | undefined {
  return (
    db.get<{ at: number | null }>(
      `SELECT min(next_attempt_at) AS at FROM hook_delivery
       WHERE state = 'pending' AND hook_id NOT IN (SELECT value FROM json_each(?))`,
      JSON.stringify(busyHooks),
    )?.at ?? undefined
  );
}

/** Deliveries a stopped (or crashed) server was sending go back to the queue, their attempt not counted. */
export function releaseDelivery(db: Database, id: number): void {
  db.run(`UPDATE hook_delivery SET state = 'pending' WHERE id = ? AND state = 'sending'`, id);
}

export function releaseAllSending(db: Database): number {
  return db.run(`UPDATE hook_delivery SET state = 'pending' WHERE state = 'sending'`).changes;
}

/**
 * Records one attempt and where the delivery goes next: `delivered`, `failed` (no retry left), or back to
 * `pending` at `retryAt`.
 */
export function recordAttempt(
  db: Database,
  attempt: NewAttempt,
  next: { state: 'delivered' | 'failed' } | { state: 'pending'; retryAt: number },
): void {
  db.transaction(() => {
    // the hook (and its deliveries) may have been deleted while this attempt was on its way
    if (!findDelivery(db, attempt.delivery_id)) return;
    db.run(
      `INSERT INTO hook_delivery_attempt (delivery_id, attempt, url, request_headers, response_status,
         response_headers, response_body, error, is_succeed, started, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      attempt.delivery_id,
      attempt.attempt,
      attempt.url,
      attempt.request_headers,
      attempt.response_status,
      attempt.response_headers,
      attempt.response_body,
      attempt.error,
      attempt.succeeded,
      attempt.started,
      attempt.duration_ms,
    );
    db.run(
      `UPDATE hook_delivery SET state = ?, attempts = ?, next_attempt_at = ?, delivered = ? WHERE id = ?`,
      next.state,
      attempt.attempt,
      next.state === 'pending' ? next.retryAt : 0,
      Math.floor(attempt.started / 1000),
      attempt.delivery_id,
    );
  });
}

/** Newest first, as Gitea shows a hook's recent deliveries. */
export function listDeliveries(db: Database, hookId: number, limit: number, offset: number): DeliveryRow[] {
  return db.all<DeliveryRow>(
    'SELECT * FROM hook_delivery WHERE hook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    hookId,
    limit,
    offset,
  );
}

export function countDeliveries(db: Database, hookId: number): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM hook_delivery WHERE hook_id = ?', hookId)?.n ?? 0;
}

/** The attempts of several deliveries, in attempt order, grouped by delivery id. */
export function attemptsOf(db: Database, deliveryIds: readonly number[]): Map<number, AttemptRow[]> {
  const grouped = new Map<number, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return grouped;
  const rows = db.all<AttemptRow>(
    `SELECT * FROM hook_delivery_attempt WHERE delivery_id IN (SELECT value FROM json_each(?))
     ORDER BY delivery_id, attempt`,
    JSON.stringify(deliveryIds),
  );
  for (const row of rows) grouped.get(row.delivery_id)?.push(row);
  return grouped;
}

/** Deletes finished deliveries (delivered or given up) whose last attempt is older than `beforeSeconds`, with their attempts. */
export function deleteFinishedDeliveries(db: Database, beforeSeconds: number): number {
  return db.run(
    `DELETE FROM hook_delivery WHERE state IN ('delivered', 'failed') AND delivered < ?`,
    beforeSeconds,
  ).changes;
}
