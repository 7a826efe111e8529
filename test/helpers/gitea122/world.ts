/**
 * What the Gitea 1.22 double holds for the repositories created in it (the recorded world is replayed, not
 * held): plain records, changed by the routes, shaped into Gitea's JSON by shapes.ts. Ids are counted per
 * kind across repositories, as Gitea's tables count them.
 */

export interface DoubleUser {
  readonly id: number;
  readonly login: string;
  readonly fullName: string;
  readonly email: string;
  readonly isAdmin: boolean;
  readonly token: string;
  readonly password: string;
}

export interface DoubleLabel {
  readonly id: number;
  name: string;
  color: string;
  description: string;
}

export interface DoubleMilestone {
  readonly id: number;
  title: string;
  description: string;
  state: 'open' | 'closed';
  dueOn: string | null;
  readonly created: string;
  updated: string;
  closed: string | null;
}

export interface DoublePull {
  readonly id: number;
  readonly head: string;
  readonly base: string;
}

export interface DoubleIssue {
  readonly id: number;
  readonly number: number;
  readonly poster: DoubleUser;
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: number[];
  milestone: number | null;
  assignees: DoubleUser[];
  due: string | null;
  readonly created: string;
  updated: string;
  closed: string | null;
  readonly pull?: DoublePull;
  /** Files attached to the issue itself. */
  assets?: DoubleAsset[];
}

export interface DoubleComment {
  readonly id: number;
  readonly issueNumber: number;
  readonly poster: DoubleUser;
  body: string;
  readonly created: string;
  updated: string;
  assets?: DoubleAsset[];
}

export interface DoubleAsset {
  readonly id: number;
  readonly uuid: string;
  name: string;
  readonly bytes: Buffer;
  readonly created: string;
}

export interface DoubleRelease {
  readonly id: number;
  tag: string;
  target: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  readonly author: DoubleUser;
  readonly created: string;
  readonly assets: DoubleAsset[];
}

export interface DoubleRepo {
  readonly id: number;
  readonly owner: DoubleUser;
  readonly name: string;
  description: string;
  website: string;
  isPrivate: boolean;
  defaultBranch: string;
  readonly gitDir: string;
  /** Gitea's `is_empty`: true until its push queue has recorded a branch pushed into the repository. */
  empty: boolean;
  readonly created: string;
  updated: string;
  readonly labels: DoubleLabel[];
  readonly milestones: DoubleMilestone[];
  readonly issues: DoubleIssue[];
  readonly comments: DoubleComment[];
  readonly releases: DoubleRelease[];
}

/** Gitea's time format: UTC, whole seconds. */
export const giteaTime = (date = new Date()): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class DoubleWorld {
  readonly repos = new Map<string, DoubleRepo>();
  private readonly counters = new Map<string, number>();

  constructor(readonly users: readonly DoubleUser[]) {}

  nextId(kind: 'repo' | 'label' | 'milestone' | 'issue' | 'pull' | 'comment' | 'release' | 'asset'): number {
    // above the recorded world's ids, so that nothing made here is mistaken for a recorded object
    const id = (this.counters.get(kind) ?? 1000) + 1;
    this.counters.set(kind, id);
    return id;
  }

  repo(owner: string, name: string): DoubleRepo | undefined {
    return this.repos.get(`${owner}/${name}`.toLowerCase());
  }

  user(login: string): DoubleUser | undefined {
    return this.users.find((user) => user.login.toLowerCase() === login.toLowerCase());
  }

  /** Who may write to a repository: its owner and the site administrators. */
  canWrite(repo: DoubleRepo, user: DoubleUser | undefined): boolean {
    return user !== undefined && (user.isAdmin || user.id === repo.owner.id);
  }

  canRead(repo: DoubleRepo, user: DoubleUser | undefined): boolean {
    return !repo.isPrivate || this.canWrite(repo, user);
  }

  asset(uuid: string): DoubleAsset | undefined {
    for (const repo of this.repos.values())
      for (const release of repo.releases) {
        const found = release.assets.find((asset) => asset.uuid === uuid);
        if (found) return found;
      }
    return undefined;
  }
}
