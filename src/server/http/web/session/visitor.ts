import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../../../services/appServices';
import {
  endWebSession,
  startWebSession,
  webSecret,
  webSessionSeconds,
  webSessionUser,
} from '../../../services/webSessions';
import type { UserRow } from '../../../store/users';
import {
  cookieHeader,
  keyedToken,
  requestCookies,
  signValue,
  verifySigned,
  type CookieOptions,
} from './cookies';

/** The signed-in session's cookie: `id.signature`. */
export const sessionCookie = 'teahouse_session';
/** Before sign-in, the random key the sign-in form's CSRF token is bound to (double submit, signed). */
export const formCookie = 'teahouse_csrf';

/** Who is looking at a page, as the browser's cookies tell. */
export interface Visitor {
  /** The live session's id and user; absent when not signed in (or the session ended). */
  readonly session?: { readonly id: string; readonly user: UserRow };
  /** The pre-session key (signed cookie) that forms of a visitor without a session are bound to. */
  readonly formKey?: string;
}

function cookieOptions(app: AppServices, maxAge?: number): CookieOptions {
  const rootUrl = new URL(app.config.rootUrl);
  return { path: rootUrl.pathname || '/', secure: rootUrl.protocol === 'https:', maxAge };
}

function appendCookie(res: ServerResponse, value: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)];
  res.setHeader('Set-Cookie', [...list, value]);
}

export function readVisitor(app: AppServices, req: IncomingMessage): Visitor {
  const secret = webSecret(app.db);
  const cookies = requestCookies(req);
  const id = verifySigned(secret, sessionCookie, cookies.get(sessionCookie));
  const user = id === undefined ? undefined : webSessionUser(app.db, id);
  const formKey = verifySigned(secret, formCookie, cookies.get(formCookie));
  return { session: id !== undefined && user ? { id, user } : undefined, formKey };
}

/** The token every POST form of the visitor's pages carries; '' when there is nothing to bind it to. */
export function csrfTokenOf(app: AppServices, visitor: Visitor): string {
  const secret = webSecret(app.db);
  if (visitor.session) return keyedToken(secret, 'csrf session', visitor.session.id);
  if (visitor.formKey) return keyedToken(secret, 'csrf form', visitor.formKey);
  return '';
}

/** A visitor without a session gets a signed form key cookie (once), so the sign-in form has a token. */
export function withFormKey(app: AppServices, res: ServerResponse, visitor: Visitor): Visitor {
  if (visitor.session || visitor.formKey) return visitor;
  const formKey = randomBytes(24).toString('base64url');
  appendCookie(
    res,
    cookieHeader(formCookie, signValue(webSecret(app.db), formCookie, formKey), cookieOptions(app)),
  );
  return { ...visitor, formKey };
}

/** Starts a session for the user and sends its cookie. */
export function signIn(app: AppServices, res: ServerResponse, user: UserRow): void {
  const { id } = startWebSession(app.db, user.id);
  const value = signValue(webSecret(app.db), sessionCookie, id);
  appendCookie(res, cookieHeader(sessionCookie, value, cookieOptions(app, webSessionSeconds)));
}

/** Ends the visitor's session (deleted on the server) and clears its cookie. */
export function signOut(app: AppServices, res: ServerResponse, visitor: Visitor): void {
  if (visitor.session) endWebSession(app.db, visitor.session.id);
  appendCookie(res, cookieHeader(sessionCookie, '', cookieOptions(app, 0)));
}
