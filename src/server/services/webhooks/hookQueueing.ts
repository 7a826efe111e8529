import { randomUUID } from 'node:crypto';
import type { Database } from '../../store/database';
import { insertDelivery } from '../../store/hookDeliveries';
import { activeWebhooksFor, type WebhookRow } from '../../store/hooks';
import { findRepositoryById } from '../../store/repositories';
import type { HookEventName, RepositoryEvent } from '../events';
import { branchFilterMatches } from './branchFilter';
import { readHookEvents, selectionHas } from './hookEvents';
import { payloadBodyFor } from './payloads/payloadBody';

/**
 * The branch a payload is about, for branch filters, as Gitea's getPayloadBranch: a created or deleted
 * branch, or a push's ref (a branch by its short name; a tag push keeps its full `refs/tags/…` name).
 * Undefined for everything else: the filter does not apply.
 */
export function payloadBranch(event: RepositoryEvent): string | undefined {
  const { ref, ref_type: refType } = event.payload as { ref?: unknown; ref_type?: unknown };
  if (typeof ref !== 'string') return undefined;
  if (event.event === 'push') return ref.replace(/^refs\/heads\//, '');
  if ((event.event === 'create' || event.event === 'delete') && refType === 'branch') return ref;
  return undefined;
}

/** The owner of the event's repository; from the payload when the row is already gone. */
function ownerOf(db: Database, event: RepositoryEvent): number | undefined {
  const repo = event.rows?.repo ?? findRepositoryById(db, event.repoId);
  if (repo) return repo.owner_id;
  const owner = (event.payload['repository'] as { owner?: { id?: unknown } } | undefined)?.owner?.id;
  return typeof owner === 'number' ? owner : undefined;
}

function queueOne(
  db: Database,
  hook: WebhookRow,
  event: HookEventName,
  payload: Readonly<Record<string, unknown>>,
): boolean {
  const body = payloadBodyFor(hook, event, payload);
  if (body === undefined) return false;
  insertDelivery(db, { hook_id: hook.id, uuid: randomUUID(), event_type: event, payload: body });
  return true;
}

/**
 * Writes a delivery row for every active hook of the repository and of its owner that wants the event
 * (and whose branch filter lets it through). Runs in the event's listener, so the rows exist before the
 * request that caused the event has answered. Answers how many were queued.
 */
export function queueDeliveries(db: Database, event: RepositoryEvent): number {
  const hooks = activeWebhooksFor(db, event.repoId, ownerOf(db, event));
  // most repositories have no webhooks: no write transaction for them on every change
  if (hooks.length === 0) return 0;
  const branch = payloadBranch(event);
  return db.transaction(() => {
    let queued = 0;
    for (const hook of hooks) {
      if (!selectionHas(readHookEvents(hook.events), event.event)) continue;
      if (branch !== undefined && !branchFilterMatches(hook.branch_filter, branch)) continue;
      if (queueOne(db, hook, event.event, event.payload)) queued++;
    }
    return queued;
  });
}

/** A test delivery (`POST …/hooks/{id}/tests`): sent to this hook whatever it selects, active or not. */
export function queueTestDelivery(
  db: Database,
  hook: WebhookRow,
  payload: Readonly<Record<string, unknown>>,
): boolean {
  return queueOne(db, hook, 'push', payload);
}
