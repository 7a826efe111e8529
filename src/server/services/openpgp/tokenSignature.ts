import { createHash } from 'node:crypto';
import { invalid, notFound } from '../../domain/errors';
import type { Database } from '../../store/database';
import {
  findOwnGpgKeyByKeyId,
  listGpgSubkeys,
  markGpgKeyVerified,
  type GpgKeyRow,
} from '../../store/keysGpg';
import type { UserRow } from '../../store/users';
import { decodeArmor } from './armor';
import { OpenPgpError } from './errors';
import { packetTag, readPackets } from './packets';
import { parsePublicKeyPacket, type PgpPublicKey } from './publicKeyPacket';
import { parseSignaturePacket, type PgpSignature } from './signaturePacket';
import { checkSignature } from './signatureVerify';
import { readArmoredPublicKeys } from './transferableKey';

/** Go's RFC1123Z layout in UTC: `Mon, 02 Jan 2006 15:04:05 +0000`. */
const rfc1123z = (millis: number): string => new Date(millis).toUTCString().replace(/GMT$/, '+0000');

/**
 * Gitea's VerificationToken: the hex SHA-256 of the current minute (moved `minutesAhead` on), the account's
 * creation time, name, e-mail and id. A signature of it proves the signer holds the key; the token changes
 * every minute, so the one of the minute before is accepted too.
 */
export function verificationToken(user: UserRow, minutesAhead: number, now = Date.now()): string {
  const minute = Math.floor(now / 60_000) * 60_000 + minutesAhead * 60_000;
  const text = `${rfc1123z(minute)}:${rfc1123z(user.created * 1000)}:${user.name}:${user.email}:${user.id}`;
  return createHash('sha256').update(text).digest('hex');
}

function readSignature(armored: string): PgpSignature {
  try {
    const block = decodeArmor(armored);
    const packet = readPackets(block.data).find((candidate) => candidate.tag === packetTag.signature);
    const signature = packet && parseSignaturePacket(packet.body);
    if (!signature?.signed) throw new OpenPgpError('the data holds no version 4 or 6 signature');
    return signature;
  } catch (error) {
    if (error instanceof OpenPgpError) throw invalid(`failed to read the signature: ${error.message}`);
    throw error;
  }
}

/** The key a stored row holds: a primary key's armored block, or a subkey's packet in base64. */
function publicKeyOf(row: GpgKeyRow): PgpPublicKey {
  if (row.primary_key_id !== '') return parsePublicKeyPacket(Buffer.from(row.content, 'base64'));
  const [entity] = readArmoredPublicKeys(row.content);
  if (!entity) throw new OpenPgpError('the stored key holds no public key');
  return entity.primary;
}

/**
 * The messages Gitea accepts as signed: the token as is, or followed by one or two line ends (what `echo`
 * and editors add); a text-mode signature hashes its lines ending in CR LF.
 */
function signedMessages(token: string, signature: PgpSignature): Buffer[] {
  const texts = [token, `${token}\n`, `${token}\n\n`];
  const textMode = signature.type === 0x01;
  return texts.flatMap((text) => [
    Buffer.from(text),
    ...(textMode ? [Buffer.from(text.replace(/\r?\n/g, '\r\n'))] : []),
  ]);
}

/**
 * Gitea's VerifyGPGKey: `keyId` names one of the owner's keys (a primary key or a subkey, 404 otherwise), and
 * the signature must be a valid one of one of the tokens by that key or one of its subkeys (422 otherwise:
 * signatures this server cannot check cryptographically, DSA and Ed448, count as not matching). The key is
 * then marked verified.
 */
export function verifyGpgKeyToken(
  db: Database,
  owner: UserRow,
  keyId: string,
  armoredSignature: string,
  tokens: readonly string[],
): GpgKeyRow {
  const key = findOwnGpgKeyByKeyId(db, owner.id, keyId);
  if (!key) throw notFound('GPG key does not exist');
  const signature = readSignature(armoredSignature);
  const signers = [key, ...(key.primary_key_id === '' ? listGpgSubkeys(db, key) : [])];
  const verified = signers.some((row) => {
    let signer: PgpPublicKey;
    try {
      signer = publicKeyOf(row);
    } catch {
      return false;
    }
    return tokens.some((token) =>
      signedMessages(token, signature).some(
        (message) => checkSignature(signature, signer, message) === 'valid',
      ),
    );
  });
  if (!verified) {
    throw invalid(
      `The provided GPG key, signature and token do not match or token is out of date. Provide a valid signature for the token: ${tokens[0]}`,
    );
  }
  return markGpgKeyVerified(db, key);
}
