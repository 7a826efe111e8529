/** What kind of server answers: Gitea, Forgejo (a Gitea fork), Teahouse, or one not recognised. */
export type ServerKind = 'gitea' | 'forgejo' | 'teahouse' | 'unknown';

/** Gitea's `GET /settings/api` (since 1.13). */
export interface ApiLimits {
  readonly max_response_items: number;
  readonly default_paging_num: number;
  readonly default_git_trees_per_page: number;
  readonly default_max_blob_size: number;
}

/** Gitea's own defaults (modules/setting/api.go), for servers without `/settings/api`. */
export const defaultApiLimits: ApiLimits = {
  max_response_items: 50,
  default_paging_num: 30,
  default_git_trees_per_page: 1000,
  default_max_blob_size: 10485760,
};

/** One server as an account sees it, read at sign-in and when the window starts. */
export interface ServerProfile {
  readonly kind: ServerKind;
  /** What `GET /version` answered. */
  readonly version: string;
  /** The Gitea release whose API the server offers (`x.y.z`), for Gitea and Forgejo. */
  readonly giteaVersion?: string;
  readonly limits: ApiLimits;
  /** False when the server has no `/settings/api` and `limits` are Gitea's defaults. */
  readonly limitsFromServer: boolean;
  readonly readAt: string;
}

const semver = /^v?(\d+)\.(\d+)(?:\.(\d+))?/;

function plainVersion(text: string): string | undefined {
  const match = semver.exec(text.trim());
  if (!match) return undefined;
  return `${match[1]}.${match[2]}.${match[3] ?? '0'}`;
}

/**
 * The kind and Gitea release from `/version`: Forgejo writes `7.0.0+gitea-1.22.0` (the Gitea it is based
 * on), Teahouse `x.y.z+teahouse-…`; plain `1.x.y` is Gitea (and Forgejo before 1.20 wrote `1.19.0-2`,
 * which reads as the Gitea it follows). Anything else (no version, `0.x`) is not recognised.
 */
export function classifyVersion(
  version: string,
  teahouseEndpoint = false,
): { kind: ServerKind; giteaVersion?: string } {
  if (teahouseEndpoint || /\+teahouse\b/i.test(version)) return { kind: 'teahouse' };
  const gitea = /\+gitea-v?(\d+\.\d+(?:\.\d+)?)/i.exec(version)?.[1];
  if (gitea !== undefined) {
    const giteaVersion = plainVersion(gitea);
    return giteaVersion ? { kind: 'forgejo', giteaVersion } : { kind: 'forgejo' };
  }
  const plain = plainVersion(version);
  if (plain === undefined || plain.startsWith('0.')) return { kind: 'unknown' };
  return { kind: 'gitea', giteaVersion: plain };
}

/** `/settings/api`'s answer, each field checked, Gitea's default for what is missing or nonsense. */
export function readApiLimits(value: unknown): ApiLimits {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const positive = (name: keyof ApiLimits): number => {
    const field = record[name];
    return typeof field === 'number' && Number.isInteger(field) && field > 0 ? field : defaultApiLimits[name];
  };
  return {
    max_response_items: positive('max_response_items'),
    default_paging_num: positive('default_paging_num'),
    default_git_trees_per_page: positive('default_git_trees_per_page'),
    default_max_blob_size: positive('default_max_blob_size'),
  };
}

/** A short line for tooltips: `Gitea 1.14.1 · pages of up to 50`. */
export function describeProfile(profile: ServerProfile): string {
  const name =
    profile.kind === 'gitea'
      ? `Gitea ${profile.version}`
      : profile.kind === 'forgejo'
        ? `Forgejo ${profile.version}`
        : profile.kind === 'teahouse'
          ? `Teahouse ${profile.version}`
          : `${profile.version || '?'} (not recognised)`;
  return `${name} · ${profile.limits.max_response_items} items per page at most`;
}
