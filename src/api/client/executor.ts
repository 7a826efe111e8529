import { setTimeout as wait } from 'node:timers/promises';
import type { Dispatcher } from '../undici/parts';
import { authHeaders, redact, secretsOf } from './authHeaders';
import { successContentOf, type PreparedRequest } from './buildRequest';
import { ApiError, parseErrorBody, type RequestDescription } from './errors';
import { withoutNilSlices } from '../nilSlices';
import { isTransient, toNetworkError } from './networkErrors';
import type { Auth, RequestOptions, Timeouts } from './options';
import { headerValue, type ResponseHeaders } from './responseHeaders';
import { backoffMs, isIdempotent, isRetryableStatus, retryAfterMs } from './retryPolicy';

/** What every request of one client shares. */
export interface ExecutorContext {
  readonly dispatcher: Dispatcher;
  readonly auth: Auth | undefined;
  readonly sudo: string | undefined;
  readonly userAgent: string;
  readonly timeouts: Timeouts;
  readonly retries: number;
  readonly retryDelayMs: number;
}

export interface ApiResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  /** The decoded body: parsed JSON, a string, a `Uint8Array`, or `undefined` for no body. */
  readonly value: unknown;
}

interface RawResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly bytes: Buffer;
}

const redirectStatuses = new Set([301, 302, 307, 308]);
const maxRedirects = 3;

/**
 * The one executor: sends a prepared request with auth, user agent and timeouts, follows same-origin
 * redirects (Gitea redirects renamed repositories), retries idempotent requests that met a network
 * error, 502 or 503, and turns every other non-2xx answer into an `ApiError`.
 */
export async function execute(
  context: ExecutorContext,
  prepared: PreparedRequest,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const auth = options.auth ?? context.auth;
  const secrets = secretsOf(auth);
  const headers = {
    ...prepared.headers,
    'user-agent': context.userAgent,
    ...authHeaders(auth, options.sudo ?? context.sudo),
  };
  const idempotent = isIdempotent(prepared.method);
  let url = prepared.url;
  let attempt = 0;
  let redirects = 0;
  for (;;) {
    const description: RequestDescription = { method: prepared.method, path: url.pathname };
    let response: RawResponse;
    try {
      response = await sendOnce(context, url, prepared, headers, options.signal);
    } catch (error) {
      if (options.signal?.aborted === true) throw error;
      const networkError = toNetworkError(error, description, url.host, context.timeouts, secrets);
      if (!idempotent || attempt >= context.retries || !isTransient(networkError)) throw networkError;
      await wait(backoffMs(context.retryDelayMs, attempt), undefined, { signal: options.signal });
      attempt += 1;
      continue;
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      return { status, headers: response.headers, value: decodeSuccess(prepared, response, description) };
    }
    const location = headerValue(response.headers, 'location');
    if (idempotent && redirectStatuses.has(status) && location !== undefined && redirects < maxRedirects) {
      const target = new URL(location, url);
      // never carry credentials to another origin
      if (target.origin === url.origin) {
        url = target;
        redirects += 1;
        continue;
      }
    }
    if (idempotent && isRetryableStatus(status) && attempt < context.retries) {
      const asked = retryAfterMs(response.headers);
      if (asked !== 'tooLong') {
        await wait(asked ?? backoffMs(context.retryDelayMs, attempt), undefined, { signal: options.signal });
        attempt += 1;
        continue;
      }
    }
    const parsed = parseErrorBody(status, response.bytes.toString('utf8'));
    throw new ApiError(status, redact(parsed.message, secrets), parsed.url, description, parsed.fieldErrors);
  }
}

/** One exchange, body included, so a body timeout is a network error of this attempt. */
async function sendOnce(
  context: ExecutorContext,
  url: URL,
  prepared: PreparedRequest,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  const response = await context.dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: prepared.method,
    headers,
    body: prepared.body ?? null,
    signal,
    // per request as well as on the agent: a forwarding proxy's pool does not inherit the agent's
    headersTimeout: context.timeouts.headersMs,
    bodyTimeout: context.timeouts.bodyMs,
  });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, bytes };
}

function decodeSuccess(
  prepared: PreparedRequest,
  response: RawResponse,
  description: RequestDescription,
): unknown {
  const { bytes } = response;
  switch (successContentOf(prepared.operation)) {
    case 'empty':
      return undefined;
    case 'binary':
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    case 'text':
    case 'html':
    case 'form':
      return bytes.toString('utf8');
    case 'json':
      // Gitea 1.3 answers some JSON operations with an empty 200 (a combined status without statuses)
      if (bytes.length === 0) return undefined;
      return withoutNilSlices(parseJson(response, description), prepared.operation.success.list === true);
  }
}

function parseJson(response: RawResponse, description: RequestDescription): unknown {
  try {
    return JSON.parse(response.bytes.toString('utf8')) as unknown;
  } catch {
    throw new ApiError(
      response.status,
      'the server answered with a body that is not JSON',
      undefined,
      description,
    );
  }
}
