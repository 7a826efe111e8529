import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FetchSource } from '../git/fetch';
import type { DomainError } from '../domain/errors';
import { invalid } from '../domain/errors';
import type { MirrorRow } from '../store/mirrors';
import type { UserRow } from '../store/users';
import { AddressRefused, type AddressPolicy } from './addressPolicy';
import { isSiteAdmin } from './permissions';

/** MigrateRepoOptions' address and credentials, as sent. */
export interface SourceRequest {
  readonly cloneAddr: string;
  readonly authUsername: string;
  readonly authPassword: string;
  readonly authToken: string;
}

/** A checked source, and what of it may be kept (no credentials in `address` or `originalUrl`). */
export interface ResolvedSource {
  readonly source: FetchSource;
  /** The URL without credentials, or the real local path. */
  readonly address: string;
  readonly username: string;
  readonly password: string;
}

const schemePattern = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const windowsDrive = /^[a-zA-Z]:[\\/]/;

/** The address as it may be shown: credentials removed. */
function shown(address: string): string {
  return address.replace(/\/\/[^/@]*@/, '//');
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const notAllowed = (address: string, why: string): DomainError =>
  invalid(`migration/cloning from '${shown(address)}' is not allowed: ${why}`);

/** Re-checks a URL against the policy, so git connects only to the addresses approved just now. */
/** The URL as git may reach it: checked by the policy, its approved addresses pinned; AddressRefused if not. */
export async function pinnedSource(
  policy: AddressPolicy,
  url: URL,
  credentials?: { username: string; password: string },
): Promise<FetchSource> {
  const target = await policy.check(url);
  return {
    kind: 'url',
    url,
    credentials,
    pin: { host: target.host, port: target.port, addresses: target.addresses },
  };
}

async function checkedUrl(
  policy: AddressPolicy,
  url: URL,
  credentials?: { username: string; password: string },
): Promise<FetchSource> {
  try {
    return await pinnedSource(policy, url, credentials);
  } catch (error) {
    if (error instanceof AddressRefused)
      throw invalid(`You can not import from disallowed hosts: ${error.message}.`);
    throw error;
  }
}

async function localSource(doer: UserRow, address: string): Promise<ResolvedSource> {
  if (!isSiteAdmin(doer)) throw invalid('You are not allowed to import local repositories.');
  const resolved = path.resolve(address);
  const info = await stat(resolved).catch(() => undefined);
  if (!info?.isDirectory()) throw invalid('Invalid local path, it does not exist or not a directory.');
  return { source: { kind: 'path', path: resolved }, address: resolved, username: '', password: '' };
}

/**
 * Checks a migration's clone address, as Gitea's ParseRemoteAddr and IsMigrateURLAllowed do: an http(s) URL
 * the address policy allows, or an absolute local path for site administrators. Credentials may come in
 * the fields or in the URL; either way they leave the URL. Everything else is a 422 saying why.
 */
export async function resolveMigrationSource(
  policy: AddressPolicy,
  doer: UserRow,
  request: SourceRequest,
): Promise<ResolvedSource> {
  const address = request.cloneAddr.trim();
  if (address === '') throw invalid('[CloneAddr]: Required');
  const scheme = schemePattern.exec(address)?.[1]?.toLowerCase();
  if (scheme === undefined || windowsDrive.test(address)) {
    if (path.isAbsolute(address)) return localSource(doer, address);
    throw notAllowed(address, 'the provided url is invalid (use an http(s) URL)');
  }
  if (scheme !== 'http' && scheme !== 'https') {
    throw notAllowed(address, `the provided url protocol is not allowed ("${scheme}"; use http or https)`);
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw notAllowed(address, 'the provided url is invalid');
  }
  let username = request.authUsername || safeDecode(url.username);
  let password = request.authPassword || safeDecode(url.password);
  if (request.authToken !== '') {
    // Gitea sends a token as the password, with `oauth2` when no user name is given.
    password = request.authToken;
    username ||= 'oauth2';
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  const credentials = username !== '' || password !== '' ? { username, password } : undefined;
  return { source: await checkedUrl(policy, url, credentials), address: url.href, username, password };
}

/** A mirror's source from its row, checked against the policy again (addresses and settings may have changed). */
export async function mirrorSource(policy: AddressPolicy, mirror: MirrorRow): Promise<FetchSource> {
  if (!schemePattern.test(mirror.remote_address) || windowsDrive.test(mirror.remote_address)) {
    return { kind: 'path', path: mirror.remote_address };
  }
  const credentials =
    mirror.auth_username !== '' || mirror.auth_password !== ''
      ? { username: mirror.auth_username, password: mirror.auth_password }
      : undefined;
  return checkedUrl(policy, new URL(mirror.remote_address), credentials);
}
