import type { Database } from '../../store/database';
import type { RepositoryRow } from '../../store/repositories';
import {
  forgetPublishedItem,
  publishedItems,
  recordPublishedItem,
  type PublishedItem,
  type PublishedKind,
} from '../../store/publishLedger';
import type { PushedBranches } from './pushedBranches';
import { TargetFailure, type TargetApi } from './targetApi';
import type { AuthorNames } from './text';

export type PublishPhase = 'repository' | 'git' | 'labels' | 'milestones' | 'issues' | 'releases';

export interface PublishProgress {
  readonly phase: PublishPhase;
  readonly done: number;
  readonly total: number;
}

type Counts = Record<PublishedKind, number>;
const zero = (): Counts => ({
  label: 0,
  milestone: 0,
  issue: 0,
  comment: 0,
  review: 0,
  release: 0,
  asset: 0,
});

/** What a run did, for the command's summary. */
export interface PublishSummary {
  /** `owner/name` on the target, and its page. */
  remoteFullName: string;
  htmlUrl: string;
  repositoryCreated: boolean;
  created: Counts;
  updated: Counts;
  deleted: Counts;
  unchanged: Counts;
  /** Branches and tags the push created or moved. */
  refsPushed: number;
  /** Refs the target refused (a branch that moved on there): left as they are, named here. */
  refsRejected: string[];
  /** Issues whose number on the target differs from the local one (the target was not empty). */
  renumbered: { local: number; remote: number }[];
  warnings: string[];
  requests: { reads: number; writes: number };
  cancelled: boolean;
  seconds: number;
}

export function emptySummary(): PublishSummary {
  return {
    remoteFullName: '',
    htmlUrl: '',
    repositoryCreated: false,
    created: zero(),
    updated: zero(),
    deleted: zero(),
    unchanged: zero(),
    refsPushed: 0,
    refsRejected: [],
    renumbered: [],
    warnings: [],
    requests: { reads: 0, writes: 0 },
    cancelled: false,
    seconds: 0,
  };
}

/** Thrown between two items when the run was asked to stop; everything before it is in the ledger. */
export class PublishCancelled extends Error {
  constructor() {
    super('publishing was cancelled');
    this.name = 'PublishCancelled';
  }
}

/** One kind of the ledger, read once per run and written through after each item the target accepted. */
export class LedgerKind {
  private readonly items: Map<number, PublishedItem>;

  constructor(
    private readonly db: Database,
    private readonly targetId: number,
    readonly kind: PublishedKind,
  ) {
    this.items = publishedItems(db, targetId, kind);
  }

  get(localId: number): PublishedItem | undefined {
    return this.items.get(localId);
  }

  record(localId: number, remoteId: number, fingerprint: string, remoteParentId = 0): void {
    const item = { remoteId, remoteParentId, fingerprint };
    recordPublishedItem(this.db, this.targetId, this.kind, localId, item);
    this.items.set(localId, item);
  }

  forget(localId: number): void {
    forgetPublishedItem(this.db, this.targetId, this.kind, localId);
    this.items.delete(localId);
  }

  /** Local ids in the ledger that are not among `present` (deleted here since the last run). */
  gone(present: ReadonlySet<number>): [number, PublishedItem][] {
    return [...this.items].filter(([localId]) => !present.has(localId));
  }
}

/** What every phase of a run shares. */
export interface PublishRun {
  readonly db: Database;
  readonly dataDir: string;
  readonly localRepo: RepositoryRow;
  readonly api: TargetApi;
  readonly targetId: number;
  /** `/repos/{owner}/{name}` on the target. */
  readonly remotePath: string;
  readonly names: AuthorNames & { readonly onTarget: Set<string> };
  readonly summary: PublishSummary;
  progress(phase: PublishPhase, done: number, total: number): void;
  /** Throws `PublishCancelled` when the run was asked to stop. */
  checkpoint(): void;
  /** Whether `name` has an account on the target (asked once per run and name). */
  hasAccount(name: string): Promise<boolean>;
  /** Waits until the target shows a pushed branch (before a pull request is opened from it). */
  readonly pushed: PushedBranches;
}

/**
 * Brings one local object up to date on the target: creates it when the ledger does not have it, updates
 * it when what it was published from changed, and leaves it alone otherwise.
 */
export async function syncItem(
  run: PublishRun,
  ledger: LedgerKind,
  localId: number,
  print: string,
  create: () => Promise<number>,
  update: (remoteId: number) => Promise<void>,
  remoteParentId = 0,
): Promise<number> {
  run.checkpoint();
  const known = ledger.get(localId);
  if (known && known.fingerprint === print) {
    run.summary.unchanged[ledger.kind]++;
    return known.remoteId;
  }
  if (known) {
    await update(known.remoteId);
    ledger.record(localId, known.remoteId, print, remoteParentId);
    run.summary.updated[ledger.kind]++;
    return known.remoteId;
  }
  const remoteId = await create();
  ledger.record(localId, remoteId, print, remoteParentId);
  run.summary.created[ledger.kind]++;
  return remoteId;
}

/** Deletes on the target what was published and has been deleted here since; one already gone there is fine. */
export async function deleteGone(
  run: PublishRun,
  ledger: LedgerKind,
  present: ReadonlySet<number>,
  remotePathOf: (remoteId: number, remoteParentId: number) => string,
): Promise<void> {
  for (const [localId, item] of ledger.gone(present)) {
    run.checkpoint();
    try {
      await run.api.call('DELETE', remotePathOf(item.remoteId, item.remoteParentId));
    } catch (error) {
      if (!(error instanceof TargetFailure && error.status === 404)) throw error;
    }
    ledger.forget(localId);
    run.summary.deleted[ledger.kind]++;
  }
}
