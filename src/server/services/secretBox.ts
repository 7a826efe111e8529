import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../store/database';
import { webSecret } from './webSessions';

/*
 * Secrets the server must use again later (a push mirror's password), sealed with AES-256-GCM. The key is
 * derived from the server's own secret in its database, so a dump restores them with it, while the column
 * alone, a log or a JSON answer never shows them.
 */

const keyFor = (db: Database, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', webSecret(db), Buffer.alloc(0), `teahouse ${purpose}`, 32));

/** The text sealed: a random nonce, the ciphertext and its tag. */
export function seal(db: Database, purpose: string, text: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(db, purpose), nonce);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]);
}

/** The text back; throws when it was sealed with another key or changed. */
export function unseal(db: Database, purpose: string, box: Uint8Array): string {
  const bytes = Buffer.from(box);
  const decipher = createDecipheriv('aes-256-gcm', keyFor(db, purpose), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
