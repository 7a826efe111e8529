import { repositoriesDir, type ServerConfig } from '../config';
import { CatFilePool } from '../git/catFile';
import type { Logger } from '../log';
import type { Database } from '../store/database';
import { CronRegistry } from './cron';
import type { EventBus } from './events';

/**
 * What one running server shares with every request, service and background job. Services ask for the
 * part they use (`Pick<AppServices, 'db' | 'events'>`), so a caller passes the app itself, or a request's
 * actor built on it, and nothing is assembled field by field.
 */
export interface AppServices {
  readonly db: Database;
  readonly config: ServerConfig & { readonly rootUrl: string };
  /** The public root URL, ending in `/` (`config.rootUrl`). */
  readonly rootUrl: string;
  /** The data folder (`config.dataDir`). */
  readonly dataDir: string;
  readonly log: Logger;
  /** Repository events (issues, pushes, pull requests…) for webhooks and notifications. */
  readonly events: EventBus;
  /** The long-lived `git cat-file` processes every reader of git objects shares. */
  readonly gitPool: CatFilePool;
  /** The periodic tasks (mirror sync, delivery clean-up, workspace rescans) the admin cron API lists and runs. */
  readonly cron: CronRegistry;
  /** Registers cleanup to run when the server stops (before the database closes). */
  readonly onStop: (cleanup: () => void | Promise<void>) => void;
  /** The hosts the address policy allows beyond its rules now: `--allowed-hosts` and the sharing windows'. */
  readonly allowedHosts: () => readonly string[];
}

/** The app's services from its parts: the root URL and data folder lifted out of the configuration, a git pool closed on stop. */
export function createAppServices(
  parts: Pick<AppServices, 'db' | 'config' | 'log' | 'events' | 'onStop'> & {
    readonly gitPool?: CatFilePool;
    readonly allowedHosts?: () => readonly string[];
  },
): AppServices {
  const gitPool = parts.gitPool ?? new CatFilePool({ managedRoot: repositoriesDir(parts.config.dataDir) });
  if (!parts.gitPool) parts.onStop(() => gitPool.close());
  const cron = new CronRegistry(parts.log);
  // Registered early, so it runs late: each task's own module stops it first, in its turn.
  parts.onStop(() => cron.stop());
  return {
    ...parts,
    allowedHosts: parts.allowedHosts ?? (() => parts.config.allowedHosts),
    cron,
    rootUrl: parts.config.rootUrl,
    dataDir: parts.config.dataDir,
    gitPool,
  };
}
