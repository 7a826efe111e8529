import { type Database } from './database';

/** A row of `gpg_key`: a primary key (`primary_key_id` empty) or one of its subkeys. */
export interface GpgKeyRow {
  id: number;
  owner_id: number;
  key_id: string;
  primary_key_id: string;
  content: string;
  /** JSON array of {email, verified} */
  emails: string;
  can_sign: boolean;
  can_encrypt_comms: boolean;
  can_encrypt_storage: boolean;
  can_certify: boolean;
  verified: boolean;
  created: number;
  expires: number;
}

export interface NewGpgKey {
  ownerId: number;
  keyId: string;
  primaryKeyId: string;
  content: string;
  emails: ReadonlyArray<{ email: string; verified: boolean }>;
  canSign: boolean;
  canEncryptComms: boolean;
  canEncryptStorage: boolean;
  canCertify: boolean;
  verified: boolean;
  /** The key's own creation time (Gitea shows that, not the upload time). */
  created: number;
  expires: number;
}

export function insertGpgKey(db: Database, key: NewGpgKey): number {
  return db.run(
    `INSERT INTO gpg_key (owner_id, key_id, primary_key_id, content, emails, can_sign, can_encrypt_comms,
       can_encrypt_storage, can_certify, verified, created, expires)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    key.ownerId,
    key.keyId,
    key.primaryKeyId,
    key.content,
    JSON.stringify(key.emails),
    key.canSign,
    key.canEncryptComms,
    key.canEncryptStorage,
    key.canCertify,
    key.verified,
    key.created,
    key.expires,
  ).lastInsertRowid;
}

/** Whether any primary key on the server already has this key id (Gitea keeps them unique). */
export function gpgKeyIdTaken(db: Database, keyId: string): boolean {
  return (
    db.get<{ id: number }>("SELECT id FROM gpg_key WHERE key_id = ? AND primary_key_id = ''", keyId) !==
    undefined
  );
}

/** One of the owner's primary keys; subkeys and other users' keys are not found. */
export function findOwnGpgKey(db: Database, ownerId: number, id: number): GpgKeyRow | undefined {
  return db.get<GpgKeyRow>(
    "SELECT * FROM gpg_key WHERE id = ? AND owner_id = ? AND primary_key_id = ''",
    id,
    ownerId,
  );
}

export function listGpgKeys(
  db: Database,
  ownerId: number,
  paging: { offset: number; limit: number },
): { rows: GpgKeyRow[]; total: number } {
  const total =
    db.get<{ n: number }>(
      "SELECT count(*) AS n FROM gpg_key WHERE owner_id = ? AND primary_key_id = ''",
      ownerId,
    )?.n ?? 0;
  const rows = db.all<GpgKeyRow>(
    "SELECT * FROM gpg_key WHERE owner_id = ? AND primary_key_id = '' ORDER BY id LIMIT ? OFFSET ?",
    ownerId,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}

export function listGpgSubkeys(db: Database, primary: GpgKeyRow): GpgKeyRow[] {
  return db.all<GpgKeyRow>(
    'SELECT * FROM gpg_key WHERE owner_id = ? AND primary_key_id = ? ORDER BY id',
    primary.owner_id,
    primary.key_id,
  );
}

/** Deletes a primary key with its subkeys. */
export function deleteGpgKey(db: Database, primary: GpgKeyRow): void {
  db.transaction(() => {
    db.run('DELETE FROM gpg_key WHERE owner_id = ? AND primary_key_id = ?', primary.owner_id, primary.key_id);
    db.run('DELETE FROM gpg_key WHERE id = ?', primary.id);
  });
}

/**
 * One of the owner's keys by its key id: a primary key or a subkey. The id is compared without leading zeros:
 * the verify route trims them from what the client sends (as Gitea does), and a stored id keeps all 16 digits,
 * so Gitea never finds a key whose id starts with 0; here it is found.
 */
export function findOwnGpgKeyByKeyId(db: Database, ownerId: number, keyId: string): GpgKeyRow | undefined {
  return db.get<GpgKeyRow>(
    "SELECT * FROM gpg_key WHERE owner_id = ? AND ltrim(key_id, '0') = ltrim(?, '0')",
    ownerId,
    keyId,
  );
}

/** Marks one key (primary or subkey) as verified and answers it as it is now. */
export function markGpgKeyVerified(db: Database, key: GpgKeyRow): GpgKeyRow {
  db.run('UPDATE gpg_key SET verified = 1 WHERE id = ?', key.id);
  return { ...key, verified: true };
}
