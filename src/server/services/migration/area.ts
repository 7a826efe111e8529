import type { Database } from '../../store/database';
import type { FetchSource } from '../../git/fetch';
import type { AuthorMap } from './authors';
import type { Query, SourceApi } from './sourceApi';

/** MigrateRepoOptions' choices of what to bring besides the git data (`wiki` is not brought). */
export interface MigrationFlags {
  readonly labels: boolean;
  readonly milestones: boolean;
  readonly issues: boolean;
  readonly pullRequests: boolean;
  readonly releases: boolean;
}

/** The source repository: its API, its git address, and lists several areas read (fetched once). */
export class SourceRepository {
  private readonly shared = new Map<string, Promise<unknown>>();

  constructor(
    readonly api: SourceApi,
    readonly owner: string,
    readonly name: string,
    readonly git: FetchSource,
  ) {}

  /** `/repos/{owner}/{repo}` followed by `suffix`. */
  path(suffix = ''): string {
    return `/repos/${encodeURIComponent(this.owner)}/${encodeURIComponent(this.name)}${suffix}`;
  }

  /** A paged list of this repository, read once however many areas ask for it. */
  sharedList<T>(suffix: string, query: Query = {}): Promise<T[]> {
    const key = `${suffix}?${JSON.stringify(query)}`;
    let list = this.shared.get(key);
    if (!list) {
      list = this.api.list<T>(this.path(suffix), query);
      this.shared.set(key, list);
    }
    return list as Promise<T[]>;
  }
}

/**
 * Where the areas write, inside the transaction that places the repository, and what earlier areas leave
 * for later ones: labels and milestones by name for issues, issues by number for pull requests and
 * reactions, releases by tag for whatever attaches to a release.
 */
export interface ImportTarget {
  readonly db: Database;
  /** The data folder, for what lives beside the database (release assets). */
  readonly dataDir: string;
  readonly repoId: number;
  /** One clock reading for rows the source gives no date for (labels). */
  readonly now: number;
  readonly authors: AuthorMap;
  readonly labelIds: Map<string, number>;
  readonly milestoneIds: Map<string, number>;
  readonly issueIds: Map<number, number>;
  readonly releaseIds: Map<string, number>;
}

/** An area's data, read from the source and ready to write. */
export interface LoadedArea {
  /** Git work on the staging repository before it is placed (pull request heads, tag lookups). */
  readonly prepareGit?: (gitDir: string) => Promise<void>;
  /** Writes the rows; synchronous, inside the placing transaction, so a failure leaves nothing. */
  readonly write: (target: ImportTarget) => void;
  /** Removes what `write` put outside the database (files), when the transaction it ran in failed. */
  readonly discard?: () => void;
  /** How many objects of which kind, for the caller's figures. */
  readonly counts: Readonly<Record<string, number>>;
}

/**
 * One part of a tracker migration (labels, milestones, issues, pull requests, releases, …): whether the
 * flags ask for it, and how to read it from the source. `migrationAreas` lists them in writing order.
 */
export interface MigrationArea {
  readonly name: string;
  readonly wanted: (flags: MigrationFlags) => boolean;
  readonly load: (source: SourceRepository) => Promise<LoadedArea>;
}
