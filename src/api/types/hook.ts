// Webhooks.

/** A hook is a web hook when one repository changed */
export interface Hook {
  active: boolean;
  /** authorization header to include in webhook requests */
  authorization_header: string;
  /** branch filter pattern to determine which branches trigger the webhook */
  branch_filter: string;
  /** `url` and `content_type` (`json` or `form`); Gitea never echoes the secret */
  config: Record<string, string>;
  created_at: string;
  events: string[];
  id: number;
  /** optional human-readable name for the webhook */
  name: string;
  /** type of the webhook (e.g., gitea, slack, discord) */
  type: string;
  updated_at: string;
}

/** Options when create a hook */
export interface CreateHookOption {
  active?: boolean;
  /** authorization header to include in webhook requests */
  authorization_header?: string;
  /** branch filter pattern to determine which branches trigger the webhook */
  branch_filter?: string;
  /** `url` and `content_type` (`json` or `form`) are required; `secret` is optional */
  config: CreateHookOptionConfig;
  events?: string[];
  /** optional human-readable name for the webhook */
  name?: string;
  type:
    | 'dingtalk'
    | 'discord'
    | 'gitea'
    | 'gogs'
    | 'msteams'
    | 'slack'
    | 'telegram'
    | 'feishu'
    | 'wechatwork'
    | 'packagist';
}

/** Configuration of a new webhook: `url` and `content_type` are required */
export type CreateHookOptionConfig = Record<string, string>;

/** Options when modify one hook */
export interface EditHookOption {
  active?: boolean;
  /** authorization header to include in webhook requests */
  authorization_header?: string;
  /** branch filter pattern to determine which branches trigger the webhook */
  branch_filter?: string;
  config?: Record<string, string>;
  events?: string[];
  name?: string;
}

/** A git hook of a repository (`pre-receive`, `update`, `post-receive`) */
export interface GitHook {
  /** the script */
  content: string;
  is_active: boolean;
  name: string;
}

/** Options when modifying one git hook */
export interface EditGitHookOption {
  /** the new script */
  content?: string;
}

/** One attempt of a hook delivery: the request as sent and the answer, or the error. */
export interface HookDeliveryAttempt {
  attempt: number;
  delivered_at: string;
  duration_ms: number;
  is_succeed: boolean;
  /** Empty when the receiver answered. */
  error: string;
  request: { url: string; http_method: 'POST'; headers: Record<string, string> };
  /** `body` is an excerpt of the receiver's answer. */
  response: { status: number; headers: Record<string, string>; body: string };
}

/**
 * A hook delivery (Gitea's HookTask, shown by its web UI as a hook's recent deliveries): the event, the
 * payload as sent, where the queue stands, and every attempt. Not in Gitea's API; Teahouse serves it at
 * `/repos/{owner}/{repo}/hooks/{id}/deliveries`.
 */
export interface HookDelivery {
  id: number;
  uuid: string;
  hook_id: number;
  event: string;
  event_type: string;
  state: 'pending' | 'sending' | 'delivered' | 'failed';
  is_delivered: boolean;
  is_succeed: boolean;
  attempts: number;
  created_at: string;
  /** The last attempt's time (Go's zero time before the first). */
  delivered_at: string;
  /** When the next attempt is due, while one is pending. */
  next_attempt_at: string | null;
  payload_content: string;
  history: HookDeliveryAttempt[];
}
