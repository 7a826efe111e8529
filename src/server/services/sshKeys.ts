import type { DomainError } from '../domain/errors';
import { invalid } from '../domain/errors';
import type { Database } from '../store/database';
import {
  deletePublicKey,
  deleteUnusedDeployPublicKeys,
  findPublicKeyByFingerprint,
  insertPublicKey,
  keyAccessMode,
  publicKeyType,
  userKeyNameTaken,
  type PublicKeyRow,
} from '../store/keys';
import { deployKeyAdded, deployKeyNameTaken, insertDeployKey, type DeployKeyRow } from '../store/keysDeploy';
import { parseSshPublicKey, SshKeyError, type SshPublicKey } from './sshKey';

/** The rules for registering SSH keys, as Gitea's asymkey service has them; violations are 422s. */

function parseOrReject(text: string): SshPublicKey {
  try {
    return parseSshPublicKey(text);
  } catch (error) {
    if (error instanceof SshKeyError) throw invalid(`Invalid key content: ${error.message}`);
    throw error;
  }
}

// Gitea's message for a fingerprint already registered, whether as a user key or as a deploy key.
const keyInUse = (): DomainError => invalid('Key content has been used as non-deploy key');

/** Adds a user key: its content must be new to the server and its title new to the user. */
export function addUserKey(db: Database, ownerId: number, title: string, keyText: string): PublicKeyRow {
  const key = parseOrReject(keyText);
  return db.transaction(() => {
    deleteUnusedDeployPublicKeys(db);
    if (findPublicKeyByFingerprint(db, key.fingerprint)) throw keyInUse();
    if (userKeyNameTaken(db, ownerId, title)) throw invalid('Key title has been used');
    return insertPublicKey(db, {
      ownerId,
      name: title,
      fingerprint: key.fingerprint,
      content: key.content,
      mode: keyAccessMode.write,
      type: publicKeyType.user,
    });
  });
}

export interface DeployKeyRepository {
  id: number;
  owner_id: number;
}

/**
 * Adds a deploy key to a repository. A key may serve several repositories, but not as a user key too, not
 * twice in one repository, and not under a title the repository already uses. Unlike Gitea, each repository
 * gets its own public_key row, owned by the repository's owner, so deleting one account can never take
 * another owner's deploy key with it (the schema cascades from the owner); `key_id` is therefore per repository.
 */
export function addDeployKey(
  db: Database,
  repo: DeployKeyRepository,
  title: string,
  keyText: string,
  readOnly: boolean,
): DeployKeyRow {
  const key = parseOrReject(keyText);
  const mode = readOnly ? keyAccessMode.read : keyAccessMode.write;
  return db.transaction(() => {
    deleteUnusedDeployPublicKeys(db);
    const existing = findPublicKeyByFingerprint(db, key.fingerprint);
    if (existing && existing.type !== publicKeyType.deploy) throw keyInUse();
    if (deployKeyAdded(db, repo.id, key.fingerprint)) {
      throw invalid('This key has already been added to this repository');
    }
    if (deployKeyNameTaken(db, repo.id, title)) throw invalid('A key with the same name already exists');
    const row = insertPublicKey(db, {
      ownerId: repo.owner_id,
      name: title,
      fingerprint: key.fingerprint,
      content: key.content,
      mode,
      type: publicKeyType.deploy,
    });
    return insertDeployKey(db, {
      keyId: row.id,
      repoId: repo.id,
      name: title,
      fingerprint: key.fingerprint,
      mode,
    });
  });
}

/** Removes a deploy key: its public_key row, from which the deploy_key row cascades. */
export function removeDeployKey(db: Database, key: DeployKeyRow): void {
  deletePublicKey(db, key.key_id);
}
