import path from 'node:path';
import type { LogLevel } from './log';
import { defaultBodyLimit } from './http/body';

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
}

export const databaseFile = (dataDir: string): string => path.join(dataDir, 'teahouse.db');
export const repositoriesDir = (dataDir: string): string => path.join(dataDir, 'repositories');

export function defaultConfig(overrides: Partial<ServerConfig> & { dataDir: string }): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 3000,
    workspaces: [],
    logLevel: 'info',
    bodyLimit: defaultBodyLimit,
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
