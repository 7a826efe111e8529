import { existsSync } from 'node:fs';
import { headBranchOf, objectFormatOf } from '../git/receive';
import { repositorySizeKiB } from '../git/repository';
import type { AppServices } from '../services/appServices';
import { isLoopbackHost } from '../services/addressPolicy';
import { syncWorkspaceRefs } from '../services/refChanges';
import {
  findRepositoryById,
  insertRepository,
  updateRepositoryColumns,
  type RepositoryColumn,
  type RepositoryRow,
} from '../store/repositories';
import type { UserRow } from '../store/users';
import { setWatchMode, watchMode } from '../store/watches';
import {
  findLocalAdmin,
  listWorkspaceRepositories,
  setRepositoryMissing,
} from '../store/workspaceRepositories';
import { discoverRepositories, type FoundRepository } from './discovery';
import { refsFingerprint } from './fingerprint';
import { repositoryNameFromFolder, uniqueRepositoryName } from './names';

export interface WorkspaceSyncOptions {
  /** Background rescans, in milliseconds. */
  readonly intervalMs?: number;
  /** A request finds the workspace at most this old (a rescan runs first otherwise). */
  readonly maxAgeMs?: number;
  /** How long a request waits for that rescan at most. */
  readonly maxWaitMs?: number;
  /**
   * The folders to host now (read at each scan): `--workspace` and the folders of the VS Code windows that
   * share the server. By default `--workspace` alone.
   */
  readonly folders?: () => readonly string[];
}

export interface WorkspaceSync {
  /** Rescans now (joins a rescan already running). */
  scan(): Promise<void>;
  /** Rescans when the last one is older than `maxAgeMs`, for requests that should see the folders as they are. */
  freshen(): Promise<void>;
  /** A rescan that starts after this call (the folders changed): waits out the one under way, then runs. */
  rescan(): Promise<void>;
}

/**
 * Hosts the git repositories of the `--workspace` folders in place: each one found becomes (or stays) a
 * repository of the local administrator, matched on its git directory's real path so it keeps its id and
 * everything attached to it; one no longer found (or whose folder no window has open any more) is marked
 * missing (hidden, 404, never deleted) until it comes back. References that moved on disk become push
 * events. Rescans run at start, on a timer (the cron task `sync_workspace`), and on demand.
 */
export function startWorkspaceSync(app: AppServices, options: WorkspaceSyncOptions = {}): WorkspaceSync {
  const { db, config, log } = app;
  const fingerprints = new Map<number, string>();
  const maxAgeMs = options.maxAgeMs ?? 2_000;
  const folders = options.folders ?? (() => config.workspaces);
  let lastScan = 0;
  let stopped = false;

  const adopt = (
    owner: UserRow,
    found: FoundRepository,
    git: { headBranch: string | undefined; objectFormat: 'sha1' | 'sha256' },
  ): RepositoryRow =>
    db.transaction(() => {
      const name = uniqueRepositoryName(
        db,
        owner.id,
        repositoryNameFromFolder(found.folder.split(/[\\/]/).pop() ?? ''),
      );
      const id = insertRepository(db, {
        ownerId: owner.id,
        ownerName: owner.name,
        name,
        description: '',
        defaultBranch: git.headBranch ?? 'main',
        // Only the local user reaches a server on loopback; elsewhere the owner's code stays private at first.
        isPrivate: !isLoopbackHost(config.host),
        isEmpty: true,
        isTemplate: false,
        objectFormatName: git.objectFormat,
        size: 0,
        gitPath: found.gitDir,
      });
      setWatchMode(db, owner.id, id, watchMode.normal);
      log.info(`workspace: hosting ${found.folder} as ${owner.name}/${name}`);
      return findRepositoryById(db, id)!;
    });

  /** HEAD, emptiness, size and moved references, when the files say something changed. */
  const refresh = async (repo: RepositoryRow, found: FoundRepository): Promise<void> => {
    const fingerprint = await refsFingerprint(found.gitDir);
    if (fingerprints.get(repo.id) === fingerprint) return;
    const refs = await syncWorkspaceRefs(app, repo, found.gitDir);
    const current = findRepositoryById(db, repo.id) ?? repo;
    const head = await headBranchOf(found.gitDir);
    const wanted: Partial<Record<RepositoryColumn, string | number>> = {
      default_branch: head ?? current.default_branch,
      is_empty: [...refs.keys()].some((ref) => ref.startsWith('refs/heads/')) ? 0 : 1,
      size: await repositorySizeKiB(found.gitDir),
    };
    const changed = Object.fromEntries(
      Object.entries(wanted).filter(([column, value]) => current[column as RepositoryColumn] !== value),
    );
    if (Object.keys(changed).length > 0) updateRepositoryColumns(db, repo.id, changed);
    fingerprints.set(repo.id, fingerprint);
  };

  const scanOnce = async (): Promise<void> => {
    const owner = findLocalAdmin(db);
    if (!owner) {
      log.info('workspace: no site administrator to own the workspace repositories yet');
      return;
    }
    const found = await discoverRepositories(folders(), { exclude: [config.dataDir] });
    const known = new Map(listWorkspaceRepositories(db).map((row) => [row.git_path!, row]));
    const present = new Set<number>();
    for (const repository of found) {
      if (stopped) return;
      try {
        let row = known.get(repository.gitDir);
        if (!row) {
          row = adopt(owner, repository, {
            headBranch: await headBranchOf(repository.gitDir),
            objectFormat: await objectFormatOf(repository.gitDir),
          });
        } else if (row.is_missing) {
          setRepositoryMissing(db, row.id, false);
          log.info(`workspace: ${repository.folder} is back as ${row.owner_name}/${row.name}`);
        }
        present.add(row.id);
        await refresh(row, repository);
      } catch (error) {
        log.error(`workspace: could not host ${repository.folder}`, error);
      }
    }
    for (const row of known.values()) {
      if (present.has(row.id) || row.is_missing) continue;
      setRepositoryMissing(db, row.id, true);
      fingerprints.delete(row.id);
      log.info(
        existsSync(row.git_path!)
          ? `workspace: no workspace folder holds ${row.git_path} now; ${row.owner_name}/${row.name} is hidden until one does`
          : `workspace: ${row.git_path} is gone; ${row.owner_name}/${row.name} is hidden until it returns`,
      );
    }
  };

  // Without workspace folders a scan only marks what was hosted before as missing: requests need not wait.
  const active = (): boolean => folders().length > 0;
  const task = app.cron.register({
    name: 'sync_workspace',
    everyMs: options.intervalMs ?? 15_000,
    run: () =>
      scanOnce()
        .catch((error: unknown) => log.error('workspace: rescan failed', error))
        .finally(() => {
          lastScan = Date.now();
        }),
  });
  const scan = (): Promise<void> => task.run();
  app.onStop(async () => {
    stopped = true;
    await task.stop();
  });

  const maxWaitMs = options.maxWaitMs ?? 1_000;
  const freshen = (): Promise<void> => {
    if (!active() || stopped) return Promise.resolve();
    const scanning = task.current() ?? (Date.now() - lastScan > maxAgeMs ? scan() : undefined);
    if (!scanning) return Promise.resolve();
    // A slow disk delays a request a little, never indefinitely.
    return new Promise((resolve) => {
      const cap = setTimeout(resolve, maxWaitMs);
      void scanning.finally(() => {
        clearTimeout(cap);
        resolve();
      });
    });
  };
  const rescan = async (): Promise<void> => {
    await task.current();
    await scan();
  };
  return { scan, freshen, rescan };
}
