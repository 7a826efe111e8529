import { DomainError, invalid } from '../../domain/errors';
import type { FetchSource } from '../../git/fetch';
import { nowSeconds, type Database } from '../../store/database';
import { refreshImportedCounters } from '../../store/trackerImport';
import type { AddressPolicy } from '../addressPolicy';
import type { LoadedArea, MigrationFlags } from './area';
import { SourceRepository } from './area';
import { migrationAreas } from './areas';
import { AuthorMap } from './authors';
import { SourceApi, type SourceAuth } from './sourceApi';

export type { MigrationFlags } from './area';

/** Whether the flags ask for anything besides the git data. */
export const wantsTracker = (flags: MigrationFlags): boolean =>
  migrationAreas.some((area) => area.wanted(flags));

/** What was read, ready to write: counts per kind, the source requests it took. */
export interface PreparedTracker {
  readonly counts: Readonly<Record<string, number>>;
  readonly requests: number;
  /** Writes every area's rows and the counters; call inside the transaction that places the repository. */
  write(db: Database, dataDir: string, repoId: number): void;
  /** Undoes what `write` left outside the database, after the transaction failed. */
  discard(): void;
}

/**
 * A tracker source opened: `/repos/{owner}/{repo}` answered (so a wrong address or token fails before
 * anything is cloned) and the page size read. `load` reads every wanted area and does their git work on
 * the staging clone; nothing is written until `write`.
 */
export interface TrackerSource {
  load(gitDir: string): Promise<PreparedTracker>;
  close(): Promise<void>;
}

/** The owner and name in a clone address (`…/owner/name.git`), and the API root before them. */
function locate(address: URL): { apiRoot: string; owner: string; name: string } {
  const segments = address.pathname.split('/').filter((s) => s !== '');
  const name = segments.pop()?.replace(/\.git$/, '');
  const owner = segments.pop();
  if (!owner || !name) {
    throw invalid(`Migration failed: '${address.href}' does not name a repository as owner/name.`);
  }
  const prefix = segments.map((s) => `/${s}`).join('');
  return {
    apiRoot: `${address.origin}${prefix}/api/v1`,
    owner: decodeURIComponent(owner),
    name: decodeURIComponent(name),
  };
}

/** Anything unexpected while reading a source is the source's fault here: a 422 in Gitea's words. */
function asMigrationFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return invalid(`Migration failed: ${error instanceof Error ? error.message : String(error)}.`);
}

export interface TrackerSourceOptions {
  readonly policy: AddressPolicy;
  readonly git: FetchSource;
  readonly auth: SourceAuth;
  readonly flags: MigrationFlags;
}

/**
 * Opens a Gitea-compatible source (Gitea ≥ 1.14, Forgejo, Teahouse) for the tracker part of a migration.
 * Only http(s) sources have an API; a local path has none.
 */
export async function openTrackerSource(options: TrackerSourceOptions): Promise<TrackerSource> {
  if (options.git.kind !== 'url') {
    throw invalid(
      'Migration failed: issues, pull requests and releases can only be migrated from a server URL.',
    );
  }
  const { apiRoot, owner, name } = locate(options.git.url);
  const api = new SourceApi(options.policy, apiRoot, options.auth);
  const source = new SourceRepository(api, owner, name, options.git);
  try {
    await api.get(source.path());
    await api.readPageSize();
  } catch (error) {
    await api.close();
    throw asMigrationFailure(error);
  }
  const areas = migrationAreas.filter((area) => area.wanted(options.flags));
  return {
    async load(gitDir) {
      try {
        const loaded: LoadedArea[] = [];
        for (const area of areas) loaded.push(await area.load(source));
        for (const area of loaded) await area.prepareGit?.(gitDir);
        const counts: Record<string, number> = {};
        for (const area of loaded) Object.assign(counts, area.counts);
        return {
          counts,
          requests: api.requests,
          write(db, dataDir, repoId) {
            const target = {
              db,
              dataDir,
              repoId,
              now: nowSeconds(),
              authors: new AuthorMap(db),
              labelIds: new Map<string, number>(),
              milestoneIds: new Map<string, number>(),
              issueIds: new Map<number, number>(),
              releaseIds: new Map<string, number>(),
            };
            for (const area of loaded) area.write(target);
            refreshImportedCounters(db, repoId);
          },
          discard() {
            for (const area of loaded) area.discard?.();
          },
        };
      } catch (error) {
        throw asMigrationFailure(error);
      }
    },
    close: () => api.close(),
  };
}
