import type { IncomingHttpHeaders } from 'node:http';
import type { OperationSpec } from '../../api/operationSpec';
import type { Database } from '../store/database';
import type { AccessTokenRow } from '../store/tokens';
import { findUserByName, type UserRow } from '../store/users';
import { verifyPassword } from '../services/passwords';
import { hashToken, requiredScope, scopesGrant } from '../services/tokens';
import { HttpError } from './httpError';
import { loginThrottleFor } from './loginThrottle';
import { verifiedToken } from './verifiedTokens';

/** `session`: a web page's caller signed in through the login form (never accepted by the API). */
export type AuthMethod = 'anonymous' | 'basic' | 'token' | 'session';

export interface Identity {
  /** Who the request acts as (the sudo target under sudo), or null when anonymous. */
  readonly user: UserRow | null;
  /** Who proved their identity; differs from `user` under sudo. */
  readonly signedInAs: UserRow | null;
  /** `basic` for any HTTP Basic credentials, password or token (Gitea's reqBasicAuth accepts both). */
  readonly method: AuthMethod;
  /** The access token used, whose scopes limit what the request may do. */
  readonly token?: AccessTokenRow;
}

export const anonymous: Identity = { user: null, signedInAs: null, method: 'anonymous' };

const invalidCredentials = (): HttpError => new HttpError(401, 'invalid username, password or token');

function tokenIdentity(db: Database, token: string, method: AuthMethod): Identity {
  const verified = verifiedToken(db, hashToken(token));
  if (!verified) throw invalidCredentials();
  const { user } = verified;
  return { user, signedInAs: user, method, token: verified.token };
}

function parseBasic(value: string): { username: string; password: string } | undefined {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * A user's password, checked as for every password sign-in (HTTP Basic, the web login form): guessing is
 * slowed down per client address (loginThrottle.ts; only failures count), and a wrong name or password is
 * the same 401.
 */
export async function checkPassword(
  db: Database,
  username: string,
  password: string,
  address: string | undefined,
): Promise<UserRow> {
  const attempt = address === undefined ? undefined : { address, username, password };
  const throttle = loginThrottleFor(db);
  if (attempt) throttle.assertAllowed(attempt);
  const user = findUserByName(db, username);
  const ok =
    user !== undefined && (await verifyPassword(password, { hash: user.passwd_hash, salt: user.salt }));
  if (!user || !ok) {
    if (attempt) throttle.recordFailure(attempt);
    throw invalidCredentials();
  }
  if (attempt) throttle.recordSuccess(attempt);
  return user;
}

async function basicIdentity(db: Database, value: string, address: string | undefined): Promise<Identity> {
  const credentials = parseBasic(value);
  if (!credentials) throw invalidCredentials();
  const { username, password } = credentials;
  // Gitea: an empty password or `x-oauth-basic` means the username is a token.
  if (password === '' || password === 'x-oauth-basic') return tokenIdentity(db, username, 'basic');
  // A token as the password is tried first; it never costs a password hash.
  if (verifiedToken(db, hashToken(password))) return tokenIdentity(db, password, 'basic');
  const user = await checkPassword(db, username, password, address);
  return { user, signedInAs: user, method: 'basic' };
}

/**
 * Who is calling: `?token=`, `?access_token=`, `Authorization: token|Bearer X` (any case), or HTTP Basic.
 * Credentials that do not check out are a 401 even on public endpoints, as Gitea answers today.
 */
export async function authenticate(
  db: Database,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  /** The client's address, for the failed-login throttle. */
  address?: string,
): Promise<Identity> {
  const queryToken = query.get('token') || query.get('access_token');
  if (queryToken) return tokenIdentity(db, queryToken, 'token');
  const header = headers.authorization?.trim();
  if (!header) return anonymous;
  const [scheme = '', credential = '', ...rest] = header.split(/\s+/);
  if (rest.length > 0 || credential === '') return anonymous;
  const lower = scheme.toLowerCase();
  if (lower === 'token' || lower === 'bearer') return tokenIdentity(db, credential, 'token');
  if (lower === 'basic') return basicIdentity(db, credential, address);
  return anonymous;
}

/** Refuses signed-in accounts that may not act at all: deactivated or prohibited from signing in. */
export function assertMayAct(identity: Identity): void {
  const user = identity.signedInAs;
  if (user && (!user.is_active || user.prohibit_login)) {
    throw new HttpError(
      403,
      'This account is prohibited from signing in, please contact your site administrator.',
    );
  }
}

/** `Sudo` header or `?sudo=`: a site admin acts as another user; anyone else is refused. */
export function applySudo(
  db: Database,
  identity: Identity,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
): Identity {
  const header = headers['sudo'];
  const target = query.get('sudo') || (Array.isArray(header) ? header[0] : header);
  if (!target) return identity;
  if (identity.signedInAs?.is_admin !== true)
    throw new HttpError(403, 'Only administrators allowed to sudo.');
  const user = findUserByName(db, target);
  if (!user) throw new HttpError(404, `user does not exist [name: ${target}]`);
  return { ...identity, user };
}

/** The catalogue's `auth` and `scope` of the operation, enforced for every request in this one place. */
export function assertOperationAllowed(op: OperationSpec, identity: Identity): void {
  const { user } = identity;
  switch (op.auth) {
    case 'public':
      break;
    case 'signedIn':
      if (!user) throw new HttpError(401, 'token is required');
      break;
    case 'basic':
      if (identity.method !== 'basic') throw new HttpError(401, 'basic auth required');
      break;
    case 'admin':
      if (!user) throw new HttpError(401, 'token is required');
      if (!user.is_admin) throw new HttpError(403, 'You must be a site administrator.');
      break;
  }
  if (identity.token) {
    const needed = requiredScope(op.method, op.scope);
    if (!scopesGrant(identity.token.scopes, needed)) {
      throw new HttpError(
        403,
        `token does not have at least one of required scope(s), required=[${needed}], token scope=${identity.token.scopes}`,
      );
    }
  }
}
