import { nowSeconds, type Database } from './database';

export interface OAuth2ApplicationRow {
  id: number;
  uid: number;
  name: string;
  client_id: string;
  client_secret_hash: string;
  /** JSON array of strings. */
  redirect_uris: string;
  confidential_client: boolean;
  skip_secondary_authorization: boolean;
  created: number;
  updated: number;
}

/** What a client may set on an application; create and update take the same fields, as in Gitea. */
export interface OAuth2ApplicationFields {
  name: string;
  redirectUris: readonly string[];
  confidentialClient: boolean;
  skipSecondaryAuthorization: boolean;
}

/** The user's application with this id; another user's application is treated as missing. */
export function findOAuth2Application(
  db: Database,
  uid: number,
  id: number,
): OAuth2ApplicationRow | undefined {
  return db.get<OAuth2ApplicationRow>('SELECT * FROM oauth2_application WHERE uid = ? AND id = ?', uid, id);
}

export function insertOAuth2Application(
  db: Database,
  app: OAuth2ApplicationFields & { uid: number; clientId: string; clientSecretHash: string },
): OAuth2ApplicationRow {
  const now = nowSeconds();
  const { lastInsertRowid: id } = db.run(
    `INSERT INTO oauth2_application
       (uid, name, client_id, client_secret_hash, redirect_uris, confidential_client,
        skip_secondary_authorization, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    app.uid,
    app.name,
    app.clientId,
    app.clientSecretHash,
    JSON.stringify(app.redirectUris),
    app.confidentialClient,
    app.skipSecondaryAuthorization,
    now,
    now,
  );
  const row = db.get<OAuth2ApplicationRow>('SELECT * FROM oauth2_application WHERE id = ?', id);
  if (!row) throw new Error(`oauth2 application ${id} vanished after insert`);
  return row;
}

/** Replaces every client-set field and the secret hash; returns the updated row. */
export function updateOAuth2Application(
  db: Database,
  id: number,
  app: OAuth2ApplicationFields & { clientSecretHash: string },
): OAuth2ApplicationRow | undefined {
  db.run(
    `UPDATE oauth2_application
     SET name = ?, redirect_uris = ?, confidential_client = ?, skip_secondary_authorization = ?,
         client_secret_hash = ?, updated = ?
     WHERE id = ?`,
    app.name,
    JSON.stringify(app.redirectUris),
    app.confidentialClient,
    app.skipSecondaryAuthorization,
    app.clientSecretHash,
    nowSeconds(),
    id,
  );
  return db.get<OAuth2ApplicationRow>('SELECT * FROM oauth2_application WHERE id = ?', id);
}

export function listOAuth2Applications(
  db: Database,
  uid: number,
  page: { offset: number; limit: number },
): { rows: OAuth2ApplicationRow[]; total: number } {
  const total =
    db.get<{ n: number }>('SELECT count(*) AS n FROM oauth2_application WHERE uid = ?', uid)?.n ?? 0;
  const rows = db.all<OAuth2ApplicationRow>(
    'SELECT * FROM oauth2_application WHERE uid = ? ORDER BY id LIMIT ? OFFSET ?',
    uid,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

export function deleteOAuth2Application(db: Database, id: number): void {
  db.run('DELETE FROM oauth2_application WHERE id = ?', id);
}
