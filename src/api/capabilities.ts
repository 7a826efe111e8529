import { giteaReleases, giteaRoutes } from './capabilities.generated';
import type { GiteaRoute } from './capabilityTypes';
import type { OperationSpec } from './operationSpec';
import type { ServerProfile } from './serverProfile';
import { compareVersions } from './versions';

export { giteaReleases, giteaRoutes };
export { compareVersions };

/**
 * The release of the table a server is judged by: the newest one not newer than the server. A server
 * between two releases of the table is assumed to have what the older one has, no more.
 */
export function tableReleaseFor(giteaVersion: string): string | undefined {
  return giteaReleases.filter((release) => compareVersions(release, giteaVersion) <= 0).at(-1);
}

/** `{index}.{diffType}` matches `{}.diff`; a whole-segment placeholder matches only a placeholder. */
function segmentMatches(pattern: string, segment: string): boolean {
  if (/^\{[^}]*\}$/.test(pattern)) return segment === '{}';
  const escaped = pattern
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(?:\\{\\}|[^/{}]+)');
  return new RegExp(`^${escaped}$`).test(segment);
}

function pathMatches(pattern: string, routePath: string): boolean {
  const left = pattern.split('/');
  const right = routePath.split('/');
  return left.length === right.length && left.every((segment, i) => segmentMatches(segment, right[i] ?? ''));
}

const routeCache = new Map<string, readonly GiteaRoute[]>();

/** The table's routes an operation of the catalogue is served by (its path and every alias). */
export function routesOf(operation: OperationSpec): readonly GiteaRoute[] {
  const key = `${operation.method} ${operation.path}`;
  let routes = routeCache.get(key);
  if (routes === undefined) {
    const paths = [operation.path, ...(operation.aliases ?? [])];
    routes = Object.entries(giteaRoutes)
      .filter(([route]) => {
        const [method, routePath = ''] = route.split(' ');
        return method === operation.method && paths.some((path) => pathMatches(path, routePath));
      })
      .map(([, route]) => route);
    routeCache.set(key, routes);
  }
  return routes;
}

function routeAt(route: GiteaRoute, release: string): boolean {
  return (
    compareVersions(route.since, release) <= 0 &&
    (route.until === undefined || compareVersions(release, route.until) <= 0)
  );
}

/** What a feature needs and the server lacks, with the first Gitea release that has it. */
export interface Missing {
  readonly operationId: string;
  readonly query?: string;
  /** The first release of the table that has it; undefined when no Gitea release has it. */
  readonly since?: string;
  /** The server has the operation's unit turned off (Teahouse's Actions and packages). */
  readonly unitOff?: 'actions' | 'packages';
}

export const unitOffNotes = {
  actions: 'needs a server with Actions enabled',
  packages: 'needs a server with packages enabled',
} as const;

/** The short note shown where a feature is hidden: "needs Gitea ≥ 1.14" or "needs a Gitea newer than 1.14.1". */
export function requirementNote(missing: Missing): string {
  if (missing.unitOff !== undefined) return unitOffNotes[missing.unitOff];
  if (missing.since === undefined) return 'needs a Teahouse server';
  const index = giteaReleases.indexOf(missing.since as (typeof giteaReleases)[number]);
  const previous = index > 0 ? giteaReleases[index - 1] : undefined;
  const [major, minor] = missing.since.split('.').map(Number);
  const [previousMajor, previousMinor] = (previous ?? '').split('.').map(Number);
  const adjacent = previous === undefined || (major === previousMajor && minor === (previousMinor ?? 0) + 1);
  return adjacent ? `needs Gitea ≥ ${major}.${minor}` : `needs a Gitea newer than ${previous}`;
}

/**
 * What one server offers, from its profile and the generated table. Teahouse serves the whole catalogue
 * but the units it keeps off (Actions, packages);
 * a server whose version is not recognised is trusted with the whole catalogue too, as before profiles.
 */
export class ServerCapabilities {
  readonly #release: string | undefined;
  readonly #judged: boolean;

  constructor(readonly profile: ServerProfile | undefined) {
    const giteaVersion = profile?.giteaVersion;
    this.#judged = giteaVersion !== undefined && (profile?.kind === 'gitea' || profile?.kind === 'forgejo');
    this.#release = giteaVersion !== undefined ? tableReleaseFor(giteaVersion) : undefined;
  }

  /** Whether the table decides for this server (Gitea and Forgejo), rather than trusting the catalogue. */
  get judged(): boolean {
    return this.#judged;
  }

  /** The operation and the given query parameters, each checked; empty when all are there. */
  missing(operation: OperationSpec, query: readonly string[] = []): Missing[] {
    // Teahouse answers these as a Gitea with the unit turned off does (server/routes/unitsOff.ts): nothing
    // there works, so commands and views treat them as absent; a Gitea with the unit on is judged as usual.
    if (this.profile?.kind === 'teahouse' && operation.unit !== undefined)
      return [{ operationId: operation.operationId, unitOff: operation.unit }];
    if (!this.#judged) return [];
    const routes = routesOf(operation);
    const since = (first: (route: GiteaRoute) => string | undefined): string | undefined =>
      routes
        .map(first)
        .filter((release): release is string => release !== undefined)
        .sort(compareVersions)[0];
    const release = this.#release;
    const present = release !== undefined ? routes.filter((route) => routeAt(route, release)) : [];
    if (present.length === 0) {
      // the first release with the operation and every parameter asked for
      const needed = [
        since((route) => route.since),
        ...query.map((name) => since((route) => route.query[name])),
      ];
      const all = needed.includes(undefined) ? undefined : (needed as string[]).sort(compareVersions).at(-1);
      return [{ operationId: operation.operationId, ...(all !== undefined && { since: all }) }];
    }
    return query
      .filter(
        (name) =>
          !present.some(
            (route) =>
              route.query[name] !== undefined && compareVersions(route.query[name], release ?? '0') <= 0,
          ),
      )
      .map((name) => ({
        operationId: operation.operationId,
        query: name,
        since: since((route) => route.query[name]),
      }));
  }

  has(operation: OperationSpec, query: readonly string[] = []): boolean {
    return this.missing(operation, query).length === 0;
  }
}

/** One thing a feature relies on: an operation, with the query parameters it sends. */
export interface Need {
  readonly operation: OperationSpec;
  readonly query: readonly string[];
}

export function need(operation: OperationSpec, query: readonly string[] = []): Need {
  return { operation, query };
}

/** Why a server cannot do a feature that relies on `needs` ("needs Gitea ≥ 1.12"), or undefined when it can. */
export function shortfall(capabilities: ServerCapabilities, needs: readonly Need[]): string | undefined {
  const missing: Missing[] = needs.flatMap((entry) => capabilities.missing(entry.operation, entry.query));
  if (missing.length === 0) return undefined;
  // the newest release among the missing pieces has them all; one that no Gitea release has decides
  const newest = missing.reduce((worst, item) =>
    worst.since === undefined || (item.since !== undefined && compareVersions(item.since, worst.since) <= 0)
      ? worst
      : item,
  );
  return requirementNote(newest);
}
