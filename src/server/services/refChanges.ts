import { countedRefChange } from '../git/readTracking';
import { diffRefs, snapshotRefs, type RefSnapshot } from '../git/receive';
import { loadRefSnapshot, saveRefSnapshot } from '../store/refSnapshots';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findUserById, type UserRow } from '../store/users';
import type { AppServices } from './appServices';
import { clearIntent, writeIntent, type WrittenIntent } from './intents';
import { recordPush, type PushServices, type RecordedPush } from './pushes';

/** What tracking a change takes: recording it, and the data folder for its write-ahead note. */
export type RefChangeServices = PushServices & Pick<AppServices, 'dataDir'>;

/**
 * One at a time per repository: a push, a mirror fetch and a workspace rescan each compare the references
 * before and after, which only means something when nothing else moves them meanwhile.
 */
class KeyedQueue {
  private readonly tails = new Map<number, Promise<void>>();

  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

const queue = new KeyedQueue();

/** The references moved whatever happens next: a failure to describe it is logged, never the push's failure. */
export async function recordSafely(services: PushServices, push: RecordedPush): Promise<void> {
  try {
    await recordPush(services, push);
  } catch (error) {
    services.log.error(`recording a push to ${push.repo.owner_name}/${push.repo.name} failed`, error);
  }
}

/**
 * A workspace repository's references may move outside the server (commits, `git fetch`, branch deletes in
 * the folder): compares them with the last snapshot and records what changed as a push by the owner.
 * The first look only takes the snapshot.
 */
async function catchUpWorkspaceRefs(
  services: PushServices,
  repo: RepositoryRow,
  gitDir: string,
  current: RefSnapshot,
): Promise<void> {
  const stored = loadRefSnapshot(services.db, repo.id);
  if (stored === undefined) {
    saveRefSnapshot(services.db, repo.id, current);
    return;
  }
  const updates = diffRefs(stored, current);
  if (updates.length === 0) return;
  const owner = findUserById(services.db, repo.owner_id);
  if (owner)
    await recordSafely(services, { repo, pusher: owner, gitDir, before: stored, after: current, updates });
  saveRefSnapshot(services.db, repo.id, current);
}

/** Rescans one workspace repository's references (under the repository's queue); answers them. */
export function syncWorkspaceRefs(
  services: PushServices,
  repo: RepositoryRow,
  gitDir: string,
): Promise<RefSnapshot> {
  return queue.run(repo.id, async () => {
    const fresh = findRepositoryById(services.db, repo.id) ?? repo;
    const current = await snapshotRefs(gitDir);
    await catchUpWorkspaceRefs(services, fresh, gitDir, current);
    return current;
  });
}

/**
 * Runs `change` (a receive-pack, a mirror fetch) with the repository to itself, then records the references
 * it moved as a push by `pusher`: the repository row follows and the events go out. `change` may call
 * `settle` itself to have that done before it answers its client; otherwise it happens when it returns.
 */
export function trackRefChanges<T>(
  services: RefChangeServices,
  repo: RepositoryRow,
  gitDir: string,
  pusher: UserRow,
  change: (settle: () => Promise<void>) => Promise<T>,
): Promise<T> {
  return queue.run(repo.id, () => countedRefChange(() => changeRefs(services, repo, gitDir, pusher, change)));
}

async function changeRefs<T>(
  services: RefChangeServices,
  repo: RepositoryRow,
  gitDir: string,
  pusher: UserRow,
  change: (settle: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const before = await snapshotRefs(gitDir);
  if (repo.git_path !== null) await catchUpWorkspaceRefs(services, repo, gitDir, before);
  // A workspace repository's snapshot row does this already: its next look records what moved.
  const intent: WrittenIntent | undefined =
    repo.git_path === null
      ? writeIntent(services.dataDir, {
          kind: 'refs',
          repoId: repo.id,
          pusherId: pusher.id,
          before: [...before],
        })
      : undefined;
  let settled: Promise<void> | undefined;
  const settle = (): Promise<void> =>
    (settled ??= (async () => {
      try {
        const after = await snapshotRefs(gitDir);
        const updates = diffRefs(before, after);
        if (updates.length > 0) {
          const fresh = findRepositoryById(services.db, repo.id) ?? repo;
          await recordSafely(services, { repo: fresh, pusher, gitDir, before, after, updates });
        }
        if (repo.git_path !== null) saveRefSnapshot(services.db, repo.id, after);
        if (intent) clearIntent(intent);
      } catch (error) {
        services.log.error(
          `reading the references of ${repo.owner_name}/${repo.name} after a change failed`,
          error,
        );
      }
    })());
  try {
    return await change(settle);
  } finally {
    await settle();
  }
}
