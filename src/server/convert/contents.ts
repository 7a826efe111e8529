import type { ContentsResponse } from '../../api/types';
import { identTime, type CommitObject } from '../git/commits';
import type { ResolvedRef } from '../git/refs';
import type { TreeEntry } from '../git/trees';
import type { RepositoryRow } from '../store/repositories';
import { repositoryHtmlUrl } from './commit';
import { repositoryApiUrl } from './repository';
import type { ViewContext } from './viewContext';

type RepoNames = Pick<RepositoryRow, 'owner_name' | 'name'>;

/** Each segment percent-encoded, the slashes kept (Gitea's `PathEscapeSegments`). */
export const escapeSegments = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** How Gitea's web links name a ref: `branch/main`, `tag/v1.0`, `commit/<id>`. */
export const refWebLinkPath = (ref: ResolvedRef): string =>
  `${ref.kind}/${ref.kind === 'commit' ? ref.commit : escapeSegments(ref.name)}`;

const contentType = (kind: TreeEntry['kind']): string => (kind === 'executable' ? 'file' : kind);

export interface ContentsInput {
  /** The entry's full path in the tree. */
  readonly path: string;
  readonly entry: TreeEntry;
  /** Blob size in bytes; 0 for directories and submodules. */
  readonly size: number;
  /** The last commit that changed the path. */
  readonly lastCommit: CommitObject;
  /** A file's content when the answer carries it (a single file, not a listing, not too large). */
  readonly content?: Buffer;
  /** A symbolic link's target. */
  readonly target?: string;
  /** A submodule's URL from `.gitmodules`. */
  readonly submoduleUrl?: string;
}

/** Gitea's `ContentsResponse`; a submodule has no web or git links (null, as Gitea's unset pointers). */
export type ContentsJson = Omit<ContentsResponse, 'html_url' | 'git_url' | '_links'> & {
  html_url: string | null;
  git_url: string | null;
  _links: { self: string; git: string | null; html: string | null };
};

/**
 * Gitea's `ContentsResponse` for one entry. `ref` is the ref as the client named it (or the default
 * branch); `download_url` names this server's raw endpoint, since there is no web raw route here.
 */
export function toContents(
  view: ViewContext,
  repo: RepoNames,
  ref: ResolvedRef,
  input: ContentsInput,
): ContentsJson {
  const apiUrl = repositoryApiUrl(view, repo);
  const htmlBase = repositoryHtmlUrl(view, repo);
  const { entry, path } = input;
  const refQuery = encodeURIComponent(ref.kind === 'commit' ? ref.commit : ref.name);
  const self = `${apiUrl}/contents/${escapeSegments(path)}?ref=${refQuery}`;
  const isBlob = entry.kind === 'file' || entry.kind === 'executable' || entry.kind === 'symlink';
  const isSubmodule = entry.kind === 'submodule';
  const html = isSubmodule ? null : `${htmlBase}/src/${refWebLinkPath(ref)}/${escapeSegments(path)}`;
  const git = isSubmodule ? null : `${apiUrl}/git/${entry.kind === 'dir' ? 'trees' : 'blobs'}/${entry.sha}`;
  const last = input.lastCommit;
  return {
    name: entry.name,
    path,
    sha: entry.sha,
    last_commit_sha: last.sha,
    last_author_date: identTime(last.author),
    last_committer_date: identTime(last.committer),
    last_commit_message: last.message,
    type: contentType(entry.kind),
    size: input.size,
    encoding: input.content ? 'base64' : null,
    content: input.content ? input.content.toString('base64') : null,
    target: input.target ?? null,
    url: self,
    html_url: html,
    git_url: git,
    download_url: isBlob ? `${apiUrl}/raw/${escapeSegments(path)}?ref=${refQuery}` : null,
    submodule_git_url: input.submoduleUrl ?? null,
    lfs_oid: null,
    lfs_size: null,
    _links: { self, git, html },
  };
}

export interface RawHeaders {
  readonly contentType: string;
  /** `inline` for text and images a browser shows safely, `attachment` for everything else. */
  readonly disposition: 'inline' | 'attachment';
}

const signatures: readonly [bytes: number[], type: string][] = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0x42, 0x4d], 'image/bmp'],
];

/**
 * What a raw blob is served as, by its first bytes: known images and PDF by signature, valid UTF-8 without
 * NULs as `text/plain; charset=utf-8`, anything else `application/octet-stream`. Never HTML or SVG, so a
 * file in a repository cannot run script in the server's origin.
 */
export function sniffRaw(head: Buffer): RawHeaders {
  // A warm raw read gets the same buffer from the object cache: it is sniffed once.
  let sniffed = sniffedBuffers.get(head);
  if (!sniffed) {
    sniffed = sniffBytes(head);
    sniffedBuffers.set(head, sniffed);
  }
  return sniffed;
}

const sniffedBuffers = new WeakMap<Buffer, RawHeaders>();

function sniffBytes(head: Buffer): RawHeaders {
  for (const [bytes, type] of signatures) {
    if (bytes.every((byte, i) => head[i] === byte)) return { contentType: type, disposition: 'inline' };
  }
  if (
    head.subarray(0, 12).toString('latin1').startsWith('RIFF') &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { contentType: 'image/webp', disposition: 'inline' };
  }
  const sample = head.subarray(0, 8000);
  if (!sample.includes(0)) {
    try {
      // `stream` lets a character cut at the end of the sample pass.
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
      return { contentType: 'text/plain; charset=utf-8', disposition: 'inline' };
    } catch {
      // not UTF-8: binary
    }
  }
  return { contentType: 'application/octet-stream', disposition: 'attachment' };
}

/** A `Content-Disposition` value with a quoted ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
