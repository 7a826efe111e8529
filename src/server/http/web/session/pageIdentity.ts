import type { IncomingMessage } from 'node:http';
import type { AppServices } from '../../../services/appServices';
import type { Identity } from '../../auth';
import { readBodyBytes } from '../../body';
import { identifyCaller } from '../../requestHandler';
import type { Visitor } from './visitor';

/**
 * A page's caller: the API's credentials when the request carries any (a token, Basic), otherwise the
 * signed-in session's user. Only pages take the session cookie; the API under /api/v1 never does, so a
 * cross-site request can never act there with a browser's cookie.
 */
export async function pageIdentity(
  app: AppServices,
  req: IncomingMessage,
  query: URLSearchParams,
  visitor: Visitor,
): Promise<Identity> {
  const credentials = req.headers.authorization || query.get('token') || query.get('access_token');
  if (credentials || !visitor.session) return identifyCaller(app, req, query);
  const { user } = visitor.session;
  return { user, signedInAs: user, method: 'session' };
}

/** Forms are small: a sign-in is a few hundred bytes. */
const formLimit = 64 * 1024;

/** A posted `application/x-www-form-urlencoded` form; anything else reads as an empty form. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const bytes = await readBodyBytes(req, formLimit);
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded'
    ? new URLSearchParams(bytes.toString('utf8'))
    : new URLSearchParams();
}
