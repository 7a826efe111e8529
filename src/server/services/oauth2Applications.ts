import { randomBytes, randomUUID } from 'node:crypto';
import { invalid, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import {
  findOAuth2Application,
  insertOAuth2Application,
  updateOAuth2Application,
  type OAuth2ApplicationFields,
  type OAuth2ApplicationRow,
} from '../store/oauth2Applications';
import { hashToken } from './tokens';

/** Gitea prefixes client secrets so secret scanners can recognise them. */
const secretPrefix = 'gto_';
const base32Alphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lower-case base32 without padding, the encoding of Gitea's client secrets. */
function base32Lower(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A fresh client secret: `gto_` + 32 random bytes. Shown once, stored only as a hash. */
export function generateClientSecret(): string {
  return secretPrefix + base32Lower(randomBytes(32));
}

/** Throws 422 unless every redirect URI is an absolute URI (a scheme; custom schemes serve native apps). */
export function assertRedirectUris(uris: readonly string[]): void {
  if (uris.length === 0) throw invalid('[RedirectURIs]: Required');
  for (const uri of uris) {
    if (!URL.canParse(uri) || /\s/.test(uri)) throw invalid(`[RedirectURIs]: invalid URL: ${uri}`);
  }
}

/** The caller's application; someone else's id answers 404 exactly like a missing one. */
export function ownOAuth2Application(db: Database, uid: number, id: number): OAuth2ApplicationRow {
  const app = findOAuth2Application(db, uid, id);
  if (!app) throw notFound(`OAuth Application not found [id: ${id}]`);
  return app;
}

/** Registers an application with a random client id and secret; returns the row and the secret. */
export function createOAuth2Application(
  db: Database,
  uid: number,
  fields: OAuth2ApplicationFields,
): { row: OAuth2ApplicationRow; secret: string } {
  assertRedirectUris(fields.redirectUris);
  const secret = generateClientSecret();
  // sha256, not scrypt: the secret is 256 random bits, so a slow hash adds nothing against guessing.
  const row = insertOAuth2Application(db, {
    ...fields,
    uid,
    clientId: randomUUID(),
    clientSecretHash: hashToken(secret),
  });
  return { row, secret };
}

/** Replaces the application's fields and, as Gitea does on every update, regenerates its secret. */
export function editOAuth2Application(
  db: Database,
  uid: number,
  id: number,
  fields: OAuth2ApplicationFields,
): { row: OAuth2ApplicationRow; secret: string } {
  return db.transaction(() => {
    const app = ownOAuth2Application(db, uid, id);
    assertRedirectUris(fields.redirectUris);
    const secret = generateClientSecret();
    const row = updateOAuth2Application(db, app.id, { ...fields, clientSecretHash: hashToken(secret) });
    if (!row) throw notFound(`OAuth Application not found [id: ${id}]`);
    return { row, secret };
  });
}
