import { DomainError, type DomainErrorKind } from '../domain/errors';
import { HttpError } from './httpError';

/** The one mapping from what went wrong to Gitea's status for it. */
const statusOfKind: Readonly<Record<DomainErrorKind, number>> = {
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  notAllowed: 405,
  conflict: 409,
  preconditionFailed: 412,
  invalid: 422,
  locked: 423,
  unavailable: 503,
};

/** A domain error as the HTTP error it answers; anything else is not the request's fault (undefined). */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return new HttpError(statusOfKind[error.kind], error.message, headers);
}

/** The status a thrown error answers with (500 for anything that is not a request's fault). */
export const statusOfError = (error: unknown): number => httpErrorOf(error)?.status ?? 500;
