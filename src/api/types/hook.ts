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
