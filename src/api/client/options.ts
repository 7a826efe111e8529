import type { HttpCacheOptions } from './httpCache';

/** How a request proves who it is. */
export type Auth =
  | { readonly kind: 'token'; readonly token: string }
  /** Gitea creates and lists access tokens only for Basic-authenticated callers; `otp` is for 2FA accounts. */
  | { readonly kind: 'basic'; readonly username: string; readonly password: string; readonly otp?: string }
  | { readonly kind: 'none' };

/** Milliseconds allowed to connect, to receive the response headers, and between two chunks of the body. */
export interface Timeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly bodyMs: number;
}

/**
 * `environment` reads HTTPS_PROXY / HTTP_PROXY / NO_PROXY (lower case too); an explicit proxy ignores
 * them, so a proxy configured in VS Code is not mixed with the process environment.
 */
export type ProxyOption = 'environment' | 'none' | { readonly url: string; readonly noProxy?: string };

export interface ClientOptions {
  /** The server's root URL, e.g. `https://gitea.example.com` or `https://host/gitea/`; `/api/v1` is added. */
  readonly baseUrl: string;
  readonly auth?: Auth;
  /** Run every request as this user (site administrators only): Gitea's `Sudo` header. */
  readonly sudo?: string;
  /** Teahouse's version, for the `User-Agent` header. */
  readonly version?: string;
  /** One number for all three timeouts, or each separately; 30 s each by default. */
  readonly timeout?: number | Partial<Timeouts>;
  /** How many times an idempotent request is retried after a network error, 502 or 503; 2 by default. */
  readonly retries?: number;
  /** The first back-off between retries, doubled each time; 250 ms by default. */
  readonly retryDelayMs?: number;
  /** A PEM file of extra certificate authorities trusted besides the system's. */
  readonly caFile?: string;
  /** Accept any server certificate: for a test server with a self-signed certificate only. */
  readonly ignoreCertificateErrors?: boolean;
  readonly proxy?: ProxyOption;
  /**
   * The server's `max_response_items` (`/settings/api`): a larger `limit` is lowered to it, since the
   * server would cut the page anyway and a caller counting on its size would skip items.
   */
  readonly maxPageSize?: number;
  /**
   * Keep a private in-memory HTTP cache of GET answers, revalidated with `If-None-Match` (a 304 costs no
   * body). Off by default; the extension turns it on, the server's own outgoing calls do not.
   */
  readonly httpCache?: HttpCacheOptions | boolean;
}

/** Per-call overrides: e.g. Basic auth once to create a token, then the token for everything else. */
export interface RequestOptions {
  readonly auth?: Auth;
  readonly sudo?: string;
  readonly signal?: AbortSignal;
}

export const defaultTimeoutMs = 30_000;
export const defaultRetries = 2;
export const defaultRetryDelayMs = 250;
/** A `Retry-After` longer than this is not waited for: the error is reported instead. */
export const maxRetryAfterMs = 10_000;

export function resolveTimeouts(timeout: ClientOptions['timeout']): Timeouts {
  if (typeof timeout === 'number') {
    return { connectMs: timeout, headersMs: timeout, bodyMs: timeout };
  }
  return {
    connectMs: timeout?.connectMs ?? defaultTimeoutMs,
    headersMs: timeout?.headersMs ?? defaultTimeoutMs,
    bodyMs: timeout?.bodyMs ?? defaultTimeoutMs,
  };
}
