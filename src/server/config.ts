import path from 'node:path';
import type { LogLevel } from './log';

/** The largest request body the API reads unless `--body-limit` says otherwise. */
export const defaultBodyLimit = 10 * 1024 * 1024;

/** The largest release attachment unless `--attachment-max-size` says otherwise (Gitea's `[attachment] MAX_SIZE`). */
export const defaultAttachmentMaxBytes = 4 * 1024 * 1024;

/** How a server instance runs; built by `teahouse serve` from its flags and by tests directly. */
export interface ServerConfig {
  /** Holds `teahouse.db` and `repositories/<owner>/<name>.git`. */
  readonly dataDir: string;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Folders whose git repositories the server hosts in place (served by the git module). */
  readonly workspaces: readonly string[];
  /** The public URL ending in `/`; by default `http://<host>:<port>/` once the port is known. */
  readonly rootUrl?: string;
  readonly logLevel: LogLevel;
  /** Largest request body accepted, in bytes (413 beyond). */
  readonly bodyLimit: number;
  /** Largest release attachment, in bytes (413 beyond); its upload is a body like any other, within `bodyLimit`. */
  readonly attachmentMaxBytes: number;
  /** `--allowed-hosts`: loopback/private hosts the server may contact anyway (services/addressPolicy.ts). */
  readonly allowedHosts: readonly string[];
  /** `--mirror-interval`: seconds between background syncs of a mirror that did not choose its own. */
  readonly mirrorIntervalSeconds: number;
  /** `--webhook-timeout`: how long a webhook receiver may take to answer, in milliseconds. */
  readonly webhookTimeoutMs: number;
  /** `--webhook-retry-base`: the delay before a failed delivery's first retry, in milliseconds (later ones grow). */
  readonly webhookRetryBaseMs: number;
  /** `--markdown-timeout`: how long one markdown render may take before the escaped text is answered, in milliseconds. */
  readonly markdownTimeoutMs: number;
  /**
   * `--enable-git-hooks`: repository administrators allowed to (site admins, users with `allow_git_hook`)
   * may set server-side git hooks through the API, and pushes run them. Off: the API refuses (403).
   */
  readonly enableGitHooks: boolean;
  /**
   * `--stop-when-unused`: the server stops this long (milliseconds) after the last VS Code window sharing it
   * left, unless one asked to keep it running; undefined: it runs until stopped.
   */
  readonly stopWhenUnusedMs?: number;
}

/** Gitea's `[mirror] DEFAULT_INTERVAL` and `MIN_INTERVAL`. */
export const defaultMirrorIntervalSeconds = 8 * 3600;
export const minMirrorIntervalSeconds = 10 * 60;

/** Gitea's `[webhook] DELIVER_TIMEOUT` (5 s), and a first retry after 10 s. */
export const defaultWebhookTimeoutMs = 5_000;
export const defaultWebhookRetryBaseMs = 10_000;

/** Far above any realistic document (milliseconds), well below a client's patience. */
export const defaultMarkdownTimeoutMs = 5_000;

export const databaseFile = (dataDir: string): string => path.join(dataDir, 'teahouse.db');
export const repositoriesDir = (dataDir: string): string => path.join(dataDir, 'repositories');
/** The write-ahead notes of multi-step operations (services/intents.ts). */
export const intentsDir = (dataDir: string): string => path.join(dataDir, 'intents');

export function defaultConfig(overrides: Partial<ServerConfig> & { dataDir: string }): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 3000,
    workspaces: [],
    logLevel: 'info',
    bodyLimit: defaultBodyLimit,
    attachmentMaxBytes: defaultAttachmentMaxBytes,
    allowedHosts: [],
    mirrorIntervalSeconds: defaultMirrorIntervalSeconds,
    webhookTimeoutMs: defaultWebhookTimeoutMs,
    webhookRetryBaseMs: defaultWebhookRetryBaseMs,
    markdownTimeoutMs: defaultMarkdownTimeoutMs,
    enableGitHooks: false,
    ...overrides,
  };
}

/** The root URL for a bound address: wildcard hosts become `localhost`, IPv6 gets brackets. */
export function rootUrlFor(host: string, port: number): string {
  const name =
    host === '0.0.0.0' || host === '::' || host === ''
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return `http://${name}:${port}/`;
}
