import type { AppServices } from '../appServices';
import { teahouseVersion } from '../../version';
import { addressPolicyFor } from '../mirrors';
import { DeliveryQueue } from './deliveryQueue';
import { DeliverySender } from './deliverySender';
import { queueDeliveries } from './hookQueueing';
import { deleteFinishedDeliveries } from '../../store/hookDeliveries';
import { nowSeconds } from '../../store/database';

/** How many deliveries are on their way at once. */
const concurrentDeliveries = 4;

const queues = new WeakMap<AppServices, DeliveryQueue>();

/** Gitea's `cleanup_hook_task_table` defaults: once a day, deliveries finished more than 7 days ago. */
const cleanupEveryMs = 24 * 3_600_000;
export const keepFinishedDeliveriesSeconds = 7 * 24 * 3600;

/**
 * Starts webhooks for a running server: every repository event queues its deliveries, and the worker
 * sends them (and those left from an earlier run); the cron task `cleanup_hook_task_table` removes old
 * finished deliveries. Stops with the server, before the database closes.
 */
export function startWebhooks(app: AppServices): void {
  const sender = new DeliverySender(addressPolicyFor(app), app.config.webhookTimeoutMs);
  const queue = new DeliveryQueue({
    db: app.db,
    log: app.log,
    sender,
    retryBaseMs: app.config.webhookRetryBaseMs,
    concurrency: concurrentDeliveries,
    userAgent: `Teahouse/${teahouseVersion}`,
  });
  const unsubscribe = app.events.subscribe((event) => {
    // The rows are written now; the sending starts once the emitting request has moved on.
    if (queueDeliveries(app.db, event) > 0) setImmediate(() => queue.wake());
  });
  queues.set(app, queue);
  queue.start();
  const cleanup = app.cron.register({
    name: 'cleanup_hook_task_table',
    everyMs: cleanupEveryMs,
    run: () => {
      const removed = deleteFinishedDeliveries(app.db, nowSeconds() - keepFinishedDeliveriesSeconds);
      if (removed > 0) app.log.info(`webhooks: removed ${removed} finished deliveries older than 7 days`);
      return Promise.resolve();
    },
  });
  app.onStop(async () => {
    unsubscribe();
    await cleanup.stop();
    await queue.stop();
    await sender.close();
  });
}

/** New rows were queued outside an event (a test delivery): send them now. */
export function wakeDeliveries(app: AppServices): void {
  const queue = queues.get(app);
  if (queue) setImmediate(() => queue.wake());
}
