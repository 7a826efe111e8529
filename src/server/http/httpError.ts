/**
 * The one error type of the server: handlers and services throw it, and the request handler turns it
 * into Gitea's `{"message": ..., "url": ...}` in one place. `headers` carries e.g. `Allow` for a 405.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const unauthorized = (message = 'token is required'): HttpError => new HttpError(401, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
export const notFound = (message = 'not found'): HttpError => new HttpError(404, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);
export const unprocessable = (message: string): HttpError => new HttpError(422, message);
