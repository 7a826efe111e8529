import { invalid } from '../../domain/errors';
import type { Database } from '../../store/database';
import { listEmailAddresses } from '../../store/emails';
import { findOwnGpgKey, gpgKeyIdTaken, insertGpgKey, type GpgKeyRow } from '../../store/keysGpg';
import { encodeArmor } from './armor';
import { OpenPgpError } from './errors';
import { readArmoredPublicKeys, type PgpEntity } from './transferableKey';

/** The User IDs' addresses, primary first, each once whatever its case. */
function addressesOf(entity: PgpEntity): string[] {
  const byLowerCase = new Map<string, string>();
  for (const { email } of entity.userIds) {
    if (email && !byLowerCase.has(email.toLowerCase())) byLowerCase.set(email.toLowerCase(), email);
  }
  return [...byLowerCase.values()];
}

/**
 * Registers a user's GPG keys as Gitea does: every primary key in the armored block becomes a key with its
 * subkeys, key ids are unique on the server, and each User ID's address is matched (case-insensitively)
 * against the user's activated addresses. Unlike Gitea ≥ 1.16 we accept keys none of whose addresses match
 * (they show `verified: false`) instead of asking for a signed token.
 */
export function addGpgKeys(db: Database, ownerId: number, armored: string): GpgKeyRow[] {
  let entities: PgpEntity[];
  try {
    entities = readArmoredPublicKeys(armored);
  } catch (error) {
    if (error instanceof OpenPgpError) throw invalid(`failed to parse gpg key: ${error.message}`);
    throw error;
  }
  return db.transaction(() => {
    const activated = new Set(
      listEmailAddresses(db, ownerId)
        .filter((row) => row.is_activated)
        .map((row) => row.lower_email),
    );
    const seen = new Set<string>();
    return entities.map((entity) => {
      const keyId = entity.primary.keyId;
      if (seen.has(keyId) || gpgKeyIdTaken(db, keyId)) throw invalid('A key with the same id already exists');
      seen.add(keyId);
      const emails = addressesOf(entity).map((email) => ({
        email,
        verified: activated.has(email.toLowerCase()),
      }));
      const verified = emails.some((email) => email.verified);
      const { primary } = entity;
      const id = insertGpgKey(db, {
        ownerId,
        keyId,
        primaryKeyId: '',
        content: encodeArmor('PUBLIC KEY BLOCK', entity.packets),
        emails,
        canSign: primary.capabilities.sign,
        canEncryptComms: primary.capabilities.encryptCommunications,
        canEncryptStorage: primary.capabilities.encryptStorage,
        canCertify: primary.capabilities.certify,
        verified,
        created: primary.created,
        expires: primary.expires,
      });
      for (const subkey of entity.subkeys) {
        insertGpgKey(db, {
          ownerId,
          keyId: subkey.keyId,
          primaryKeyId: keyId,
          // as Gitea: a subkey's content is the base64 of its key packet
          content: subkey.body.toString('base64'),
          emails: [],
          canSign: subkey.capabilities.sign,
          canEncryptComms: subkey.capabilities.encryptCommunications,
          canEncryptStorage: subkey.capabilities.encryptStorage,
          canCertify: subkey.capabilities.certify,
          verified,
          created: subkey.created,
          expires: subkey.expires,
        });
      }
      return findOwnGpgKey(db, ownerId, id)!;
    });
  });
}
