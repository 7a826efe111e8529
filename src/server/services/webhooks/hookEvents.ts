import type { HookEventName } from '../events';

/**
 * Which events a hook wants, as Gitea's HookEvent: push only, everything, or a chosen set of the kinds
 * below. Review events are chosen together as `pull_request_review`.
 */
export interface HookEventSelection {
  readonly push_only: boolean;
  readonly send_everything: boolean;
  readonly choose_events: boolean;
  readonly events: readonly HookEventKind[];
}

/** The kinds a hook can choose, in the order Gitea lists them (modules/webhook HookEventType). */
export const hookEventKinds = [
  'create',
  'delete',
  'fork',
  'push',
  'issues',
  'issue_assign',
  'issue_label',
  'issue_milestone',
  'issue_comment',
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review',
  'pull_request_sync',
  'pull_request_review_request',
  'wiki',
  'repository',
  'release',
] as const;

export type HookEventKind = (typeof hookEventKinds)[number];

const issueKinds: readonly HookEventKind[] = [
  'issues',
  'issue_assign',
  'issue_label',
  'issue_milestone',
  'issue_comment',
];
const pullKinds: readonly HookEventKind[] = hookEventKinds.filter((kind) => kind.startsWith('pull_request'));

const isKind = (name: string): name is HookEventKind => (hookEventKinds as readonly string[]).includes(name);

export const pushOnlySelection: HookEventSelection = {
  push_only: false,
  send_everything: false,
  choose_events: true,
  events: ['push'],
};

/**
 * The `events` list of CreateHookOption / EditHookOption, read as Gitea's addHook does: empty means push;
 * `issues` brings every issue kind and `pull_request` every pull request kind (`issues_only` and
 * `pull_request_only` mean just the plain one); names it does not know are ignored. `*` (our addition,
 * the API has no other way to say it) sends everything.
 */
export function parseHookEvents(names: readonly string[] | undefined): HookEventSelection {
  const wanted = (names ?? []).map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (wanted.length === 0) return pushOnlySelection;
  if (wanted.includes('*'))
    return { push_only: false, send_everything: true, choose_events: false, events: [] };
  const chosen = new Set<HookEventKind>();
  for (const name of wanted) {
    if (name === 'issues') issueKinds.forEach((kind) => chosen.add(kind));
    else if (name === 'pull_request') pullKinds.forEach((kind) => chosen.add(kind));
    else if (name === 'issues_only') chosen.add('issues');
    else if (name === 'pull_request_only') chosen.add('pull_request');
    else if (isKind(name)) chosen.add(name);
  }
  return {
    push_only: false,
    send_everything: false,
    choose_events: true,
    events: hookEventKinds.filter((kind) => chosen.has(kind)),
  };
}

export function serializeHookEvents(selection: HookEventSelection): string {
  return JSON.stringify(selection);
}

/** The stored selection; anything unreadable counts as push only, the API's default. */
export function readHookEvents(json: string): HookEventSelection {
  try {
    const value = JSON.parse(json) as Partial<HookEventSelection>;
    return {
      push_only: value.push_only === true,
      send_everything: value.send_everything === true,
      choose_events: value.choose_events === true,
      events: Array.isArray(value.events) ? value.events.filter((name: string) => isKind(name)) : [],
    };
  } catch {
    return pushOnlySelection;
  }
}

/** The Hook JSON's `events`: every kind for "everything", as Gitea's EventsArray. */
export function hookEventsArray(selection: HookEventSelection): string[] {
  if (selection.send_everything) return [...hookEventKinds];
  if (selection.push_only) return ['push'];
  return [...selection.events];
}

const reviewEvents = new Set<HookEventName>([
  'pull_request_review_approved',
  'pull_request_review_rejected',
  'pull_request_review_comment',
]);

/** Whether a hook with this selection receives `event` (Gitea's Webhook.HasEvent). */
export function selectionHas(selection: HookEventSelection, event: HookEventName): boolean {
  if (selection.send_everything) return true;
  if (selection.push_only) return event === 'push';
  const kind: string = reviewEvents.has(event) ? 'pull_request_review' : event;
  return (selection.events as readonly string[]).includes(kind);
}

/** `X-Gitea-Event`: the coarse event a fine-grained type is reported as (Gitea's HookEventType.Event()). */
export function headerEventName(event: HookEventName): string {
  switch (event) {
    case 'issue_assign':
    case 'issue_label':
    case 'issue_milestone':
      return 'issues';
    case 'pull_request_assign':
    case 'pull_request_label':
    case 'pull_request_milestone':
    case 'pull_request_sync':
    case 'pull_request_review_request':
      return 'pull_request';
    case 'pull_request_comment':
      return 'issue_comment';
    case 'pull_request_review_approved':
      return 'pull_request_approved';
    case 'pull_request_review_rejected':
      return 'pull_request_rejected';
    case 'pull_request_review_comment':
      return 'pull_request_comment';
    default:
      return event;
  }
}
