import type { OperationSpec } from './operationSpec';
import { operations, type OperationId } from './operations';
import { apiRootOf, buildRequest, type UntypedArgs } from './client/buildRequest';
import { createDispatcher } from './client/dispatcher';
import { withHttpCache, type HttpStats } from './client/httpCache';
import { ApiError } from './client/errors';
import { execute, type ExecutorContext } from './client/executor';
import {
  defaultRetries,
  defaultRetryDelayMs,
  resolveTimeouts,
  type ClientOptions,
  type RequestOptions,
} from './client/options';
import type {
  ApiMethods,
  ListItem,
  ListOperationId,
  OperationById,
  OperationParameters,
  OperationResult,
  PageOf,
  PaginateOptions,
} from './client/operationTypes';
import { toPage, walkPages, type Page } from './client/paging';

export type { Auth, ClientOptions, ProxyOption, RequestOptions, Timeouts } from './client/options';
export type { UntypedArgs } from './client/buildRequest';
export type { HttpCacheOptions, HttpStats } from './client/httpCache';
export { ApiError, ApiNetworkError, ApiTimeoutError } from './client/errors';
export type { ApiErrorReason, FieldError } from './client/errors';
export type { Page } from './client/paging';
export type {
  ApiMethods,
  ListOperationId,
  OperationArgs,
  OperationResult,
  PaginateOptions,
} from './client/operationTypes';

type UntypedMethod = (args?: UntypedArgs, options?: RequestOptions) => Promise<unknown>;

/**
 * The typed Gitea API v1 client. `api` has one method per catalogue operation, built at run time from
 * `operations` and typed from `operationCatalogue`; `request`, `page` and `paginate` take an operation
 * id; `send` runs any catalogue entry with untyped arguments. All go through one executor and one
 * dispatcher, which `close()` releases.
 */
export class TeahouseClient {
  readonly api: ApiMethods;
  readonly #context: ExecutorContext;
  readonly #apiRoot: string;
  readonly #operationsById: ReadonlyMap<string, OperationSpec>;
  readonly #maxPageSize: number | undefined;
  readonly #counts = { sent: 0, notModified: 0 };
  #closing: Promise<void> | undefined;

  constructor(options: ClientOptions) {
    this.#apiRoot = apiRootOf(options.baseUrl);
    this.#maxPageSize = positiveInteger(options.maxPageSize);
    const dispatcher = createDispatcher(options);
    const cache = options.httpCache === true ? {} : options.httpCache || undefined;
    this.#context = {
      dispatcher: cache === undefined ? dispatcher : withHttpCache(dispatcher, cache, this.#counts),
      auth: options.auth,
      sudo: options.sudo,
      userAgent: `Teahouse/${options.version ?? 'dev'} (+undici)`,
      timeouts: resolveTimeouts(options.timeout),
      retries: options.retries ?? defaultRetries,
      retryDelayMs: options.retryDelayMs ?? defaultRetryDelayMs,
    };
    this.#operationsById = new Map(operations.map((operation) => [operation.operationId, operation]));
    const methods: Record<string, UntypedMethod> = {};
    for (const operation of operations) {
      methods[operation.operationId] = (args, requestOptions) => this.send(operation, args, requestOptions);
    }
    // the one place where run-time data meets the derived types: each method is `send` of its entry
    this.api = Object.freeze(methods) as unknown as ApiMethods;
  }

  /** Runs a catalogue entry with arguments nobody type-checked (the "run any operation" command). */
  async send(operation: OperationSpec, args?: UntypedArgs, options?: RequestOptions): Promise<unknown> {
    return (await this.sendForStatus(operation, args, options)).data;
  }

  /** `send`, with the status the server answered (an operation may succeed with more than one, e.g. 200/201). */
  async sendForStatus(
    operation: OperationSpec,
    args?: UntypedArgs,
    options?: RequestOptions,
  ): Promise<{ status: number; data: unknown }> {
    const prepared = buildRequest(this.#apiRoot, operation, this.#capLimit(args));
    const response = await execute(this.#context, prepared, options);
    return { status: response.status, data: response.value };
  }

  request<Id extends OperationId>(
    operationId: Id,
    ...parameters: OperationParameters<OperationById[Id]>
  ): Promise<OperationResult<OperationById[Id]>>;
  async request(operationId: string, args?: UntypedArgs, options?: RequestOptions): Promise<unknown> {
    return this.send(this.#operation(operationId), args, options);
  }

  /** One page of a list operation, with the paging headers read. */
  page<Id extends ListOperationId>(
    operationId: Id,
    ...parameters: OperationParameters<OperationById[Id]>
  ): Promise<PageOf<OperationById[Id]>>;
  async page(operationId: string, args: UntypedArgs = {}, options?: RequestOptions): Promise<Page<unknown>> {
    return this.#fetchPage(this.#operation(operationId), args, options);
  }

  /** Every item of a list operation, page after page, from `args.page` (1 by default). */
  paginate<Id extends ListOperationId>(
    operationId: Id,
    ...parameters: OperationParameters<OperationById[Id], PaginateOptions>
  ): AsyncGenerator<ListItem<OperationById[Id]>, void, undefined>;
  async *paginate(
    operationId: string,
    args: UntypedArgs = {},
    options: PaginateOptions = {},
  ): AsyncGenerator<unknown, void, undefined> {
    const operation = this.#operation(operationId);
    const fetchPage = (page: number) => this.#fetchPage(operation, { ...args, page }, options);
    yield* walkPages(fetchPage, positiveInteger(args['page']) ?? 1, options.maxPages);
  }

  /** With `httpCache` on: the exchanges that reached the network, and the 304s among them. */
  get httpStats(): HttpStats {
    return { ...this.#counts };
  }

  /** Closes the connection pool; requests after this fail. Closing twice is harmless. */
  async close(): Promise<void> {
    this.#closing ??= this.#context.dispatcher.close();
    await this.#closing;
  }

  /** `limit` never above the server's `max_response_items`. */
  #capLimit(args: UntypedArgs | undefined): UntypedArgs | undefined {
    const limit = positiveInteger(args?.['limit']);
    if (this.#maxPageSize === undefined || limit === undefined || limit <= this.#maxPageSize) return args;
    return { ...args, limit: this.#maxPageSize };
  }

  #operation(operationId: string): OperationSpec {
    const operation = this.#operationsById.get(operationId);
    if (operation === undefined) throw new TypeError(`no operation "${operationId}" in the catalogue`);
    return operation;
  }

  async #fetchPage(
    operation: OperationSpec,
    args: UntypedArgs,
    options?: RequestOptions,
  ): Promise<Page<unknown>> {
    args = this.#capLimit(args) ?? {};
    const prepared = buildRequest(this.#apiRoot, operation, args);
    const response = await execute(this.#context, prepared, options);
    const items = response.value ?? [];
    if (!Array.isArray(items)) {
      const request = { method: prepared.method, path: prepared.url.pathname };
      throw new ApiError(
        response.status,
        'the server answered a list operation without a list',
        undefined,
        request,
      );
    }
    const requested = { page: positiveInteger(args['page']) ?? 1, limit: positiveInteger(args['limit']) };
    return toPage(items, response.headers, requested);
  }
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}
