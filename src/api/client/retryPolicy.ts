import { headerValue, type ResponseHeaders } from './responseHeaders';
import { maxRetryAfterMs } from './options';

/** Only these may be sent twice: a repeated POST or PATCH could create or change something twice. */
const idempotentMethods = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

export function isIdempotent(method: string): boolean {
  return idempotentMethods.has(method);
}

/** A gateway or server that is (re)starting; other 5xx are real errors and are reported at once. */
export function isRetryableStatus(status: number): boolean {
  return status === 502 || status === 503;
}

/** The back-off before retry number `attempt` (0-based): doubling from `firstDelayMs`. */
export function backoffMs(firstDelayMs: number, attempt: number): number {
  return firstDelayMs * 2 ** attempt;
}

/**
 * How long the server asked us to wait (`Retry-After` in seconds or as a date), `undefined` when it did
 * not say, `'tooLong'` when waiting would stall the caller more than retrying is worth.
 */
export function retryAfterMs(
  headers: ResponseHeaders,
  now: number = Date.now(),
): number | 'tooLong' | undefined {
  const value = headerValue(headers, 'retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  const waitMs = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (Number.isNaN(waitMs)) return undefined;
  return waitMs > maxRetryAfterMs ? 'tooLong' : Math.max(0, waitMs);
}
