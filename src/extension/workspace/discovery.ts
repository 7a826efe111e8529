import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { remotesInGitConfig, type ConfigRemote } from './gitConfig';

/** A git working tree open in the workspace. */
export interface WorkspaceRepository {
  readonly rootPath: string;
  readonly remotes: readonly ConfigRemote[];
}

async function readRemotes(folder: string): Promise<ConfigRemote[] | undefined> {
  try {
    return remotesInGitConfig(await readFile(path.join(folder, '.git', 'config'), 'utf8'));
  } catch {
    return undefined; // not a repository (or `.git` is a file: a worktree or submodule)
  }
}

/**
 * Repositories in the workspace folders, read from `.git/config` directly: each folder and its direct
 * subfolders. Used beside the git extension's list so matching works before (or without) it.
 */
export async function scanFolders(folders: readonly string[]): Promise<WorkspaceRepository[]> {
  const found: WorkspaceRepository[] = [];
  for (const folder of folders) {
    const remotes = await readRemotes(folder);
    if (remotes) found.push({ rootPath: folder, remotes });
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = path.join(folder, entry.name);
      const childRemotes = await readRemotes(child);
      if (childRemotes) found.push({ rootPath: child, remotes: childRemotes });
    }
  }
  return found;
}
