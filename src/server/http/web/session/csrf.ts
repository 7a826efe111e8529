import type { IncomingMessage } from 'node:http';
import type { AppServices } from '../../../services/appServices';
import { HttpError } from '../../httpError';
import { sameBytes } from './cookies';
import { csrfTokenOf, type Visitor } from './visitor';

const refused = (why: string): HttpError =>
  new HttpError(403, `${why} The form was not sent from this site's page: reload the page and try again.`);

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A form post must come from this site: a browser's `Sec-Fetch-Site` must say same-origin, and an `Origin`
 * must be the root URL's or the one the request was addressed to (a teammate reaching the server by another
 * name). Clients that send neither (curl) still need the form token.
 */
export function assertSameOrigin(app: AppServices, req: IncomingMessage): void {
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') throw refused(`A cross-site form post (${site}).`);
  const origin = header(req, 'origin');
  if (origin === undefined) return;
  const host = header(req, 'host');
  const allowed = [new URL(app.config.rootUrl).origin];
  if (host) allowed.push(`http://${host}`, `https://${host}`);
  if (!allowed.includes(origin)) throw refused(`A form post from another origin (${origin}).`);
}

/** The posted `_csrf` must be the visitor's token (bound to the session, or to the pre-session cookie). */
export function assertCsrfToken(app: AppServices, visitor: Visitor, posted: string | null): void {
  const expected = csrfTokenOf(app, visitor);
  if (!expected || !posted || !sameBytes(posted, expected))
    throw refused('The form token is missing or wrong.');
}
