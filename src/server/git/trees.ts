import type { CatFileReader } from './catFile';
import { ObjectCache } from './objectCache';

/** What a tree entry is, by its mode: a regular or executable file, a symbolic link, a directory, a submodule. */
export type EntryKind = 'file' | 'executable' | 'symlink' | 'dir' | 'submodule';

export interface TreeEntry {
  readonly name: string;
  /** The octal mode as git stores it: `100644`, `100755`, `120000`, `40000`, `160000`. */
  readonly mode: string;
  readonly kind: EntryKind;
  readonly sha: string;
}

function kindOf(mode: string): EntryKind {
  switch (mode) {
    case '40000':
    case '040000':
      return 'dir';
    case '160000':
      return 'submodule';
    case '120000':
      return 'symlink';
    case '100755':
      return 'executable';
    default:
      return 'file';
  }
}

/** The git object type an entry names. */
export const objectTypeOf = (kind: EntryKind): 'blob' | 'tree' | 'commit' =>
  kind === 'dir' ? 'tree' : kind === 'submodule' ? 'commit' : 'blob';

/** Parses a raw tree object: `<mode> <name>\0<binary id>` repeated; the id is 20 bytes (sha1) or 32 (sha256). */
export function parseTree(content: Buffer, idBytes: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0x00, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content.length) {
      throw new Error('malformed tree object');
    }
    const mode = content.toString('latin1', at, space);
    const name = content.toString('utf8', space + 1, nul);
    const sha = content.toString('hex', nul + 1, nul + 1 + idBytes);
    entries.push({ name, mode, kind: kindOf(mode), sha });
    at = nul + 1 + idBytes;
  }
  return entries;
}

const treeCache = new ObjectCache<readonly TreeEntry[]>(2048);

/** A tree's entries by the tree's full object id; undefined when there is no such tree. */
export async function readTree(
  reader: CatFileReader,
  sha: string,
): Promise<readonly TreeEntry[] | undefined> {
  const cached = treeCache.get(sha);
  if (cached) return cached;
  const object = await reader.read(sha);
  if (!object || object.type !== 'tree') return undefined;
  const entries = parseTree(object.content, object.sha.length / 2);
  treeCache.set(object.sha, entries);
  return entries;
}

/**
 * The entry at a normalised `path` below the tree `rootTree`, walking one tree at a time (trees are cached,
 * so repeated walks cost no git round trips). The empty path is the root itself, as a directory entry.
 * Undefined when a segment is missing or passes through something that is not a directory.
 */
export async function entryAt(
  reader: CatFileReader,
  rootTree: string,
  path: string,
): Promise<TreeEntry | undefined> {
  let entry: TreeEntry = { name: '', mode: '40000', kind: 'dir', sha: rootTree };
  if (path === '') return entry;
  for (const segment of path.split('/')) {
    if (entry.kind !== 'dir') return undefined;
    const entries = await readTree(reader, entry.sha);
    const next = entries?.find((candidate) => candidate.name === segment);
    if (!next) return undefined;
    entry = next;
  }
  return entry;
}

/** Small blobs stay in memory (by id, so never stale) up to this many bytes in all. */
const blobCache = new ObjectCache<Buffer>(32 * 1024 * 1024, (content) => content.length + 64);
const cachedBlobLimit = 256 * 1024;

/**
 * A blob's size, and its content when it is at most `maxContent` bytes (larger blobs are for streaming).
 * Undefined when there is no such blob.
 */
export async function readBlob(
  reader: CatFileReader,
  sha: string,
  maxContent: number,
): Promise<{ size: number; content?: Buffer } | undefined> {
  const cached = blobCache.get(sha);
  if (cached) return { size: cached.length, content: cached };
  const info = await reader.info(sha);
  if (!info || info.type !== 'blob') return undefined;
  if (info.size > maxContent) return { size: info.size };
  const object = await reader.read(sha);
  if (!object) return undefined;
  if (object.size <= cachedBlobLimit) blobCache.set(sha, object.content);
  return { size: object.size, content: object.content };
}

/** Sizes of blobs by id (`cat-file --batch-check`, requests pipelined); missing blobs are left out. */
export async function blobSizes(
  reader: CatFileReader,
  shas: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(shas)];
  const infos = await Promise.all(unique.map((sha) => reader.info(sha)));
  const sizes = new Map<string, number>();
  infos.forEach((info, i) => {
    if (info) sizes.set(unique[i]!, info.size);
  });
  return sizes;
}

/** The URL `.gitmodules` (at the root of `rootTree`) gives for the submodule at `path`, if any. */
export async function submoduleUrl(
  reader: CatFileReader,
  rootTree: string,
  path: string,
): Promise<string | undefined> {
  const file = await entryAt(reader, rootTree, '.gitmodules');
  if (!file || file.kind !== 'file') return undefined;
  const blob = await reader.read(file.sha);
  if (!blob || blob.size > 1024 * 1024) return undefined;
  let sectionPath: string | undefined;
  let sectionUrl: string | undefined;
  for (const raw of `${blob.content.toString('utf8')}\n[`.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      if (sectionPath === path && sectionUrl !== undefined) return sectionUrl;
      sectionPath = undefined;
      sectionUrl = undefined;
      continue;
    }
    const match = /^(path|url)\s*=\s*(.*)$/.exec(line);
    if (match?.[1] === 'path') sectionPath = match[2]!.replace(/^"(.*)"$/, '$1');
    else if (match?.[1] === 'url') sectionUrl = match[2]!.replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}
