import { notFoundBody } from './shapes';
import type { DoubleRepo, DoubleUser, DoubleWorld } from './world';

/** What the double answers: JSON (`undefined` for no body), or bytes. */
export interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly bytes?: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestContext {
  readonly world: DoubleWorld;
  /** The double's address, with a trailing slash. */
  readonly origin: string;
  readonly user: DoubleUser | undefined;
  readonly query: URLSearchParams;
  /** The JSON body (an object), or a multipart form. */
  readonly body: Record<string, unknown>;
  readonly form: FormData | undefined;
}

export interface RepoContext extends RequestContext {
  readonly repo: DoubleRepo;
  /** The captures of the route's pattern. */
  readonly params: readonly string[];
}

/** A route below `/repos/{owner}/{name}`; `write` routes need the owner's (or an administrator's) token. */
export interface RepoRoute {
  readonly method: string;
  readonly pattern: RegExp;
  readonly write?: boolean;
  readonly handle: (ctx: RepoContext) => Answer | Promise<Answer>;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body,
  headers,
});

export const noContent: Answer = { status: 204 };

/** Gitea's 404 for anything it cannot find. */
export const notFound = (ctx: RequestContext): Answer => json(404, notFoundBody(ctx.origin));

/** Gitea's `ctx.Error(status, "", message)`: `{"message": …, "url": …/api/swagger}`. */
export const failed = (ctx: RequestContext, status: number, message: string): Answer =>
  json(status, { message, url: `${ctx.origin}api/swagger` });

/** One page of a list (`page`, `limit` up to Gitea's 50, 30 by default) with its total. */
export function page<T>(ctx: RequestContext, items: readonly T[], shape: (item: T) => unknown): Answer {
  const pageNumber = Math.max(1, Number(ctx.query.get('page')) || 1);
  const asked = Number(ctx.query.get('limit')) || 0;
  const limit = asked <= 0 ? 30 : Math.min(asked, 50);
  const shown = items.slice((pageNumber - 1) * limit, pageNumber * limit).map(shape);
  return json(200, shown, { 'x-total-count': String(items.length) });
}

/** A list Gitea builds by appending to a nil slice: `null` when nothing was appended. */
export function nilSlice<T>(items: readonly T[], shape: (item: T) => unknown): Answer {
  return json(200, items.length === 0 ? null : items.map(shape), { 'x-total-count': String(items.length) });
}

export const text = (ctx: RequestContext, name: string): string => {
  const value = ctx.body[name];
  return typeof value === 'string' ? value : '';
};

export const optionalText = (ctx: RequestContext, name: string): string | undefined => {
  const value = ctx.body[name];
  return typeof value === 'string' ? value : undefined;
};

export const numbers = (ctx: RequestContext, name: string): number[] => {
  const value = ctx.body[name];
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
};

/** An RFC 3339 date as Gitea stores it (whole seconds), or null. */
export const dateOf = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z')
    : null;

/** `DELETE` of an item of one of the repository's lists, found by the last number in the path. */
export function deleteRoute<T>(
  pattern: RegExp,
  itemsOf: (ctx: RepoContext) => T[] | undefined,
  key: (item: T) => number,
): RepoRoute {
  return {
    method: 'DELETE',
    pattern,
    write: true,
    handle: (ctx) => {
      const items = itemsOf(ctx) ?? [];
      const at = items.findIndex((item) => key(item) === Number(ctx.params.at(-1)));
      if (at < 0) return notFound(ctx);
      items.splice(at, 1);
      return noContent;
    },
  };
}

/** Runs the first route that matches; undefined when none does. */
export async function routeRepo(
  routes: readonly RepoRoute[],
  method: string,
  rest: string,
  ctx: RequestContext & { readonly repo: DoubleRepo },
): Promise<Answer | undefined> {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(rest);
    if (!match) continue;
    if (route.write && ctx.user === undefined) return failed(ctx, 401, 'token is required');
    if (route.write && !ctx.world.canWrite(ctx.repo, ctx.user))
      return failed(ctx, 403, 'user should have a permission to write to a repo');
    return route.handle({ ...ctx, params: match.slice(1).map(decodeURIComponent) });
  }
  return undefined;
}
