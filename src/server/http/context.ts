import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationSpec } from '../../api/operationSpec';
import type { OperationId } from '../../api/operations';
import type { Database } from '../store/database';
import type { UserRow } from '../store/users';
import type { Identity } from './auth';
import { sendValidatedJson, type ValidationPlan } from './conditional';
import { parseBody, readBodyBytes } from './body';
import { BodyFields } from './bodyFields';
import { notFound, unauthenticated } from '../domain/errors';
import { parsePaging, setPagingHeaders, type Paging } from './paging';
import { parseQuery, type ReceivedQuery } from './queryArgs';
import { sendJsonText } from './respond';
import type { AppServices } from '../services/appServices';

/**
 * One API request: the matched operation, its decoded path parameters, the query, the caller, and ways to
 * read the body and to answer. Handlers answer through `json`, `list`, `empty` or `res` directly; a handler
 * that returns without answering gets the operation's success status with an empty body.
 */
export class RequestContext<K extends OperationId = OperationId> {
  private bodyPromise?: Promise<BodyFields>;
  private parsedQuery?: ReceivedQuery<K>;

  constructor(
    readonly app: AppServices,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly op: OperationSpec,
    readonly params: Readonly<Record<string, string>>,
    /** The request path as sent (doubled slashes collapsed), still percent-encoded. */
    readonly path: string,
    readonly query: URLSearchParams,
    readonly identity: Identity,
  ) {}

  get db(): Database {
    return this.app.db;
  }

  /** The public root URL, ending in `/`. With `db` and `user` this makes a context a convert ViewContext. */
  get rootUrl(): string {
    return this.app.config.rootUrl;
  }

  /** The user the request acts as (the sudo target under sudo), or null when anonymous. */
  get user(): UserRow | null {
    return this.identity.user;
  }

  /** The signed-in user; 401 when anonymous (for `public` operations that need a user in some cases). */
  requireUser(): UserRow {
    if (!this.identity.user) throw unauthenticated();
    return this.identity.user;
  }

  /** A path parameter by the operation's name for it (decoded; a wildcard keeps its slashes). */
  param(name: string): string {
    const value = this.params[name];
    if (value === undefined)
      throw new Error(`operation ${this.op.operationId} has no path parameter "${name}"`);
    return value;
  }

  /** An integer path parameter (ids, indexes); anything else names nothing, so 404. */
  paramInt(name: string): number {
    const value = this.param(name);
    const number = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) throw notFound(`${name} "${value}" is not a number`);
    return number;
  }

  /**
   * The operation's query parameters as its catalogue entry declares them (names, types): reading an
   * undeclared one is a type error, a malformed integer or boolean a 422. Parsed on first use.
   */
  get args(): ReceivedQuery<K> {
    this.parsedQuery ??= parseQuery(this.op.queryParams, this.query) as ReceivedQuery<K>;
    return this.parsedQuery;
  }

  /** `page` and `limit`, normalised as Gitea does. */
  get paging(): Paging {
    return parsePaging(this.query);
  }

  /** The object body (JSON or form-urlencoded), read once, with typed field access. */
  body(): Promise<BodyFields> {
    this.bodyPromise ??= readBodyBytes(this.req, this.app.config.bodyLimit).then(
      (bytes) => new BodyFields(parseBody(this.req, bytes, 'json')),
    );
    return this.bodyPromise;
  }

  /** The raw JSON value of the body, for bodies that are not objects. Undefined when empty. */
  async jsonBody(): Promise<unknown> {
    return (await this.body()).parsed.value;
  }

  /** The body as text (`/markdown/raw`). */
  async textBody(): Promise<string> {
    const bytes = await readBodyBytes(this.req, this.app.config.bodyLimit);
    return bytes.toString('utf8');
  }

  get responded(): boolean {
    return this.res.headersSent || this.res.writableEnded;
  }

  /** How a GET's 200 answer is validated (http/conditional.ts); set by the request handler. */
  validation?: ValidationPlan;

  /** Answers JSON with the operation's success status unless told otherwise. */
  json(body: unknown, status: number = this.op.success.status): void {
    this.jsonText(JSON.stringify(body), status);
  }

  /** Answers JSON already serialised (of cached fragments: convert/serialisedCache). */
  jsonText(text: string | Buffer, status: number = this.op.success.status): void {
    if (status === 200 && this.validation) {
      sendValidatedJson(this.req, this.res, this.validation, text);
      return;
    }
    sendJsonText(this.res, status, text);
  }

  /** Answers one page of a list with `X-Total-Count` and `Link`. */
  list(items: readonly unknown[], total: number, paging: Paging = this.paging): void {
    this.setPagingHeaders(total, paging);
    this.json(items);
  }

  /** The same for a page already serialised (a JSON array: convert/serialisedCache.ts). */
  listJson(page: Buffer, total: number, paging: Paging = this.paging): void {
    this.setPagingHeaders(total, paging);
    this.jsonText(page);
  }

  /** `X-Total-Count` and `Link` for a list wrapped in another body (`{ok, data}` of the search endpoints). */
  setPagingHeaders(total: number, paging: Paging = this.paging): void {
    setPagingHeaders(this.res, this.pageUrl(), total, paging);
  }

  /** Answers with no body: the operation's success status (204 usually) unless told otherwise. */
  empty(status: number = this.op.success.status): void {
    this.res.statusCode = status;
    this.res.end();
  }

  /** The public URL of this request (for Link headers): root URL + path and query. */
  pageUrl(): URL {
    const search = this.query.size > 0 ? `?${this.query.toString()}` : '';
    return new URL(this.path.slice(1) + search, this.app.config.rootUrl);
  }
}
