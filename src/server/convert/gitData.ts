import type {
  AnnotatedTag,
  GitBlobResponse,
  GitEntry,
  GitTreeResponse,
  Reference,
  Tag,
} from '../../api/types';
import { identTime, type CommitObject } from '../git/commits';
import type { RefEntry } from '../git/refs';
import type { ListedEntry } from '../git/treeListing';
import type { TagObject } from '../git/tags';
import type { RepositoryRow } from '../store/repositories';
import { repositoryHtmlUrl, toVerification } from './commit';
import { repositoryApiUrl } from './repository';
import type { ViewContext } from './viewContext';

type RepoNames = Pick<RepositoryRow, 'owner_name' | 'name'>;

/** Each segment escaped, the slashes kept, for ref and tag names in URLs (`release/1.0`). */
const escapeSegments = (value: string): string => value.split('/').map(encodeURIComponent).join('/');

/** Gitea's `Reference`: the ref, and the object it names with that object's API URL. */
export function toReference(view: ViewContext, repo: RepoNames, ref: RefEntry): Reference {
  const apiUrl = repositoryApiUrl(view, repo);
  return {
    ref: ref.ref,
    url: `${apiUrl}/git/${escapeSegments(ref.ref)}`,
    object: { sha: ref.sha, type: ref.type, url: `${apiUrl}/git/${ref.type}s/${ref.sha}` },
  };
}

/** Gitea's `GitBlobResponse`; `content` is empty for a blob too large to send. LFS fields are left out, as Gitea leaves them for blobs that are not LFS pointers. */
export function toGitBlob(
  view: ViewContext,
  repo: RepoNames,
  blob: { sha: string; size: number; content: Buffer | undefined },
): Omit<GitBlobResponse, 'lfs_oid' | 'lfs_size'> {
  return {
    sha: blob.sha,
    url: `${repositoryApiUrl(view, repo)}/git/blobs/${blob.sha}`,
    size: blob.size,
    encoding: 'base64',
    content: blob.content?.toString('base64') ?? '',
  };
}

/** One page of a tree as Gitea's `GitTreeResponse` (`sha` is the id the client named, resolved). */
export function toGitTree(
  view: ViewContext,
  repo: RepoNames,
  tree: {
    sha: string;
    page: number;
    totalCount: number;
    truncated: boolean;
    entries: readonly ListedEntry[];
  },
): GitTreeResponse {
  const apiUrl = repositoryApiUrl(view, repo);
  return {
    sha: tree.sha,
    url: `${apiUrl}/git/trees/${tree.sha}`,
    page: tree.page,
    total_count: tree.totalCount,
    truncated: tree.truncated,
    tree: tree.entries.map((entry): GitEntry => ({
      path: entry.path,
      mode: entry.mode,
      type: entry.type,
      size: entry.size,
      sha: entry.sha,
      // Gitea links everything that is not a directory (submodules too) as a blob.
      url: `${apiUrl}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
    })),
  };
}

/**
 * Gitea's `Tag` of the tag list: `id` is the tag object of an annotated tag, else the commit; the time and
 * message are the tagger's (annotated) or the commit's (lightweight). `commit.url` names the commit itself
 * (Gitea 1.14.1 put the tag object's id there, which names no commit).
 */
export function toTag(
  view: ViewContext,
  repo: RepoNames,
  tag: { name: string; id: string; commit: CommitObject; annotation: TagObject | undefined },
): Tag {
  const apiUrl = repositoryApiUrl(view, repo);
  const htmlUrl = repositoryHtmlUrl(view, repo);
  const name = escapeSegments(tag.name);
  return {
    name: tag.name,
    id: tag.id,
    message: tag.annotation?.message ?? tag.commit.message,
    commit: {
      url: `${apiUrl}/git/commits/${tag.commit.sha}`,
      sha: tag.commit.sha,
      created: identTime(tag.annotation?.tagger ?? tag.commit.committer),
    },
    zipball_url: `${htmlUrl}/archive/${name}.zip`,
    tarball_url: `${htmlUrl}/archive/${name}.tar.gz`,
  };
}

/** Gitea's `AnnotatedTag`: the tag object, the commit it tags, and that commit's verification. */
export function toAnnotatedTag(
  view: ViewContext,
  repo: RepoNames,
  name: string,
  tag: TagObject,
  commit: CommitObject,
): AnnotatedTag {
  const apiUrl = repositoryApiUrl(view, repo);
  return {
    tag: name,
    sha: tag.sha,
    url: `${apiUrl}/git/tags/${tag.sha}`,
    message: tag.message,
    tagger: { name: tag.tagger.name, email: tag.tagger.email, date: identTime(tag.tagger) },
    object: { sha: commit.sha, type: 'commit', url: `${apiUrl}/git/commits/${commit.sha}` },
    verification: toVerification(commit),
  };
}
