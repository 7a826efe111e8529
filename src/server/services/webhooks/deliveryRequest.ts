import { createHmac } from 'node:crypto';
import type { DeliveryRow } from '../../store/hookDeliveries';
import type { WebhookRow } from '../../store/hooks';
import type { HookEventName } from '../events';
import { headerEventName } from './hookEvents';
import { sendsForm } from './payloads/payloadBody';

/** One HTTP POST of a delivery: where, with which headers, and the exact body bytes. */
export interface DeliveryRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The headers as recorded: the Authorization value masked, as Gitea keeps it. */
  readonly recordedHeaders: Readonly<Record<string, string>>;
}

/** Gitea's signatures: hex HMAC-SHA256 (and SHA-1 for `X-Hub-Signature`); empty without a secret. */
export function signatures(secret: string, payload: string): { sha256: string; sha1: string } {
  if (secret === '') return { sha256: '', sha1: '' };
  return {
    sha256: createHmac('sha256', secret).update(payload).digest('hex'),
    sha1: createHmac('sha1', secret).update(payload).digest('hex'),
  };
}

/**
 * The request Gitea's deliver.go makes: JSON, or a form with the JSON in `payload` (the signature is of the
 * JSON payload either way, as in Gitea), and the Gitea / Gogs / GitHub headers.
 */
export function buildDeliveryRequest(
  hook: Pick<WebhookRow, 'type' | 'url' | 'content_type' | 'secret' | 'authorization_header'>,
  delivery: Pick<DeliveryRow, 'uuid' | 'event_type' | 'payload'>,
  userAgent: string,
): DeliveryRequest {
  const form = sendsForm(hook);
  const eventType = delivery.event_type;
  const event = headerEventName(eventType as HookEventName);
  const { sha256, sha1 } = signatures(hook.secret, delivery.payload);
  const headers: Record<string, string> = {
    'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    'User-Agent': userAgent,
    'X-Gitea-Delivery': delivery.uuid,
    'X-Gitea-Event': event,
    'X-Gitea-Event-Type': eventType,
    'X-Gitea-Signature': sha256,
    'X-Gogs-Delivery': delivery.uuid,
    'X-Gogs-Event': event,
    'X-Gogs-Event-Type': eventType,
    'X-Gogs-Signature': sha256,
    'X-Hub-Signature': `sha1=${sha1}`,
    'X-Hub-Signature-256': `sha256=${sha256}`,
    'X-GitHub-Delivery': delivery.uuid,
    'X-GitHub-Event': event,
    'X-GitHub-Event-Type': eventType,
  };
  const recordedHeaders = { ...headers };
  if (hook.authorization_header !== '') {
    headers['Authorization'] = hook.authorization_header;
    recordedHeaders['Authorization'] = '******';
  }
  const body = form ? new URLSearchParams({ payload: delivery.payload }).toString() : delivery.payload;
  return { url: hook.url, headers, body, recordedHeaders };
}
