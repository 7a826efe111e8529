// File contents, file changes through the API, and git trees and blobs.
import type {
  CommitDateOptions,
  CommitMeta,
  CommitUser,
  Identity,
  PayloadCommitVerification,
} from './commit';

/** Information about a repo's entry's (dir, file, symlink, submodule) metadata and content */
export interface ContentsResponse {
  _links: FileLinksResponse;
  /** `content` is populated when `type` is `file`, otherwise null */
  content: string | null;
  download_url: string | null;
  /** `encoding` is populated when `type` is `file`, otherwise null */
  encoding: string | null;
  git_url: string;
  html_url: string;
  last_author_date: string;
  last_commit_message: string;
  last_commit_sha: string;
  last_committer_date: string;
  /** git LFS object ID if this file is stored in LFS */
  lfs_oid: string | null;
  /** file size if this file is stored in LFS */
  lfs_size: number | null;
  name: string;
  /** full path to the file or directory */
  path: string;
  /** git blob or tree SHA */
  sha: string;
  /** file size in bytes */
  size: number;
  /** `submodule_git_url` is populated when `type` is `submodule`, otherwise null */
  submodule_git_url: string | null;
  /** `target` is populated when `type` is `symlink`, otherwise null */
  target: string | null;
  /** `type` will be `file`, `dir`, `symlink`, or `submodule` */
  type: string;
  url: string;
}

export interface ContentsExtResponse {
  /** directory listing when the path represents a directory */
  dir_contents: ContentsResponse[];
  file_contents: ContentsResponse;
}

/** The links for a repo's file */
export interface FileLinksResponse {
  git: string;
  html: string;
  self: string;
}

/** Information about a repo's file */
export interface FileResponse {
  commit: FileCommitResponse;
  content: ContentsResponse;
  verification: PayloadCommitVerification | null;
}

/** Information about multiple files from a repo */
export interface FilesResponse {
  commit: FileCommitResponse;
  files: ContentsResponse[];
  verification: PayloadCommitVerification | null;
}

/** Information about a repo's file that was deleted */
export interface FileDeleteResponse {
  commit: FileCommitResponse;
  /** always null for delete operations */
  content: null;
  verification: PayloadCommitVerification | null;
}

/** Information generated from a Git commit for a repo's file */
export interface FileCommitResponse {
  author: CommitUser;
  committer: CommitUser;
  created: string;
  html_url: string;
  message: string;
  parents: CommitMeta[];
  sha: string;
  tree: CommitMeta;
  url: string;
}

/** Options for creating a file */
export interface CreateFileOptions {
  author?: Identity;
  /** (optional) the base branch for the changes. If not supplied, the default branch is used */
  branch?: string;
  committer?: Identity;
  /** must be base64 encoded */
  content: string;
  dates?: CommitDateOptions;
  /** (optional) do a force-push if the new branch already exists */
  force_push?: boolean;
  /** (optional) the commit message of the changes. If not supplied, a default message will be used */
  message?: string;
  /** (optional) make a new branch from base branch for the changes. If not supplied, the changes will be committed to the base branch */
  new_branch?: string;
  /** add a Signed-off-by trailer by the committer at the end of the commit log message */
  signoff?: boolean;
}

/** Options for updating or creating a file */
export interface UpdateFileOptions {
  author?: Identity;
  /** (optional) the base branch for the changes. If not supplied, the default branch is used */
  branch?: string;
  committer?: Identity;
  /** must be base64 encoded */
  content: string;
  dates?: CommitDateOptions;
  /** (optional) do a force-push if the new branch already exists */
  force_push?: boolean;
  /** (optional) the path of the original file which will be moved/renamed to the path in the URL */
  from_path?: string;
  /** (optional) the commit message of the changes. If not supplied, a default message will be used */
  message?: string;
  /** (optional) make a new branch from base branch for the changes. If not supplied, the changes will be committed to the base branch */
  new_branch?: string;
  /** blob ID (SHA) for the file that already exists to update, or leave it empty to create a new file */
  sha?: string;
  /** add a Signed-off-by trailer by the committer at the end of the commit log message */
  signoff?: boolean;
}

/** Options for deleting a file */
export interface DeleteFileOptions {
  author?: Identity;
  /** (optional) the base branch for the changes. If not supplied, the default branch is used */
  branch?: string;
  committer?: Identity;
  dates?: CommitDateOptions;
  /** (optional) do a force-push if the new branch already exists */
  force_push?: boolean;
  /** (optional) the commit message of the changes. If not supplied, a default message will be used */
  message?: string;
  /** (optional) make a new branch from base branch for the changes. If not supplied, the changes will be committed to the base branch */
  new_branch?: string;
  sha: string;
  /** add a Signed-off-by trailer by the committer at the end of the commit log message */
  signoff?: boolean;
}

/** For creating, updating or deleting a file */
export interface ChangeFileOperation {
  /** new or updated file content, it must be base64 encoded */
  content?: string;
  from_path?: string;
  /** indicates what to do with the file: "create" for creating a new file, "update" for updating an existing file, "upload" for creating or updating a file, "rename" for renaming a file, and "delete" for deleting an existing file */
  operation: 'create' | 'update' | 'upload' | 'rename' | 'delete';
  path: string;
  /** blob ID (SHA) for the file that already exists, required for changing existing files */
  sha?: string;
}

/** Options for creating, updating or deleting multiple files */
export interface ChangeFilesOptions {
  author?: Identity;
  /** (optional) the base branch for the changes. If not supplied, the default branch is used */
  branch?: string;
  committer?: Identity;
  dates?: CommitDateOptions;
  files: ChangeFileOperation[];
  /** (optional) do a force-push if the new branch already exists */
  force_push?: boolean;
  /** (optional) the commit message of the changes. If not supplied, a default message will be used */
  message?: string;
  /** (optional) make a new branch from base branch for the changes. If not supplied, the changes will be committed to the base branch */
  new_branch?: string;
  /** add a Signed-off-by trailer by the committer at the end of the commit log message */
  signoff?: boolean;
}

/** Options for applying a diff patch */
export interface ApplyDiffPatchFileOptions {
  author?: Identity;
  /** (optional) the base branch for the changes. If not supplied, the default branch is used */
  branch?: string;
  committer?: Identity;
  content: string;
  dates?: CommitDateOptions;
  /** (optional) do a force-push if the new branch already exists */
  force_push?: boolean;
  /** (optional) the commit message of the changes. If not supplied, a default message will be used */
  message?: string;
  /** (optional) make a new branch from base branch for the changes. If not supplied, the changes will be committed to the base branch */
  new_branch?: string;
  /** add a Signed-off-by trailer by the committer at the end of the commit log message */
  signoff?: boolean;
}

/** Options for retrieving metadate and content of multiple files */
export interface GetFilesOptions {
  files?: string[];
}

/** A git blob */
export interface GitBlobResponse {
  /** content of the git blob (may be base64 encoded) */
  content: string;
  /** encoding used for the content (e.g., "base64") */
  encoding: string;
  lfs_oid: string;
  lfs_size: number;
  sha: string;
  /** size of the git blob in bytes */
  size: number;
  url: string;
}

/** A git tree */
export interface GitEntry {
  mode: string;
  path: string;
  sha: string;
  /** file size in bytes */
  size: number;
  /** if this is a file, directory, or symlink */
  type: string;
  url: string;
}

/** Returns a git tree */
export interface GitTreeResponse {
  page: number;
  sha: string;
  total_count: number;
  /** tree entries (files and directories) */
  tree: GitEntry[];
  truncated: boolean;
  url: string;
}
