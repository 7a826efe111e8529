import type { CatFileReader } from './catFile';
import { GitError, runGit } from './run';
import { isObjectId } from './validate';

/** Where git keeps commit notes by default, and where Gitea reads them. */
export const notesRef = 'refs/notes/commits';

export interface Note {
  readonly message: Buffer;
  /** The commit of the notes history that last changed this note (Gitea's Note.Commit). */
  readonly noteCommit: string;
}

/**
 * The note on `commit` (a full id), or undefined when there is none: the blob whose path in the notes tree
 * is the commit id, split by any fan-out directories (`ab/cdef…`), as Gitea's GetNote walks it.
 */
export async function readNote(
  gitDir: string,
  reader: CatFileReader,
  commit: string,
): Promise<Note | undefined> {
  if (!isObjectId(commit)) return undefined;
  let listing: string;
  try {
    listing = (await runGit(['ls-tree', '-r', '-z', notesRef], { gitDir })).stdout;
  } catch (error) {
    // no notes at all: the ref does not exist
    if (error instanceof GitError) return undefined;
    throw error;
  }
  for (const entry of listing.split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const path = entry.slice(tab + 1);
    if (path.replace(/\//g, '') !== commit) continue;
    const blob = entry.slice(0, tab).split(' ')[2] ?? '';
    const object = await reader.read(blob);
    if (!object || object.type !== 'blob') return undefined;
    const log = await runGit(['log', '-1', '--format=%H', notesRef, '--', path], { gitDir });
    return { message: object.content, noteCommit: log.stdout.trim() };
  }
  return undefined;
}
