import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request's cookies by name (the first of a repeated name wins). */
export function requestCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

export interface CookieOptions {
  /** The site's root path ('/' or '/prefix/'). */
  readonly path: string;
  readonly secure: boolean;
  /** Seconds; 0 deletes the cookie; undefined lasts for the browser session. */
  readonly maxAge?: number;
}

/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax. */
export function cookieHeader(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

const mac = (secret: Buffer, purpose: string, value: string): Buffer =>
  createHmac('sha256', secret).update(`${purpose}\n${value}`).digest();

/** `value.signature`, the signature an HMAC of the purpose and value (value: base64url characters). */
export function signValue(secret: Buffer, purpose: string, value: string): string {
  return `${value}.${mac(secret, purpose, value).toString('base64url')}`;
}

/** The value of a signed cookie, or undefined when the signature does not check out. */
export function verifySigned(
  secret: Buffer,
  purpose: string,
  signed: string | undefined,
): string | undefined {
  if (!signed) return undefined;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  return sameBytes(signed.slice(dot + 1), mac(secret, purpose, value).toString('base64url'))
    ? value
    : undefined;
}

/** Compares two strings in time independent of where they differ. */
export function sameBytes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A keyed hash as a token (the CSRF token of a session or of a sign-in form). */
export function keyedToken(secret: Buffer, purpose: string, value: string): string {
  return mac(secret, purpose, value).toString('base64url');
}
