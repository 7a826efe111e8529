import { invalid, notFound } from '../../domain/errors';
import type { Database } from '../../store/database';
import { listEmailAddresses } from '../../store/emails';
import { findOwnGpgKey, gpgKeyIdTaken, insertGpgKey, type GpgKeyRow } from '../../store/keysGpg';
import { findUserById } from '../../store/users';
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
 * The owner's addresses (lower case) with whether each is activated: the address table and the account's
 * own address, as Gitea 1.14.1's GetEmailAddresses lists them.
 */
function ownerAddresses(db: Database, ownerId: number): Map<string, boolean> {
  const addresses = new Map(
    listEmailAddresses(db, ownerId).map((row) => [row.lower_email, row.is_activated] as const),
  );
  const owner = findUserById(db, ownerId);
  if (owner && owner.email !== '' && !addresses.has(owner.email.toLowerCase())) {
    addresses.set(owner.email.toLowerCase(), owner.is_active);
  }
  return addresses;
}

/**
 * Registers a user's GPG keys as Gitea 1.14.1 does: every primary key in the armored block becomes a key
 * with its subkeys, key ids are unique on the server, and each User ID's address is matched
 * (case-insensitively) against the user's addresses. A key none of whose addresses is the user's is refused
 * with Gitea's 404 (ErrGPGNoEmailFound); a matched address counts as verified when it is activated.
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
    const owned = ownerAddresses(db, ownerId);
    const seen = new Set<string>();
    return entities.map((entity) => {
      const keyId = entity.primary.keyId;
      if (seen.has(keyId) || gpgKeyIdTaken(db, keyId)) throw invalid('A key with the same id already exists');
      seen.add(keyId);
      const addresses = addressesOf(entity);
      if (!addresses.some((email) => owned.has(email.toLowerCase()))) {
        const failed = entity.userIds.map((userId) => userId.email);
        throw notFound(`none of the emails attached to the GPG key could be found: [${failed.join(' ')}]`);
      }
      const emails = addresses.map((email) => ({ email, verified: owned.get(email.toLowerCase()) === true }));
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
