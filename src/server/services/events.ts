import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';

/**
 * Repository events as Gitea names them for webhooks. Services emit one after each change they commit;
 * the webhook service (and notifications) subscribe. Emitting never fails the request that caused it.
 */
export type HookEventName =
  | 'create'
  | 'delete'
  | 'fork'
  | 'push'
  | 'issues'
  | 'issue_assign'
  | 'issue_label'
  | 'issue_milestone'
  | 'issue_comment'
  | 'pull_request'
  | 'pull_request_assign'
  | 'pull_request_label'
  | 'pull_request_milestone'
  | 'pull_request_comment'
  | 'pull_request_review_approved'
  | 'pull_request_review_rejected'
  | 'pull_request_review_comment'
  | 'pull_request_review_request'
  | 'pull_request_sync'
  | 'release'
  | 'repository'
  | 'wiki';

export interface RepositoryEvent {
  readonly event: HookEventName;
  /** The repository the event happened in; its owner's organization hooks see it too. */
  readonly repoId: number;
  readonly senderId: number;
  /** The issue or pull request (and comment) the event is about, for listeners that need no payload. */
  readonly subject?: { readonly number: number; readonly commentId?: number };
  /**
   * The rows the emitter holds, in the state the event happened in (the issue after the change), so that
   * listeners running inside the same transaction do not read them again.
   */
  readonly rows?: { readonly repo: RepositoryRow; readonly issue?: IssueRow };
  /**
   * Gitea's payload for this event (action, repository, sender, issue, changes…). Read it while the listener
   * runs: its costly members are shaped on first read (lazyPayload), in the state the event happened in.
   */
  readonly payload: Readonly<Record<string, unknown>>;
}

export type EventListener = (event: RepositoryEvent) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: RepositoryEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
