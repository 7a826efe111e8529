import { invalid, malformed } from '../../domain/errors';
import type { Database } from '../../store/database';
import {
  findWebhookById,
  insertWebhook,
  updateWebhook,
  type HookScope,
  type WebhookChanges,
  type WebhookRow,
} from '../../store/hooks';
import type { AddressPolicy } from '../addressPolicy';
import { isValidBranchFilter } from './branchFilter';
import { parseHookEvents, serializeHookEvents } from './hookEvents';

/** The hook types this server can deliver: Gitea's own, Gogs' (the same payloads), and two chat formats. */
export const hookTypes = ['gitea', 'gogs', 'slack', 'discord'] as const;
export type HookType = (typeof hookTypes)[number];

export const hookContentTypes = ['json', 'form'] as const;

/** The chat extras of slack and discord hooks (Gitea's SlackMeta). */
export interface HookMeta {
  channel?: string;
  username?: string;
  icon_url?: string;
  color?: string;
}

/** CreateHookOption, as the route read it. */
export interface CreateHookInput {
  readonly type: string;
  readonly config: Readonly<Record<string, string>>;
  readonly events?: readonly string[];
  readonly active?: boolean;
  readonly branchFilter?: string;
  readonly authorizationHeader?: string;
  readonly name?: string;
}

/** EditHookOption: only what was sent changes. */
export interface EditHookInput {
  readonly config?: Readonly<Record<string, string>>;
  readonly events?: readonly string[];
  readonly active?: boolean;
  readonly branchFilter?: string;
  readonly authorizationHeader?: string;
  readonly name?: string;
}

export interface HookServices {
  readonly db: Database;
  /** Decides which targets the server may post to (the same policy as migration sources). */
  readonly policy: AddressPolicy;
}

const isHookType = (type: string): type is HookType => (hookTypes as readonly string[]).includes(type);

export function readHookMeta(json: string): HookMeta {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null ? (value as HookMeta) : {};
  } catch {
    return {};
  }
}

// Gitea's IsValidSlackChannel: Slack's own naming rule, with an optional leading '#'.
const slackChannel = /^#?[a-z0-9_-]{1,80}$/;

function chatMeta(type: HookType, config: Readonly<Record<string, string>>): HookMeta | undefined {
  if (type === 'slack') {
    const channel = config['channel']?.trim();
    if (channel === undefined) throw invalid('Missing config option: channel');
    // Gitea answers 400 here, not 422.
    if (!slackChannel.test(channel)) throw malformed('Invalid slack channel name');
    return {
      channel,
      username: config['username'] ?? '',
      icon_url: config['icon_url'] ?? '',
      color: config['color'] ?? '',
    };
  }
  if (type === 'discord') return { username: config['username'] ?? '', icon_url: config['icon_url'] ?? '' };
  return undefined;
}

/** A target URL the server may post to: http(s), and allowed by the address policy (422 otherwise). */
async function checkedTarget(policy: AddressPolicy, url: string): Promise<string> {
  if (!URL.canParse(url)) throw invalid(`Invalid config option: url "${url}" is not a URL`);
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid('Invalid config option: url must be an http or https URL');
  }
  await policy.check(parsed);
  return url;
}

function checkBranchFilter(filter: string | undefined): void {
  if (filter !== undefined && !isValidBranchFilter(filter)) throw invalid('[BranchFilter]: GlobPattern');
}

// Go's strconv.ParseBool, which Gitea reads `config.is_system_webhook` with
const goBooleans: Readonly<Record<string, boolean>> = Object.fromEntries([
  ...['1', 't', 'T', 'TRUE', 'true', 'True'].map((word) => [word, true] as const),
  ...['0', 'f', 'F', 'FALSE', 'false', 'False'].map((word) => [word, false] as const),
]);

/**
 * Where a new hook goes: an administrator's hook is a system hook when `config.is_system_webhook` says so,
 * else a default one. Gitea checks the value for every hook (422) but it matters only there.
 */
function creationScope(scope: HookScope, config: Readonly<Record<string, string>>): HookScope {
  const flag = config['is_system_webhook'] ?? '';
  const system = flag === '' ? false : goBooleans[flag];
  if (system === undefined) throw invalid('Invalid is_system_webhook value');
  return 'admin' in scope ? { admin: system ? 'system' : 'default' } : scope;
}

/**
 * Gitea's checkCreateHookOption and addHook, then the address policy on the target. `{ admin }` as the
 * scope makes an administrator's hook, system or default by its config.
 */
export async function createHook(
  services: HookServices,
  scope: HookScope,
  input: CreateHookInput,
): Promise<WebhookRow> {
  checkBranchFilter(input.branchFilter);
  const type = input.type.trim();
  if (!isHookType(type)) throw invalid(`Invalid hook type: ${input.type}`);
  for (const name of ['url', 'content_type']) {
    if (input.config[name] === undefined) throw invalid(`Missing config option: ${name}`);
  }
  const contentType = input.config['content_type']!;
  if (!(hookContentTypes as readonly string[]).includes(contentType)) throw invalid('Invalid content type');
  const meta = chatMeta(type, input.config);
  const target = creationScope(scope, input.config);
  const url = await checkedTarget(services.policy, input.config['url']!);
  const id = insertWebhook(services.db, target, {
    name: input.name ?? '',
    type,
    url,
    content_type: contentType,
    secret: input.config['secret'] ?? '',
    events: serializeHookEvents(parseHookEvents(input.events)),
    branch_filter: input.branchFilter ?? '',
    authorization_header: input.authorizationHeader ?? '',
    meta: JSON.stringify(meta ?? {}),
    // the API's default, as Gitea's CreateHookOption: a new hook is inactive unless asked
    active: input.active ?? false,
  });
  return findWebhookById(services.db, id)!;
}

/**
 * Gitea's editHook, except that fields left out keep their value (Gitea resets the events to push and
 * clears the branch filter and authorization header when they are not sent).
 */
export async function editHook(
  services: HookServices,
  hook: WebhookRow,
  input: EditHookInput,
): Promise<WebhookRow> {
  checkBranchFilter(input.branchFilter);
  const changes: WebhookChanges = {};
  const config = input.config ?? {};
  const contentType = config['content_type'];
  if (contentType !== undefined) {
    if (!(hookContentTypes as readonly string[]).includes(contentType)) throw invalid('Invalid content type');
    changes.content_type = contentType;
  }
  if (config['secret'] !== undefined) changes.secret = config['secret'];
  if (hook.type === 'slack' && config['channel'] !== undefined)
    changes.meta = JSON.stringify(chatMeta('slack', config));
  if (hook.type === 'discord') {
    const sent = ['username', 'icon_url'].filter((key) => config[key] !== undefined);
    if (sent.length > 0) {
      const extras = Object.fromEntries(sent.map((key) => [key, config[key]]));
      changes.meta = JSON.stringify({ ...readHookMeta(hook.meta), ...extras });
    }
  }
  if (input.events !== undefined) changes.events = serializeHookEvents(parseHookEvents(input.events));
  if (input.branchFilter !== undefined) changes.branch_filter = input.branchFilter;
  if (input.authorizationHeader !== undefined) changes.authorization_header = input.authorizationHeader;
  if (input.active !== undefined) changes.is_active = input.active;
  if (input.name !== undefined) changes.name = input.name;
  if (config['url'] !== undefined) changes.url = await checkedTarget(services.policy, config['url']);
  updateWebhook(services.db, hook.id, changes);
  return findWebhookById(services.db, hook.id)!;
}
