import { redact } from './authHeaders';
import { ApiNetworkError, ApiTimeoutError, type RequestDescription } from './errors';
import type { Timeouts } from './options';

const timeoutPhases: Readonly<Record<string, 'connect' | 'headers' | 'body'>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

/**
 * Failures worth another try of an idempotent request: the connection broke or could not be made
 * (a restarting server). A header or body timeout is not among them: the server is slow, and asking
 * again would only multiply the wait.
 */
const transientCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function isTransient(error: ApiNetworkError): boolean {
  return transientCodes.has(error.code);
}

/** Wraps whatever undici or Node threw into an error naming the host and the code, with secrets scrubbed. */
export function toNetworkError(
  error: unknown,
  request: RequestDescription,
  host: string,
  timeouts: Timeouts,
  secrets: readonly string[],
): ApiNetworkError {
  const code = codeOf(error);
  const phase = timeoutPhases[code];
  if (phase !== undefined) {
    const timeoutMs =
      phase === 'connect' ? timeouts.connectMs : phase === 'headers' ? timeouts.headersMs : timeouts.bodyMs;
    return new ApiTimeoutError(request, host, code, phase, timeoutMs, { cause: error });
  }
  const detail = error instanceof Error ? redact(error.message, secrets) : '';
  return new ApiNetworkError(request, host, code, detail, { cause: error });
}

function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'UNKNOWN';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code;
  // happy eyeballs (IPv6 then IPv4) reports an AggregateError whose parts carry the codes
  if (error instanceof AggregateError && error.errors.length > 0) return codeOf(error.errors[0]);
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) return codeOf(cause);
  return error instanceof Error ? error.name : 'UNKNOWN';
}
