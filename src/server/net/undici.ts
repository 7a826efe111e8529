import type * as Undici from 'undici';
import type * as ClientDispatcher from '../../api/client/dispatcher';

let undiciModule: typeof Undici | undefined;
let dispatcherModule: typeof ClientDispatcher | undefined;

// Required on the first outgoing request rather than imported: undici's agent and its web classes
// (FormData, fetch, whose brand checks wake Node's own fetch) take about 25 MB that a server which never
// sends a webhook, migrates or publishes should not hold.

/** undici, loaded on first use. */
export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (undiciModule ??= require('undici') as typeof Undici);
}

/** The API client's dispatcher factory (proxies, certificates, timeouts), loaded on first use. */
export function clientDispatcher(): typeof ClientDispatcher {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (dispatcherModule ??= require('../../api/client/dispatcher') as typeof ClientDispatcher);
}
