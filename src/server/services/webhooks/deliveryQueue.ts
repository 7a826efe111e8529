import type { Logger } from '../../log';
import type { Database } from '../../store/database';
import {
  claimDueDelivery,
  nextPendingAt,
  recordAttempt,
  releaseAllSending,
  releaseDelivery,
  type DeliveryRow,
} from '../../store/hookDeliveries';
import { findWebhookById } from '../../store/hooks';
import { buildDeliveryRequest } from './deliveryRequest';
import type { DeliverySender } from './deliverySender';

/** Waits before each retry, as multiples of the base delay (10 s → 10 s, 1 min, 5 min, 30 min, 2 h). */
export const retryMultipliers = [1, 6, 30, 180, 720] as const;
/** The first attempt and one per retry. */
export const maxAttempts = retryMultipliers.length + 1;

export interface DeliveryQueueOptions {
  readonly db: Database;
  readonly log: Logger;
  readonly sender: DeliverySender;
  /** The first retry's delay; later ones are multiples of it. */
  readonly retryBaseMs: number;
  /** How many deliveries are sent at once (a hanging receiver holds one slot until its timeout). */
  readonly concurrency: number;
  readonly userAgent: string;
}

interface InFlight {
  readonly hookId: number;
  readonly stop: AbortController;
  readonly done: Promise<void>;
}

/**
 * The delivery worker. The queue is the `hook_delivery` table: rows are written when events fire, and
 * this sends those that are due, off the request path, a few at a time; a failed attempt is recorded and
 * scheduled again with back-off until none is left. Rows survive restarts: whatever was being sent when
 * the server stopped goes back to pending, its attempt not counted.
 */
export class DeliveryQueue {
  private readonly inFlight = new Map<number, InFlight>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: DeliveryQueueOptions) {}

  start(): void {
    const resumed = releaseAllSending(this.options.db);
    if (resumed > 0) this.options.log.info(`webhooks: ${resumed} interrupted deliveries queued again`);
    this.pump();
  }

  /** New rows were queued: send what is due now. */
  wake(): void {
    if (!this.stopped) this.pump();
  }

  /** Aborts what is being sent (it stays queued) and waits for it, so the database can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const { stop } of this.inFlight.values()) stop.abort();
    await Promise.all([...this.inFlight.values()].map(({ done }) => done));
  }

  private pump(): void {
    const { db, concurrency } = this.options;
    while (!this.stopped && this.inFlight.size < concurrency) {
      const row = claimDueDelivery(db, Date.now(), this.busyHooks());
      if (!row) break;
      this.launch(row);
    }
    this.scheduleNext();
  }

  private scheduleNext(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped || this.inFlight.size >= this.options.concurrency) return;
    const next = nextPendingAt(this.options.db, this.busyHooks());
    if (next === undefined) return;
    this.timer = setTimeout(() => this.pump(), Math.max(0, next - Date.now()));
    // a waiting retry never keeps the process alive
    this.timer.unref();
  }

  /** Hooks with a delivery on its way: their next one waits for it (one at a time per hook, in order). */
  private busyHooks(): number[] {
    return [...new Set([...this.inFlight.values()].map(({ hookId }) => hookId))];
  }

  private launch(row: DeliveryRow): void {
    const stop = new AbortController();
    const done = this.deliver(row, stop.signal)
      .catch((error: unknown) => {
        this.options.log.error(`webhooks: delivery ${row.uuid} failed unexpectedly`, error);
        if (!this.stopped) releaseDelivery(this.options.db, row.id);
      })
      .finally(() => {
        this.inFlight.delete(row.id);
        if (!this.stopped) this.pump();
      });
    this.inFlight.set(row.id, { hookId: row.hook_id, stop, done });
  }

  private async deliver(row: DeliveryRow, stop: AbortSignal): Promise<void> {
    const { db, sender, log } = this.options;
    // The hook is read now, as Gitea does: an edited URL or secret applies to deliveries still queued.
    const hook = findWebhookById(db, row.hook_id);
    if (!hook) return;
    const request = buildDeliveryRequest(hook, row, this.options.userAgent);
    const outcome = await sender.send(request, stop);
    if (stop.aborted) {
      releaseDelivery(db, row.id);
      return;
    }
    const attempt = row.attempts + 1;
    const next = outcome.succeeded
      ? ({ state: 'delivered' } as const)
      : attempt >= maxAttempts
        ? ({ state: 'failed' } as const)
        : ({
            state: 'pending',
            retryAt: Date.now() + this.options.retryBaseMs * retryMultipliers[attempt - 1]!,
          } as const);
    recordAttempt(
      db,
      {
        delivery_id: row.id,
        attempt,
        url: request.url,
        request_headers: JSON.stringify(request.recordedHeaders),
        response_status: outcome.status,
        response_headers: JSON.stringify(outcome.headers),
        response_body: outcome.bodyExcerpt,
        error: outcome.error,
        succeeded: outcome.succeeded,
        started: outcome.startedAt,
        duration_ms: outcome.durationMs,
      },
      next,
    );
    if (!outcome.succeeded) {
      const what = next.state === 'failed' ? 'giving up' : 'will retry';
      log.info(`webhooks: delivery ${row.uuid} to hook ${hook.id} failed (${outcome.error}); ${what}`);
    } else {
      log.debug(
        `webhooks: delivered ${row.uuid} (${row.event_type}) to hook ${hook.id} in ${outcome.durationMs} ms`,
      );
    }
  }
}
