import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { malformed } from '../domain/errors';
import { avatarInUse, setAccountAvatar, setRepositoryAvatar } from '../store/avatars';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { checkAvatarImage } from './avatarImage';

export interface AvatarServices {
  readonly db: Database;
  readonly dataDir: string;
}

/** Where uploaded avatars live in the data folder, as Gitea's avatar storages name them. */
export type AvatarFolder = 'avatars' | 'repo-avatars';

/** An uploaded avatar's name: 64 hex digits (HashAvatar), which is all a file name here can be. */
export const avatarHashPattern = /^[0-9a-f]{64}$/;

export const avatarFile = (dataDir: string, folder: AvatarFolder, hash: string): string =>
  path.join(dataDir, folder, hash);

// Go's base64.StdEncoding: the standard alphabet, padded; it skips line breaks.
const paddedBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The `image` of UpdateUserAvatarOption/UpdateRepoAvatarOption decoded; 400 as Gitea when it is not base64. */
export function decodeAvatarImage(image: string): Buffer {
  const text = image.replace(/[\r\n]/g, '');
  if (!paddedBase64.test(text)) {
    const illegal = text.search(/[^A-Za-z0-9+/=]/);
    const at = illegal >= 0 ? illegal : Math.max(0, text.length - (text.length % 4 || 4));
    throw malformed(`illegal base64 data at input byte ${at}`);
  }
  return Buffer.from(text, 'base64');
}

/** Gitea's HashAvatar: sha256 of the owner's id, a dash and the image. */
const hashAvatar = (id: number, data: Buffer): string =>
  createHash('sha256').update(`${id}-`).update(data).digest('hex');

function writeAvatar(dataDir: string, folder: AvatarFolder, hash: string, data: Buffer): void {
  const file = avatarFile(dataDir, folder, hash);
  mkdirSync(path.dirname(file), { recursive: true });
  // written aside and renamed, so that the image is never served half written
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, data);
  renameSync(staging, file);
}

/** Removes a replaced avatar's file unless something still names it. */
function dropAvatar(services: AvatarServices, folder: AvatarFolder, hash: string): void {
  if (!hash || avatarInUse(services.db, folder, hash)) return;
  rmSync(avatarFile(services.dataDir, folder, hash), { force: true });
}

/**
 * Gitea's UploadAvatar (users and organizations): a PNG, JPEG, GIF or WebP within the limits (422)
 * becomes the account's avatar, served at its `avatar_url`.
 */
export function uploadAccountAvatar(services: AvatarServices, account: UserRow, data: Buffer): void {
  checkAvatarImage(data);
  const hash = hashAvatar(account.id, data);
  writeAvatar(services.dataDir, 'avatars', hash, data);
  setAccountAvatar(services.db, account.id, hash);
  if (account.custom_avatar !== hash) dropAvatar(services, 'avatars', account.custom_avatar);
}

/** Gitea's DeleteAvatar: back to the default avatar; the image goes. */
export function deleteAccountAvatar(services: AvatarServices, account: UserRow): void {
  setAccountAvatar(services.db, account.id, '');
  dropAvatar(services, 'avatars', account.custom_avatar);
}

/** Gitea's repository UploadAvatar: the same checks; uploading the current image again changes nothing. */
export function uploadRepositoryAvatar(services: AvatarServices, repo: RepositoryRow, data: Buffer): void {
  checkAvatarImage(data);
  const hash = hashAvatar(repo.id, data);
  if (hash === repo.avatar) return;
  writeAvatar(services.dataDir, 'repo-avatars', hash, data);
  setRepositoryAvatar(services.db, repo.id, hash);
  dropAvatar(services, 'repo-avatars', repo.avatar);
}

/** Gitea's repository DeleteAvatar: no avatar any more (its `avatar_url` is empty again). */
export function deleteRepositoryAvatar(services: AvatarServices, repo: RepositoryRow): void {
  setRepositoryAvatar(services.db, repo.id, '');
  dropAvatar(services, 'repo-avatars', repo.avatar);
}
