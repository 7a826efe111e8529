import { STATUS_CODES } from 'node:http';

/** What an error status means to the caller, so code can branch without remembering numbers. */
export type ApiErrorReason =
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'methodNotAllowed'
  | 'conflict'
  | 'validation'
  | 'locked'
  | 'serverError'
  | 'unavailable'
  | 'unexpected';

/** One field error of Gitea 1.3's 422 body (go-macaron binding), kept for forms that highlight fields. */
export interface FieldError {
  readonly fieldNames: readonly string[];
  readonly classification: string;
  readonly message: string;
}

export interface RequestDescription {
  readonly method: string;
  /** The URL path without the query string, which could hold a `token` or `sudo` argument. */
  readonly path: string;
}

/** The server answered with a status outside 2xx. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly reason: ApiErrorReason;

  constructor(
    readonly status: number,
    /** Gitea's `message`, else the text body, else the status text; never a credential. */
    readonly serverMessage: string,
    /** Gitea's `url` (its API documentation), when the body had one. */
    readonly url: string | undefined,
    readonly request: RequestDescription,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(`${request.method} ${request.path} answered ${status}: ${serverMessage}`);
    this.reason = reasonOf(status);
  }
}

/** The request never got an answer: connection refused, DNS, TLS, reset, proxy. */
export class ApiNetworkError extends Error {
  override readonly name: string = 'ApiNetworkError';

  constructor(
    readonly request: RequestDescription,
    /** `host:port` that could not be reached. */
    readonly host: string,
    /** Node's or undici's error code, e.g. `ECONNREFUSED`, `DEPTH_ZERO_SELF_SIGNED_CERT`. */
    readonly code: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${request.method} ${request.path} to ${host} failed: ${code}${detail ? ` (${detail})` : ''}`,
      options,
    );
  }
}

/** A network error because the server was too slow: connecting, sending headers, or between body chunks. */
export class ApiTimeoutError extends ApiNetworkError {
  override readonly name = 'ApiTimeoutError';

  constructor(
    request: RequestDescription,
    host: string,
    code: string,
    readonly phase: 'connect' | 'headers' | 'body',
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(
      request,
      host,
      code,
      `no ${phase === 'connect' ? 'connection' : phase} within ${timeoutMs} ms`,
      options,
    );
  }
}

function reasonOf(status: number): ApiErrorReason {
  switch (status) {
    case 400:
      return 'badRequest';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 409:
      return 'conflict';
    case 422:
      return 'validation';
    case 423:
      return 'locked';
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return status >= 500 ? 'serverError' : 'unexpected';
  }
}

const longestTextMessage = 300;

/**
 * Reads Gitea's error shapes: `{message, url}` (modern and most of 1.x), a 1.3 binding array of field
 * errors on 422, a plain text or HTML body, or nothing (1.3's bare statuses).
 */
export function parseErrorBody(
  status: number,
  bodyText: string,
): { message: string; url?: string; fieldErrors: FieldError[] } {
  const fallback = STATUS_CODES[status] ?? `HTTP ${status}`;
  const parsed = parseJson(bodyText);
  if (Array.isArray(parsed)) {
    const fieldErrors = parsed.filter(isFieldError);
    const message = fieldErrors
      .map((error) => `${error.fieldNames.join(', ')}: ${error.message || error.classification}`)
      .join('; ');
    return { message: message || fallback, fieldErrors };
  }
  if (isRecord(parsed)) {
    // 1.3's time tracker answers `{"Message": …}` with a capital M
    const message = stringField(parsed, 'message') ?? stringField(parsed, 'Message');
    const url = stringField(parsed, 'url');
    return { message: message || fallback, ...(url !== undefined && { url }), fieldErrors: [] };
  }
  const text = bodyText.trim();
  if (text === '' || text.startsWith('<')) return { message: fallback, fieldErrors: [] };
  return {
    message: text.length > longestTextMessage ? `${text.slice(0, longestTextMessage)}…` : text,
    fieldErrors: [],
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(record: Record<string, unknown>, name: string): string | undefined {
  const value = record[name];
  return typeof value === 'string' ? value : undefined;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    isRecord(value) &&
    Array.isArray(value['fieldNames']) &&
    value['fieldNames'].every((name) => typeof name === 'string') &&
    typeof value['classification'] === 'string' &&
    typeof value['message'] === 'string'
  );
}
