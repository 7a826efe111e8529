import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerMap } from '../../routes/handler';
import type { AppServices } from '../../services/appServices';
import type { Identity } from '../auth';
import { assertOperationAllowed } from '../auth';
import { RequestContext } from '../context';
import { HttpError } from '../httpError';
import type { Paging } from '../paging';
import { apiPrefix } from '../requestHandler';
import type { Router } from '../router';

/** A context whose JSON answer is kept instead of sent: a page reads the object the API would answer. */
export class CapturingContext extends RequestContext {
  captured: unknown;
  total: number | undefined;

  override json(body: unknown): void {
    this.captured = body;
  }

  override list(items: readonly unknown[], total: number): void {
    this.captured = items;
    this.total = total;
  }

  override setPagingHeaders(total: number, _paging?: Paging): void {
    this.total = total;
  }
}

export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

/** One page of an API list and the list's whole length (`X-Total-Count`). */
export interface ApiPage<T> {
  readonly items: T[];
  readonly total: number;
}

export interface ApiReaderOptions {
  readonly app: AppServices;
  readonly router: Router;
  readonly handlers: HandlerMap;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly identity: Identity;
}

/**
 * Reads API objects for a page by running the API operation itself with the caller's identity, so a page
 * shows exactly what the API would answer to the same caller (a private repository is a 404 to others).
 */
export class ApiReader {
  constructor(private readonly options: ApiReaderOptions) {}

  /** The answer of `GET /api/v1{apiPath}` (path segments already encoded). */
  async get<T>(apiPath: string, query: QueryValues = {}): Promise<T> {
    return (await this.run(apiPath, query)).captured as T;
  }

  /** A list operation's page and total (also of the search operations' `{ ok, data }`). */
  async list<T>(apiPath: string, query: QueryValues = {}): Promise<ApiPage<T>> {
    const ctx = await this.run(apiPath, query);
    // the search operations wrap their page as `{ ok, data }`
    const wrapped = (ctx.captured as { data?: unknown } | null)?.data;
    const items = (Array.isArray(ctx.captured) ? ctx.captured : Array.isArray(wrapped) ? wrapped : []) as T[];
    return { items, total: ctx.total ?? items.length };
  }

  private async run(apiPath: string, query: QueryValues): Promise<CapturingContext> {
    const { app, router, handlers, req, res, identity } = this.options;
    const match = router.resolve('GET', apiPath);
    const handler = handlers[match.op.operationId as keyof HandlerMap];
    if (!handler) throw new HttpError(501, `not implemented yet: ${match.op.operationId}`);
    assertOperationAllowed(match.op, identity);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.set(name, String(value));
    const ctx = new CapturingContext(
      app,
      req,
      res,
      match.op,
      match.params,
      `${apiPrefix}${apiPath}`,
      search,
      identity,
    );
    await handler(ctx);
    if (ctx.responded) throw new Error(`GET ${apiPath} answered the client itself; a page cannot read it`);
    return ctx;
  }
}
