import type { IncomingHttpHeaders } from 'node:http';
import { cache, DecoratorHandler, MemoryCacheStore, type Dispatcher } from '../undici/parts';

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
  const store = new MemoryCacheStore({
    maxSize: options.maxSize ?? 16 * 1024 * 1024,
    maxCount: options.maxCount ?? 2_000,
    maxEntrySize: options.maxEntrySize ?? 2 * 1024 * 1024,
  });
  // compose wraps in order: the last interceptor is the outermost
  return dispatcher.compose(
    countExchanges(counts),
    keepEntriesOn304,
    cache({ store, methods: ['GET'], type: 'private' }),
  );
}

// undici's types declare none of DecoratorHandler's methods, which it has
const decoratedStart = (DecoratorHandler.prototype as Required<Dispatcher.DispatchHandler>).onResponseStart;

/**
 * undici 7 drops a stored answer when the 304 that revalidated it carries `Cache-Control` (as RFC 9110 has
 * servers send), so every other refresh would cost a 200. The stored directives stay in force instead; a
 * 304 that says `no-store` is passed on as it is.
 *
 * Beside an ETag, `Last-Modified` is kept from the cache: undici derives a heuristic freshness from it (a
 * tenth of its age) even under `no-cache`, and deletes the stored answer at twice that, so an answer a few
 * seconds old was gone by the next refresh, which then cost a 200. Revalidation goes by the ETag anyway.
 */
const keepEntriesOn304: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch(options, new KeepEntryHandler(handler));

class KeepEntryHandler extends DecoratorHandler {
  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    if (headers.etag !== undefined && headers['last-modified'] !== undefined) {
      const { 'last-modified': _heuristic, ...rest } = headers;
      headers = rest;
    }
    const directives = headers['cache-control'];
    if (statusCode === 304 && directives !== undefined && !/no-store/i.test(String(directives))) {
      const { 'cache-control': _dropped, ...rest } = headers;
      headers = rest;
    }
    decoratedStart.call(this, controller, statusCode, headers, statusMessage);
  }
}

/** Counts exchanges and 304s without touching them. */
function countExchanges(counts: Counts): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => {
    counts.sent += 1;
    return dispatch(options, new CountingHandler(handler, counts));
  };
}

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
