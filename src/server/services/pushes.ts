import type { AppServices } from './appServices';
import type { PayloadCommit } from '../../api/types';
import { toPayloadCommit } from '../convert/commit';
import { toRepository, type RepositoryJson } from '../convert/repository';
import { toUser } from '../convert/user';
import type { ViewContext } from '../convert/viewContext';
import { CatFileReader } from '../git/catFile';
import { commitChanges, readCommit } from '../git/commits';
import { isZeroId, newCommits, peelToCommit, type RefSnapshot, type RefUpdate } from '../git/receive';
import { repositorySizeKiB, setHeadBranch } from '../git/repository';
import type { Database } from '../store/database';
import { findRepositoryById, updateRepositoryColumns, type RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import type { HookEventName } from './events';

/** Commits a push event lists at most; `total_commits` counts them all. */
export const pushPayloadCommitLimit = 20;

/** What recording a push takes: the app, or a request's actor (which carries these). */
export type PushServices = Pick<AppServices, 'db' | 'rootUrl' | 'events' | 'log'>;

export interface RecordedPush {
  readonly repo: RepositoryRow;
  readonly pusher: UserRow;
  readonly gitDir: string;
  /** The branches and tags before the push (to tell which commits a new branch brought). */
  readonly before: RefSnapshot;
  readonly after: RefSnapshot;
  readonly updates: readonly RefUpdate[];
}

const branchPrefix = 'refs/heads/';
const tagPrefix = 'refs/tags/';

/**
 * After references changed (a push over HTTP, or commits found in a workspace repository): the repository
 * row follows (empty or not, default branch of a repository that was empty, size) and each change becomes
 * Gitea's events — `create`, `push`, `delete` — in Gitea's order.
 */
export async function recordPush(services: PushServices, push: RecordedPush): Promise<void> {
  const relevant = push.updates.filter((u) => u.ref.startsWith(branchPrefix) || u.ref.startsWith(tagPrefix));
  if (relevant.length === 0) return;
  const repo = await updateRepositoryAfterPush(services.db, push);
  const view: ViewContext = { db: services.db, user: push.pusher, rootUrl: services.rootUrl };
  const repository = toRepository(view, repo);
  const reader = new CatFileReader(push.gitDir);
  const shaped = new Map<string, Promise<PayloadCommit | undefined>>();
  // a branch's tip is also its newest commit, and two branches pushed together share commits: each is read once
  const commitOf = (sha: string): Promise<PayloadCommit | undefined> => {
    let commit = shaped.get(sha);
    if (!commit) shaped.set(sha, (commit = payloadCommit(view, repo, reader, push.gitDir, sha)));
    return commit;
  };
  try {
    for (const update of relevant) {
      for (const event of await eventsFor(services, { ...push, repo }, repository, view, update, commitOf)) {
        services.events.emit({
          event: event.name,
          repoId: repo.id,
          senderId: push.pusher.id,
          payload: event.payload,
        });
      }
    }
  } finally {
    reader.close();
  }
}

/** `is_empty`, `size`, and for a repository that had no branches, a default branch that exists. */
async function updateRepositoryAfterPush(db: Database, push: RecordedPush): Promise<RepositoryRow> {
  const branches = [...push.after.keys()].filter((ref) => ref.startsWith(branchPrefix));
  let defaultBranch = push.repo.default_branch;
  // A workspace repository's HEAD is its owner's checkout: it is never moved from here.
  if (
    push.repo.git_path === null &&
    branches.length > 0 &&
    !push.after.has(`${branchPrefix}${defaultBranch}`)
  ) {
    const created = push.updates.find((u) => u.ref.startsWith(branchPrefix) && !isZeroId(u.after));
    defaultBranch = (created?.ref ?? branches.sort()[0]!).slice(branchPrefix.length);
    await setHeadBranch(push.gitDir, defaultBranch);
  }
  updateRepositoryColumns(db, push.repo.id, {
    is_empty: branches.length === 0,
    default_branch: defaultBranch,
    size: await repositorySizeKiB(push.gitDir),
  });
  return findRepositoryById(db, push.repo.id) ?? push.repo;
}

interface ShapedEvent {
  readonly name: HookEventName;
  readonly payload: Record<string, unknown>;
}

async function payloadCommit(
  view: ViewContext,
  repo: RepositoryRow,
  reader: CatFileReader,
  gitDir: string,
  sha: string,
): Promise<PayloadCommit | undefined> {
  const commit = await readCommit(reader, sha);
  if (!commit) return undefined;
  const changes = await commitChanges(gitDir, commit);
  const byStatus = (status: string): string[] =>
    changes.files.filter((file) => file.status === status).map((file) => file.filename);
  return {
    ...toPayloadCommit(view, repo, commit),
    added: byStatus('added'),
    removed: byStatus('removed'),
    modified: byStatus('modified'),
  };
}

async function eventsFor(
  services: PushServices,
  push: RecordedPush,
  repository: RepositoryJson,
  view: ViewContext,
  update: RefUpdate,
  commitOf: (sha: string) => Promise<PayloadCommit | undefined>,
): Promise<ShapedEvent[]> {
  const isTag = update.ref.startsWith(tagPrefix);
  const short = update.ref.slice(isTag ? tagPrefix.length : branchPrefix.length);
  const refType = isTag ? 'tag' : 'branch';
  const sender = toUser(view, push.pusher);
  const created = isZeroId(update.before);
  const deleted = isZeroId(update.after);
  const createEvent: ShapedEvent = {
    name: 'create',
    payload: { sha: update.after, ref: short, ref_type: refType, repository, sender },
  };
  const deleteEvent: ShapedEvent = {
    name: 'delete',
    payload: { ref: short, ref_type: refType, pusher_type: 'user', repository, sender },
  };
  const pushEvent = (
    commits: PayloadCommit[],
    total: number,
    head: PayloadCommit | null,
    compare: string,
  ): ShapedEvent => ({
    name: 'push',
    payload: {
      ref: update.ref,
      before: update.before,
      after: update.after,
      compare_url: compare,
      commits,
      total_commits: total,
      head_commit: head,
      repository,
      pusher: sender,
      sender,
    },
  });
  const compareUrl =
    created || deleted ? '' : `${repository.html_url}/compare/${update.before}...${update.after}`;

  // Gitea: a deleted branch is only a `delete`; a deleted tag is an empty push and a `delete`.
  if (deleted) return isTag ? [pushEvent([], 0, null, compareUrl), deleteEvent] : [deleteEvent];

  // a branch names a commit (receive-pack and update-ref see to it); only a tag may need peeling
  const tip = isTag ? await peelToCommit(push.gitDir, update.after) : update.after;
  const head = tip === undefined ? null : ((await commitOf(tip)) ?? null);
  // Gitea: a tag push lists no commits, only its head; then the `create`.
  if (isTag) return [pushEvent([], 0, head, compareUrl), createEvent];

  // A new branch brings only what no other branch had, before or after this push (no commit listed twice).
  const otherTips = (refs: RefSnapshot): string[] =>
    [...refs].filter(([ref]) => ref.startsWith(branchPrefix) && ref !== update.ref).map(([, id]) => id);
  const exclude = created
    ? [...new Set([...otherTips(push.before), ...otherTips(push.after)])]
    : [update.before];
  let commits: PayloadCommit[] = [];
  let total = 0;
  if (tip !== undefined) {
    try {
      const found = await newCommits(push.gitDir, tip, exclude, pushPayloadCommitLimit);
      total = found.total;
      for (const id of found.ids) {
        const shaped = await commitOf(id);
        if (shaped) commits.push(shaped);
      }
    } catch (error) {
      // A force push whose old tip is gone still gets its event, with what could be read.
      services.log.debug(`push to ${push.repo.owner_name}/${push.repo.name} ${update.ref}: ${String(error)}`);
      commits = head ? [head] : [];
      total = commits.length;
    }
  }
  const events = [pushEvent(commits, total, head, compareUrl)];
  return created ? [createEvent, ...events] : events;
}
