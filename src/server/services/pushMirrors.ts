import { randomBytes } from 'node:crypto';
import { malformed, notFound, unauthenticated } from '../domain/errors';
import { parseGoDuration } from '../domain/goDuration';
import { describeFetchFailure, type FetchSource } from '../git/fetch';
import { repositoryGitDir } from '../git/paths';
import { pushToMirror } from '../git/pushMirror';
import { GitError } from '../git/run';
import { nowSeconds } from '../store/database';
import {
  deletePushMirror,
  duePushMirrors,
  findPushMirror,
  insertPushMirror,
  listPushMirrors,
  recordPushMirrorSync,
  type PushMirrorRow,
} from '../store/pushMirrors';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { AddressRefused, addressPolicyFor, type AddressPolicy } from './addressPolicy';
import type { AppServices } from './appServices';
import { pinnedSource } from './migrationSource';
import { seal, unseal } from './secretBox';

/** Gitea's `[mirror] MIN_INTERVAL`: a shorter non-zero interval is refused. */
const minIntervalSeconds = 10 * 60;
const sealPurpose = 'push mirror credentials';

export interface PushMirrorInput {
  readonly remoteAddress: string;
  readonly remoteUsername: string;
  readonly remotePassword: string;
  readonly interval: string;
  readonly syncOnCommit: boolean;
}

export interface PushMirrorServices {
  readonly db: AppServices['db'];
  readonly log: AppServices['log'];
  readonly dataDir: string;
  readonly policy: AddressPolicy;
}

/** The remote as the address policy lets it be reached now; 400/401 as Gitea's HandleRemoteAddressError. */
async function checkedRemote(
  services: PushMirrorServices,
  url: URL,
  credentials?: { username: string; password: string },
): Promise<FetchSource> {
  try {
    return await pinnedSource(services.policy, url, credentials);
  } catch (error) {
    // Gitea's IsMigrateURLAllowed refusal reads as ErrInvalidCloneAddr{IsPermissionDenied}: 401
    if (error instanceof AddressRefused) throw unauthenticated('Permission denied');
    throw error;
  }
}

/**
 * Gitea's CreatePushMirror: a Go duration of 0 or at least ten minutes (400), an http(s) address the policy
 * allows (400 for another protocol or no URL, 401 when refused), a random remote name; the address is kept
 * without credentials, which are sealed.
 */
export async function addPushMirror(
  services: PushMirrorServices,
  repo: RepositoryRow,
  input: PushMirrorInput,
): Promise<PushMirrorRow> {
  const interval = parseGoDuration(input.interval);
  if (interval === undefined || interval < 0 || (interval !== 0 && interval < minIntervalSeconds)) {
    throw malformed(`invalid interval: ${input.interval}`);
  }
  let url: URL;
  try {
    url = new URL(input.remoteAddress);
  } catch {
    throw malformed('Invalid Url ');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw malformed('Invalid mirror protocol');
  const username = input.remoteUsername || decodeURIComponent(url.username);
  const password = input.remotePassword || decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const credentials = username !== '' || password !== '' ? { username, password } : undefined;
  await checkedRemote(services, url, credentials);
  return insertPushMirror(services.db, {
    repoId: repo.id,
    remoteName: `remote_mirror_${randomBytes(8).toString('hex').slice(0, 10)}`,
    remoteAddress: url.href,
    sealedCredentials: credentials ? seal(services.db, sealPurpose, JSON.stringify(credentials)) : null,
    intervalSeconds: interval,
    syncOnCommit: input.syncOnCommit,
  });
}

export function loadPushMirror(
  services: Pick<PushMirrorServices, 'db'>,
  repo: RepositoryRow,
  name: string,
): PushMirrorRow {
  const mirror = findPushMirror(services.db, repo.id, name);
  if (!mirror) throw notFound(`push mirror does not exist [name: ${name}]`);
  return mirror;
}

export function removePushMirror(services: Pick<PushMirrorServices, 'db'>, mirror: PushMirrorRow): void {
  deletePushMirror(services.db, mirror.id);
}

function credentialsOf(
  services: PushMirrorServices,
  mirror: PushMirrorRow,
): { username: string; password: string } | undefined {
  if (mirror.sealed_credentials === null) return undefined;
  return JSON.parse(unseal(services.db, sealPurpose, mirror.sealed_credentials)) as {
    username: string;
    password: string;
  };
}

/**
 * Gitea's SyncPushMirror: `git push --mirror` to the remote, its address checked again; the outcome is
 * recorded as last_update and last_error (never with the credentials) and returned, not thrown.
 */
export async function syncPushMirror(
  services: PushMirrorServices,
  repo: RepositoryRow,
  mirror: PushMirrorRow,
): Promise<string> {
  let error = '';
  try {
    const target = await checkedRemote(
      services,
      new URL(mirror.remote_address),
      credentialsOf(services, mirror),
    );
    await pushToMirror(repositoryGitDir(services.dataDir, repo), target);
  } catch (cause) {
    error =
      cause instanceof GitError || !(cause instanceof Error) ? describeFetchFailure(cause) : cause.message;
    services.log.info(`push mirror ${mirror.remote_name} of ${repo.owner_name}/${repo.name}: ${error}`);
  }
  recordPushMirrorSync(services.db, mirror, error);
  return error;
}

/** Pushes every mirror of the repository, one after another; the errors, by remote name. */
export async function syncPushMirrors(
  services: PushMirrorServices,
  repo: RepositoryRow,
  onlyOnCommit = false,
): Promise<string[]> {
  const errors: string[] = [];
  for (const mirror of listPushMirrors(services.db, repo.id)) {
    if (onlyOnCommit && !mirror.sync_on_commit) continue;
    const error = await syncPushMirror(services, repo, mirror);
    if (error !== '') errors.push(`${mirror.remote_name}: ${error}`);
  }
  return errors;
}

export const pushMirrorServicesFor = (app: AppServices): PushMirrorServices => ({
  db: app.db,
  log: app.log,
  dataDir: app.config.dataDir,
  policy: addressPolicyFor(app),
});

/** The push mirrors whose interval has passed, as Gitea's update_mirrors task pushes them. */
export async function runDuePushMirrors(services: PushMirrorServices, stopped: () => boolean): Promise<void> {
  for (const mirror of duePushMirrors(services.db, nowSeconds(), 20)) {
    if (stopped()) return;
    const repo = findRepositoryById(services.db, mirror.repo_id);
    if (repo) await syncPushMirror(services, repo, mirror);
  }
}

/**
 * Gitea's sync_on_commit: after each push (or ref deletion) the repository's mirrors that ask for it are
 * pushed, one repository at a time, off the request that made the change.
 */
export function startPushMirrorsOnCommit(app: AppServices): void {
  const services = pushMirrorServicesFor(app);
  let queue = Promise.resolve();
  const unsubscribe = app.events.subscribe((event) => {
    if (event.event !== 'push' && event.event !== 'delete') return;
    if (!listPushMirrors(app.db, event.repoId).some((mirror) => mirror.sync_on_commit)) return;
    queue = queue
      .then(async () => {
        const repo = findRepositoryById(app.db, event.repoId);
        if (repo) await syncPushMirrors(services, repo, true);
      })
      .catch((error: unknown) => app.log.error('pushing mirrors after a push failed', error));
  });
  app.onStop(async () => {
    unsubscribe();
    await queue;
  });
}
