import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** A git repository found in a workspace folder. */
export interface FoundRepository {
  /** The real path of its git directory (`<folder>/.git`, or the folder itself when bare). */
  readonly gitDir: string;
  /** The folder that names it. */
  readonly folder: string;
  readonly bare: boolean;
}

export interface DiscoveryOptions {
  /** Folder levels below a workspace root that are searched (the root is level 0). */
  readonly maxDepth?: number;
  /** Folders never searched (the server's own data folder). */
  readonly exclude?: readonly string[];
}

export const defaultDiscoveryDepth = 4;

const skippedNames: ReadonlySet<string> = new Set(['node_modules']);

async function isDirectory(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isFile();
  } catch {
    return false;
  }
}

/** A bare repository's folder: `HEAD`, `objects/` and `refs/` directly inside. */
async function looksBare(folder: string): Promise<boolean> {
  const [head, objects, refs] = await Promise.all([
    isFile(path.join(folder, 'HEAD')),
    isDirectory(path.join(folder, 'objects')),
    isDirectory(path.join(folder, 'refs')),
  ]);
  return head && objects && refs;
}

/**
 * The folder's repository, if it is one: a working tree with a `.git` directory, or a bare repository. A
 * `.git` file (a linked worktree or a submodule) is not hosted: it shares another repository's objects.
 */
async function repositoryAt(folder: string): Promise<FoundRepository | undefined> {
  const dotGit = path.join(folder, '.git');
  if ((await isDirectory(dotGit)) && (await looksBare(dotGit))) {
    return { gitDir: await realpath(dotGit), folder, bare: false };
  }
  if (await looksBare(folder)) return { gitDir: await realpath(folder), folder, bare: true };
  return undefined;
}

/**
 * Every git repository in the workspace roots: each root itself and its subfolders down to `maxDepth`,
 * not descending into repositories, `node_modules`, hidden folders or symbolic links (no cycles).
 */
export async function discoverRepositories(
  roots: readonly string[],
  options: DiscoveryOptions = {},
): Promise<FoundRepository[]> {
  const maxDepth = options.maxDepth ?? defaultDiscoveryDepth;
  const excluded = new Set<string>();
  for (const folder of options.exclude ?? []) {
    excluded.add(await realpath(folder).catch(() => path.resolve(folder)));
  }
  const found = new Map<string, FoundRepository>();
  const visit = async (folder: string, depth: number): Promise<void> => {
    if (excluded.has(folder)) return;
    const repository = await repositoryAt(folder);
    if (repository) {
      if (!found.has(repository.gitDir)) found.set(repository.gitDir, repository);
      return;
    }
    if (depth >= maxDepth) return;
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    const children = entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !skippedNames.has(entry.name))
      .map((entry) => path.join(folder, entry.name))
      .sort();
    for (const child of children) await visit(child, depth + 1);
  };
  for (const root of roots) {
    const real = await realpath(root).catch(() => undefined);
    if (real !== undefined && (await isDirectory(real))) await visit(real, 0);
  }
  return [...found.values()];
}
