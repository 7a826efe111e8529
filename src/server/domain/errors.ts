/**
 * What went wrong, in Gitea's words, without HTTP: services, the store and git throw these, the way Gitea's
 * services return `ErrXxx`; `http/errorStatus.ts` is the one mapping to a status, as Gitea's handlers map
 * `IsErrXxx` to codes. The CLI and background jobs catch them like any other error.
 */
export type DomainErrorKind =
  /** Malformed input that cannot be read at all (Gitea's 400). */
  | 'malformed'
  /** Input that is well formed but breaks a rule (Gitea's 422 validation errors). */
  | 'invalid'
  /** The caller has to sign in first. */
  | 'unauthenticated'
  /** The caller is known and may see the thing, but may not do this. */
  | 'forbidden'
  /** Nothing by that name, or nothing the caller may see. */
  | 'notFound'
  /** The action is not possible in the object's current state (Gitea's 405: merge refused, …). */
  | 'notAllowed'
  /** The action clashes with what exists (a duplicate, a concurrent change). */
  | 'conflict'
  /** A condition of the object forbids the change (Gitea's 412). */
  | 'preconditionFailed'
  /** The repository is archived: writes are locked. */
  | 'locked'
  /** The server cannot do it now; `retryAfterSeconds` says when to try again. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const malformed = (message: string): DomainError => new DomainError('malformed', message);
export const invalid = (message: string): DomainError => new DomainError('invalid', message);
export const unauthenticated = (message = 'token is required'): DomainError =>
  new DomainError('unauthenticated', message);
export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);
export const notFound = (message = 'not found'): DomainError => new DomainError('notFound', message);
export const notAllowed = (message: string): DomainError => new DomainError('notAllowed', message);
export const conflict = (message: string): DomainError => new DomainError('conflict', message);
export const preconditionFailed = (message: string): DomainError =>
  new DomainError('preconditionFailed', message);
export const locked = (message: string): DomainError => new DomainError('locked', message);
export const unavailable = (message: string, retryAfterSeconds?: number): DomainError =>
  new DomainError('unavailable', message, retryAfterSeconds);

export const isDomainError = (error: unknown, kind?: DomainErrorKind): error is DomainError =>
  error instanceof DomainError && (kind === undefined || error.kind === kind);
