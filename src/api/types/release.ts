// Releases and attachments.
import type { User } from './user';

/** A repository release */
export interface Release {
  assets: Attachment[];
  author: User;
  body: string;
  created_at: string;
  draft: boolean;
  html_url: string;
  id: number;
  name: string;
  prerelease: boolean;
  published_at: string;
  tag_name: string;
  tarball_url: string;
  target_commitish: string;
  upload_url: string;
  url: string;
  zipball_url: string;
}

/** Options when creating a release */
export interface CreateReleaseOption {
  body?: string;
  draft?: boolean;
  name?: string;
  prerelease?: boolean;
  tag_message?: string;
  tag_name: string;
  target_commitish?: string;
}

/** Options when editing a release */
export interface EditReleaseOption {
  /** new release notes or description */
  body?: string;
  draft?: boolean;
  /** new display title of the release */
  name?: string;
  prerelease?: boolean;
  tag_name?: string;
  target_commitish?: string;
}

/** A generic attachment */
export interface Attachment {
  browser_download_url: string;
  created_at: string;
  download_count: number;
  id: number;
  name: string;
  /** file size in bytes */
  size: number;
  uuid: string;
}

/** Options for editing attachments */
export interface EditAttachmentOptions {
  name?: string;
}
