import type { AppServices } from '../../../services/appServices';
import { mintWebSignInLink } from '../../../services/webSignInLinks';
import { scopesGrant } from '../../../services/tokens';
import { assertMayAct, authenticate } from '../../auth';
import { parseBody, readBodyBytes } from '../../body';
import { HttpError } from '../../httpError';
import type { SiteRoute } from '../../requestHandler';
import { sendJson } from '../../respond';
import { safeRedirectPath } from './redirectTarget';

/** A session reads what the user may read, so a token limited to less makes no link. */
const sessionScopes = ['read:repository', 'read:issue', 'read:organization', 'read:user'] as const;

export const signInLinkPath = '/api/teahouse/v1/web-sign-in-links';

/** The path the link leads to: a path of this site, as the sign-in form accepts it, or a 422. */
function redirectOf(body: unknown): string {
  const requested =
    body && typeof body === 'object' ? (body as Record<string, unknown>)['redirect_to'] : undefined;
  if (requested === undefined || requested === null || requested === '') return '/';
  if (typeof requested !== 'string') throw new HttpError(422, 'redirect_to must be a string');
  if (safeRedirectPath(requested) !== requested) {
    throw new HttpError(422, 'redirect_to must be a path of this site, such as /owner/repo');
  }
  return requested;
}

/**
 * `POST /api/teahouse/v1/web-sign-in-links`: a one-time link that signs the token's holder in on the web
 * pages (the extension's local account has a token but no password it knows). Only the `Authorization`
 * header counts — never a query token or a cookie, so no other site can make a browser ask for one — and
 * never under sudo: a link signs in as who proved their identity, nobody else.
 */
export function signInLinkRoute(app: AppServices): SiteRoute {
  return async (req, res, path) => {
    if (path !== signInLinkPath) return false;
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST to make a sign-in link.');
    const headers = { authorization: req.headers.authorization };
    const identity = await authenticate(app.db, headers, new URLSearchParams(), req.socket.remoteAddress);
    if (!identity.user) throw new HttpError(401, 'token is required');
    assertMayAct(identity);
    const token = identity.token;
    if (token && !sessionScopes.every((scope) => scopesGrant(token.scopes, scope))) {
      throw new HttpError(403, `a sign-in link needs a token with the scopes ${sessionScopes.join(', ')}`);
    }
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    if (req.headers['sudo'] || query.get('sudo')) {
      throw new HttpError(403, 'A sign-in link is made for the caller only, never under sudo.');
    }
    const parsed = parseBody(req, await readBodyBytes(req, 16 * 1024), 'json');
    const redirectTo = redirectOf(parsed.value);
    const code = mintWebSignInLink(app.db, identity.user.id, redirectTo);
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 201, { url: `${app.config.rootUrl}user/login/link/${code}` });
    return true;
  };
}
