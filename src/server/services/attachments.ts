import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { invalid, notFound } from '../domain/errors';
import {
  countAttachmentDownload,
  deleteAttachmentRow,
  findAttachmentById,
  findAttachmentByUuid,
  findReleaseAttachmentByName,
  insertAttachment,
  renameAttachment,
  type AttachmentOwner,
  type AttachmentRow,
} from '../store/attachments';
import { nowSeconds, type Database } from '../store/database';
import { findIssueById } from '../store/issues';
import { findReleaseById, findReleaseByTag, type ReleaseRow } from '../store/releases';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { issueUnit } from './issuesAccess';
import { atLeast, repoAccess } from './permissions';

export interface AttachmentServices {
  readonly db: Database;
  readonly dataDir: string;
}

/** Where an attachment's bytes live: `<data>/attachments/<uuid>`. */
export const attachmentFile = (dataDir: string, uuid: string): string =>
  path.join(dataDir, 'attachments', uuid);

/** Removes attachment files (after their rows are gone); a file already missing is no error. */
export function removeAttachmentFiles(dataDir: string, uuids: readonly string[]): void {
  for (const uuid of uuids) rmSync(attachmentFile(dataDir, uuid), { force: true });
}

/** An attachment name: not empty, no path separators or control characters (it is a download path segment). */
function attachmentName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || /[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw invalid(`attachment name is not valid [name: ${name}]`);
  }
  return trimmed;
}

/** An uploaded file: its name and its bytes as they arrive. */
export interface AttachmentUpload {
  readonly name: string;
  readonly content: AsyncIterable<Uint8Array>;
}

/**
 * Stores an uploaded file as an attachment of a release, an issue or a comment (Gitea's NewAttachment): the
 * bytes are streamed to a temporary file, renamed into place, then the row is written; a failure leaves
 * neither.
 */
export async function createAttachment(
  services: AttachmentServices,
  doer: UserRow,
  repo: RepositoryRow,
  owner: AttachmentOwner,
  upload: AttachmentUpload,
): Promise<AttachmentRow> {
  const name = attachmentName(upload.name);
  const uuid = randomUUID();
  const target = attachmentFile(services.dataDir, uuid);
  const partial = `${target}.partial`;
  mkdirSync(path.dirname(target), { recursive: true });
  let size = 0;
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of upload.content) {
        size += chunk.byteLength;
        yield chunk;
      }
    })(),
  );
  try {
    await pipeline(counted, createWriteStream(partial, { flags: 'wx' }));
    renameSync(partial, target);
    return insertAttachment(services.db, {
      uuid,
      repo_id: repo.id,
      ...owner,
      uploader_id: doer.id,
      name,
      size,
      created: nowSeconds(),
    });
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(target, { force: true });
    throw error;
  }
}

export const createReleaseAttachment = (
  services: AttachmentServices,
  doer: UserRow,
  repo: RepositoryRow,
  release: ReleaseRow,
  upload: AttachmentUpload,
): Promise<AttachmentRow> => createAttachment(services, doer, repo, { release_id: release.id }, upload);

/** Renames an attachment; an empty name keeps the old one, as Gitea's EditReleaseAttachment. */
export function editAttachment(
  services: AttachmentServices,
  attachment: AttachmentRow,
  name: string | undefined,
): AttachmentRow {
  if (name !== undefined && name !== '') renameAttachment(services.db, attachment.id, attachmentName(name));
  return findAttachmentById(services.db, attachment.id) ?? attachment;
}

export function deleteAttachment(services: AttachmentServices, attachment: AttachmentRow): void {
  deleteAttachmentRow(services.db, attachment.id);
  removeAttachmentFiles(services.dataDir, [attachment.uuid]);
}

/** What a download serves: the row (its count already raised) and the file. */
export interface AttachmentDownload {
  readonly attachment: AttachmentRow;
  readonly file: string;
}

/**
 * The attachment a download names, when the caller may read the release it belongs to: readers of the
 * repository's releases, drafts to writers only. Anything else is not found (a private repository is a 404).
 */
function readableRelease(
  db: Database,
  viewer: UserRow | null,
  repo: RepositoryRow | undefined,
  release: ReleaseRow | undefined,
): boolean {
  if (!repo || !release) return false;
  const mode = repoAccess(db, viewer, repo, 'repo.releases');
  if (!atLeast(mode, 'read')) return false;
  if (!repo.has_releases && !atLeast(mode, 'admin')) return false;
  return !release.is_draft || atLeast(mode, 'write');
}

function downloadOf(
  services: AttachmentServices,
  attachment: AttachmentRow,
  countDownload: boolean,
): AttachmentDownload {
  if (countDownload) countAttachmentDownload(services.db, attachment.id);
  return { attachment, file: attachmentFile(services.dataDir, attachment.uuid) };
}

/** An issue's (or its comments') attachment is read by readers of the issue's unit, where it is enabled. */
function readableIssue(
  db: Database,
  viewer: UserRow | null,
  repo: RepositoryRow | undefined,
  issueId: number,
): boolean {
  const issue = findIssueById(db, issueId);
  if (!repo || !issue || issue.repo_id !== repo.id) return false;
  if (!(issue.is_pull ? repo.has_pull_requests : repo.has_issues)) return false;
  return atLeast(repoAccess(db, viewer, repo, issueUnit(issue.is_pull)), 'read');
}

/** Gitea's `/attachments/{uuid}`: the read rule of what the attachment belongs to (its LinkedRepository). */
export function attachmentDownloadByUuid(
  services: AttachmentServices,
  viewer: UserRow | null,
  uuid: string,
  countDownload: boolean,
): AttachmentDownload {
  const { db } = services;
  const attachment = findAttachmentByUuid(db, uuid);
  const repo = attachment && findRepositoryById(db, attachment.repo_id);
  const readable =
    attachment?.release_id != null
      ? readableRelease(db, viewer, repo, findReleaseById(db, attachment.repo_id, attachment.release_id))
      : attachment?.issue_id != null && readableIssue(db, viewer, repo, attachment.issue_id);
  if (!attachment || !readable) throw notFound();
  return downloadOf(services, attachment, countDownload);
}

/** Gitea's `/{owner}/{repo}/releases/download/{tag}/{name}`. */
export function attachmentDownloadByTag(
  services: AttachmentServices,
  viewer: UserRow | null,
  repo: RepositoryRow | undefined,
  tag: string,
  name: string,
  countDownload: boolean,
): AttachmentDownload {
  const release = repo && findReleaseByTag(services.db, repo.id, tag);
  if (!release || !readableRelease(services.db, viewer, repo, release)) throw notFound();
  const attachment = findReleaseAttachmentByName(services.db, release.id, name);
  if (!attachment) throw notFound();
  return downloadOf(services, attachment, countDownload);
}
