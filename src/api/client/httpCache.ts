import type { IncomingHttpHeaders } from 'node:http';
import { cacheStores, DecoratorHandler, interceptors, type Dispatcher } from 'undici';

/** Bounds of the in-memory HTTP cache of one client. */
export interface HttpCacheOptions {
  /** Bytes for all stored answers; 16 MiB by default. */
  readonly maxSize?: number;
  /** Stored answers; 2 000 by default. */
  readonly maxCount?: number;
  /** Bytes for one answer: a larger one is not stored; 2 MiB by default. */
  readonly maxEntrySize?: number;
}

/** What the client's requests cost on the wire: exchanges sent, and how many the server answered 304. */
export interface HttpStats {
  readonly sent: number;
  readonly notModified: number;
}

type Counts = { sent: number; notModified: number };

/**
 * A private HTTP cache (undici's interceptor, RFC 9111) in front of `dispatcher`: an answer with a validator
 * is stored and sent again after a 304; an answer without one (real Gitea's API JSON) is not reused.
 * The counter sits below the cache, so it sees only what reaches the network.
 */
export function withHttpCache(dispatcher: Dispatcher, options: HttpCacheOptions, counts: Counts): Dispatcher {
  const store = new cacheStores.MemoryCacheStore({
    maxSize: options.maxSize ?? 16 * 1024 * 1024,
    maxCount: options.maxCount ?? 2_000,
    maxEntrySize: options.maxEntrySize ?? 2 * 1024 * 1024,
  });
  // compose wraps in order: the last interceptor is the outermost
  return dispatcher.compose(
    countExchanges(counts),
    interceptors.cache({ store, methods: ['GET'], type: 'private' }),
  );
}

/** Counts exchanges and 304s without touching them. */
function countExchanges(counts: Counts): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => {
    counts.sent += 1;
    return dispatch(options, new CountingHandler(handler, counts));
  };
}

// undici's types declare none of DecoratorHandler's methods, which it has
const decoratedStart = (DecoratorHandler.prototype as Required<Dispatcher.DispatchHandler>).onResponseStart;

/** `DecoratorHandler` passes everything on (adapting an old-style handler); this one notes the status. */
class CountingHandler extends DecoratorHandler {
  constructor(
    handler: Dispatcher.DispatchHandler,
    private readonly counts: Counts,
  ) {
    super(handler);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    if (statusCode === 304) this.counts.notModified += 1;
    decoratedStart.call(this, controller, statusCode, headers, statusMessage);
  }
}
