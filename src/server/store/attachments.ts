import type { Database } from './database';

/**
 * A row of `attachment`: a file attached to a release, or to an issue (and maybe one of its comments);
 * `created` is unix seconds.
 */
export interface AttachmentRow {
  id: number;
  uuid: string;
  repo_id: number;
  release_id: number | null;
  issue_id: number | null;
  comment_id: number | null;
  uploader_id: number;
  name: string;
  size: number;
  download_count: number;
  created: number;
}

/** What a new attachment belongs to: a release, an issue, or a comment of an issue. */
export type AttachmentOwner =
  { readonly release_id: number } | { readonly issue_id: number; readonly comment_id?: number };

export type NewAttachment = Pick<
  AttachmentRow,
  'uuid' | 'repo_id' | 'uploader_id' | 'name' | 'size' | 'created'
> &
  AttachmentOwner;

export function insertAttachment(db: Database, attachment: NewAttachment): AttachmentRow {
  const { lastInsertRowid } = db.run(
    `INSERT INTO attachment (uuid, repo_id, release_id, issue_id, comment_id, uploader_id, name, size, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    attachment.uuid,
    attachment.repo_id,
    'release_id' in attachment ? attachment.release_id : null,
    'issue_id' in attachment ? attachment.issue_id : null,
    'issue_id' in attachment ? (attachment.comment_id ?? null) : null,
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
  for (const row of rows) byRelease.set(row.release_id!, [...(byRelease.get(row.release_id!) ?? []), row]);
  return byRelease;
}

/** Each issue's own attachments (not its comments'), in upload order, as Gitea's GetAttachmentsByIssueID. */
export function attachmentsOfIssues(db: Database, issueIds: readonly number[]): Map<number, AttachmentRow[]> {
  const byIssue = new Map<number, AttachmentRow[]>();
  if (issueIds.length === 0) return byIssue;
  const rows = db.all<AttachmentRow>(
    `SELECT * FROM attachment WHERE issue_id IN (SELECT value FROM json_each(?)) AND comment_id IS NULL
     ORDER BY id`,
    JSON.stringify(issueIds),
  );
  for (const row of rows) byIssue.set(row.issue_id!, [...(byIssue.get(row.issue_id!) ?? []), row]);
  return byIssue;
}

/** Each comment's attachments in upload order. */
export function attachmentsOfComments(
  db: Database,
  commentIds: readonly number[],
): Map<number, AttachmentRow[]> {
  const byComment = new Map<number, AttachmentRow[]>();
  if (commentIds.length === 0) return byComment;
  const rows = db.all<AttachmentRow>(
    'SELECT * FROM attachment WHERE comment_id IN (SELECT value FROM json_each(?)) ORDER BY id',
    JSON.stringify(commentIds),
  );
  for (const row of rows) byComment.set(row.comment_id!, [...(byComment.get(row.comment_id!) ?? []), row]);
  return byComment;
}

/** The uuids of the attachments of an issue and of its comments (their files go with the issue). */
export function attachmentUuidsOfIssue(db: Database, issueId: number): string[] {
  return db
    .all<{ uuid: string }>('SELECT uuid FROM attachment WHERE issue_id = ?', issueId)
    .map((row) => row.uuid);
}

/** The uuids of a comment's attachments. */
export function attachmentUuidsOfComment(db: Database, commentId: number): string[] {
  return db
    .all<{ uuid: string }>('SELECT uuid FROM attachment WHERE comment_id = ?', commentId)
    .map((row) => row.uuid);
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
