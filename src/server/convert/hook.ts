import type { Hook, HookDelivery, HookDeliveryAttempt } from '../../api/types/hook';
import type { HookEventName } from '../services/events';
import { headerEventName, hookEventsArray, readHookEvents } from '../services/webhooks/hookEvents';
import { readHookMeta } from '../services/webhooks/hookRules';
import type { AttemptRow, DeliveryRow } from '../store/hookDeliveries';
import type { WebhookRow } from '../store/hooks';
import { isoTime } from './time';

/**
 * Gitea's `ToHook`: `config` holds the URL and content type (and a slack hook's channel, username, icon
 * and colour; a discord hook's username and icon, our addition); the secret is never shown.
 */
export function toHook(row: WebhookRow): Hook {
  const config: Record<string, string> = { url: row.url, content_type: row.content_type };
  const meta = readHookMeta(row.meta);
  if (row.type === 'slack') {
    Object.assign(config, {
      channel: meta.channel ?? '',
      username: meta.username ?? '',
      icon_url: meta.icon_url ?? '',
      color: meta.color ?? '',
    });
  } else if (row.type === 'discord') {
    Object.assign(config, { username: meta.username ?? '', icon_url: meta.icon_url ?? '' });
  }
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    branch_filter: row.branch_filter,
    config,
    events: hookEventsArray(readHookEvents(row.events)),
    authorization_header: row.authorization_header,
    active: row.is_active,
    updated_at: isoTime(row.updated),
    created_at: isoTime(row.created),
  };
}

const parseRecord = (json: string): Record<string, string> => {
  try {
    return JSON.parse(json) as Record<string, string>;
  } catch {
    return {};
  }
};

function toAttempt(row: AttemptRow): HookDeliveryAttempt {
  return {
    attempt: row.attempt,
    delivered_at: new Date(row.started).toISOString(),
    duration_ms: row.duration_ms,
    is_succeed: row.is_succeed,
    error: row.error,
    request: { url: row.url, http_method: 'POST', headers: parseRecord(row.request_headers) },
    response: {
      status: row.response_status,
      headers: parseRecord(row.response_headers),
      body: row.response_body,
    },
  };
}

export function toHookDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): HookDelivery {
  return {
    id: row.id,
    uuid: row.uuid,
    hook_id: row.hook_id,
    event: headerEventName(row.event_type as HookEventName),
    event_type: row.event_type,
    state: row.state,
    is_delivered: row.state === 'delivered' || row.state === 'failed',
    is_succeed: row.state === 'delivered',
    attempts: row.attempts,
    created_at: isoTime(row.created),
    delivered_at: isoTime(row.delivered),
    next_attempt_at: row.state === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
    payload_content: row.payload,
    history: attempts.map(toAttempt),
  };
}
