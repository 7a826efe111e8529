import type { AppServices } from '../appServices';
import { teahouseVersion } from '../../version';
import { addressPolicyFor } from '../mirrors';
import { DeliveryQueue } from './deliveryQueue';
import { DeliverySender } from './deliverySender';
import { queueDeliveries } from './hookQueueing';

/** How many deliveries are on their way at once. */
const concurrentDeliveries = 4;

const queues = new WeakMap<AppServices, DeliveryQueue>();

/**
 * Starts webhooks for a running server: every repository event queues its deliveries, and the worker
 * sends them (and those left from an earlier run). Stops with the server, before the database closes.
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
  app.onStop(async () => {
    unsubscribe();
    await queue.stop();
    await sender.close();
  });
}

/** New rows were queued outside an event (a test delivery): send them now. */
export function wakeDeliveries(app: AppServices): void {
  const queue = queues.get(app);
  if (queue) setImmediate(() => queue.wake());
}
