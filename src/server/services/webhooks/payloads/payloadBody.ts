import type { WebhookRow } from '../../../store/hooks';
import type { HookEventName } from '../../events';
import { readHookMeta } from '../hookRules';
import { toDiscordPayload } from './discord';
import { summarize } from './messageSummary';
import { toSlackPayload } from './slack';

/**
 * The body a hook is sent for an event, shaped for its type: Gitea's payload as is for gitea and gogs
 * hooks (indented, as Gitea's JSONPayload), a chat message for slack and discord. Undefined when the hook
 * gets nothing: Gitea spares chat hooks the "0 new commits" of a push that brought none.
 */
export function payloadBodyFor(
  hook: Pick<WebhookRow, 'type' | 'meta'>,
  event: HookEventName,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  if (hook.type === 'gitea' || hook.type === 'gogs') return JSON.stringify(payload, null, 2);
  if (event === 'push' && (!Array.isArray(payload['commits']) || payload['commits'].length === 0))
    return undefined;
  const summary = summarize(event, payload);
  const meta = readHookMeta(hook.meta);
  const message = hook.type === 'slack' ? toSlackPayload(summary, meta) : toDiscordPayload(summary, meta);
  return JSON.stringify(message, null, 2);
}

/** Chat hooks always get JSON, whatever their content type (Gitea's newJSONRequest). */
export const sendsForm = (hook: Pick<WebhookRow, 'type' | 'content_type'>): boolean =>
  (hook.type === 'gitea' || hook.type === 'gogs') && hook.content_type === 'form';
