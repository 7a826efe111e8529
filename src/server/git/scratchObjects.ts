import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `work` with git writing new objects to a temporary object directory, removed afterwards, while it
 * still reads the repository's own objects (as an alternate): for commands that write objects only to
 * compute an answer — `merge-tree --write-tree` checking mergeability — so that asking leaves the
 * repository unchanged.
 */
export async function withScratchObjects<T>(
  gitDir: string,
  work: (env: Readonly<Record<string, string>>) => Promise<T>,
): Promise<T> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'teahouse-objects-'));
  try {
    return await work({
      GIT_OBJECT_DIRECTORY: scratch,
      GIT_ALTERNATE_OBJECT_DIRECTORIES: path.resolve(gitDir, 'objects'),
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
