import type { Database } from './database';

/** A row of `attachment`: a file attached to a release; `created` is unix seconds. */
export interface AttachmentRow {
  id: number;
  uuid: string;
  repo_id: number;
  release_id: number;
  uploader_id: number;
  name: string;
  size: number;
  download_count: number;
  created: number;
}

export type NewAttachment = Omit<AttachmentRow, 'id' | 'download_count'>;

export function insertAttachment(db: Database, attachment: NewAttachment): AttachmentRow {
  const { lastInsertRowid } = db.run(
    `INSERT INTO attachment (uuid, repo_id, release_id, uploader_id, name, size, created)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    attachment.uuid,
    attachment.repo_id,
    attachment.release_id,
    attachment.uploader_id,
    attachment.name,
    attachment.size,
    attachment.created,
  );
  return findAttachmentById(db, lastInsertRowid)!;
}

export function findAttachmentById(db: Database, id: number): AttachmentRow | undefined {
  return db.get<AttachmentRow>('SELECT * FROM attachment WHERE id = ?', id);
}

export function findAttachmentByUuid(db: Database, uuid: string): AttachmentRow | undefined {
  return db.get<AttachmentRow>('SELECT * FROM attachment WHERE uuid = ?', uuid);
}

/** The release's attachment of that name (the first uploaded, when names repeat, as Gitea's lookup). */
export function findReleaseAttachmentByName(
  db: Database,
  releaseId: number,
  name: string,
): AttachmentRow | undefined {
  return db.get<AttachmentRow>(
    'SELECT * FROM attachment WHERE release_id = ? AND name = ? ORDER BY id LIMIT 1',
    releaseId,
    name,
  );
}

/** Each release's attachments in upload order. */
export function attachmentsOfReleases(
  db: Database,
  releaseIds: readonly number[],
): Map<number, AttachmentRow[]> {
  const byRelease = new Map<number, AttachmentRow[]>();
  if (releaseIds.length === 0) return byRelease;
  const rows = db.all<AttachmentRow>(
    'SELECT * FROM attachment WHERE release_id IN (SELECT value FROM json_each(?)) ORDER BY id',
    JSON.stringify(releaseIds),
  );
  for (const row of rows) byRelease.set(row.release_id, [...(byRelease.get(row.release_id) ?? []), row]);
  return byRelease;
}

/** The uuids of every attachment of a repository (their files go when the repository goes). */
export function attachmentUuidsOfRepository(db: Database, repoId: number): string[] {
  return db
    .all<{ uuid: string }>('SELECT uuid FROM attachment WHERE repo_id = ?', repoId)
    .map((row) => row.uuid);
}

export function renameAttachment(db: Database, id: number, name: string): void {
  db.run('UPDATE attachment SET name = ? WHERE id = ?', name, id);
}

export function countAttachmentDownload(db: Database, id: number): void {
  db.run('UPDATE attachment SET download_count = download_count + 1 WHERE id = ?', id);
}

export function deleteAttachmentRow(db: Database, id: number): void {
  db.run('DELETE FROM attachment WHERE id = ?', id);
}
