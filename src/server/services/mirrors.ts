import { describeFetchFailure, fetchMirror } from '../git/fetch';
import { repositoryGitDir } from '../git/paths';
import { GitError } from '../git/run';
import type { AppServices } from './appServices';
import { nowSeconds } from '../store/database';
import { dueMirrors, findMirror, recordMirrorSync } from '../store/mirrors';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findUserById } from '../store/users';
import { addressPolicyFor, type AddressPolicy } from './addressPolicy';
import { runDuePushMirrors } from './pushMirrors';
import { mirrorSource } from './migrationSource';
import type { PushServices } from './pushes';
import { trackRefChanges } from './refChanges';

export interface MirrorServices extends PushServices {
  readonly dataDir: string;
  readonly policy: AddressPolicy;
}

export { addressPolicyFor };

export const mirrorServicesFor = (app: AppServices): MirrorServices => ({
  db: app.db,
  rootUrl: app.config.rootUrl,
  events: app.events,
  log: app.log,
  dataDir: app.config.dataDir,
  policy: addressPolicyFor(app),
});

export type MirrorSyncOutcome = { ok: true } | { ok: false; error: string };

/**
 * Fetches a pull mirror now (`git fetch --prune`, every reference), as Gitea's mirror sync does: the
 * address is checked again, what moved becomes push events by the owner, and the outcome and the next
 * background sync are recorded. Failures are recorded and answered, not thrown.
 */
export async function syncMirror(services: MirrorServices, repo: RepositoryRow): Promise<MirrorSyncOutcome> {
  const mirror = findMirror(services.db, repo.id);
  const owner = findUserById(services.db, repo.owner_id);
  if (!mirror || !owner) return { ok: false, error: 'not a mirror' };
  const gitDir = repositoryGitDir(services.dataDir, repo);
  let outcome: MirrorSyncOutcome;
  try {
    const source = await mirrorSource(services.policy, mirror);
    await trackRefChanges(services, repo, gitDir, owner, () => fetchMirror(gitDir, source));
    outcome = { ok: true };
  } catch (error) {
    const message =
      error instanceof GitError || !(error instanceof Error) ? describeFetchFailure(error) : error.message;
    services.log.info(`mirror ${repo.owner_name}/${repo.name}: sync failed: ${message}`);
    outcome = { ok: false, error: message };
  }
  recordMirrorSync(services.db, repo.id, outcome.ok ? { ok: true, error: '' } : outcome);
  return outcome;
}

export interface MirrorScheduler {
  /** Syncs every mirror whose time has come (one after another); resolves when done. */
  runDue(): Promise<void>;
}

/**
 * The background sync, Gitea's cron task `update_mirrors`: every `tickMs` the mirrors that are due are
 * fetched, one at a time. Stops with the server (the sync under way finishes first).
 */
export function startMirrorScheduler(app: AppServices, options: { tickMs?: number } = {}): MirrorScheduler {
  const services = mirrorServicesFor(app);
  let stopped = false;
  const task = app.cron.register({
    name: 'update_mirrors',
    everyMs: options.tickMs ?? 60_000,
    run: async () => {
      for (const mirror of dueMirrors(services.db, nowSeconds(), 20)) {
        if (stopped) return;
        const repo = findRepositoryById(services.db, mirror.repo_id);
        if (repo && repo.is_mirror) await syncMirror(services, repo);
        else recordMirrorSync(services.db, mirror.repo_id, { ok: false, error: 'not a mirror any more' });
      }
      // Gitea's update_mirrors task pushes the push mirrors that are due too
      await runDuePushMirrors(services, () => stopped);
    },
  });
  app.onStop(async () => {
    stopped = true;
    await task.stop();
  });
  return { runDue: () => task.run() };
}
