import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { repositoriesDir } from '../config';

/** `<data>/repositories/<owner-lower>/<name-lower>.git`, where the server keeps the repositories it creates. */
export function managedGitDir(dataDir: string, ownerName: string, repoName: string): string {
  return path.join(repositoriesDir(dataDir), ownerName.toLowerCase(), `${repoName.toLowerCase()}.git`);
}

/**
 * `<data>/repositories/<owner-lower>/<name-lower>.wiki.git`: a repository's wiki, beside its managed git
 * directory where Gitea keeps it too (models/repo/wiki.go), so clones, pushes and migrations find it by that
 * name. A workspace repository hosted in place keeps its wiki here as well: the workspace is the user's.
 */
export function managedWikiDir(dataDir: string, ownerName: string, repoName: string): string {
  return path.join(repositoriesDir(dataDir), ownerName.toLowerCase(), `${repoName.toLowerCase()}.wiki.git`);
}

/** Where new repositories are assembled before they move into place (owner names never start with a dot). */
export const stagingDir = (dataDir: string): string => path.join(repositoriesDir(dataDir), '.staging');

/**
 * A repository's git directory: its own `git_path` for a workspace repository hosted in place, else the
 * managed location.
 */
export function repositoryGitDir(
  dataDir: string,
  repo: { readonly git_path: string | null; readonly owner_name: string; readonly name: string },
): string {
  return repo.git_path ?? managedGitDir(dataDir, repo.owner_name, repo.name);
}

/**
 * The managed git directory of `owner/name` when it is there as a real folder: neither it nor its owner's
 * folder a symbolic link, its real path inside the data folder's repositories folder. Undefined otherwise,
 * so nothing reached through a link is read, adopted or deleted.
 */
export function existingManagedGitDir(
  dataDir: string,
  ownerName: string,
  repoName: string,
): string | undefined {
  const root = repositoriesDir(dataDir);
  const gitDir = managedGitDir(dataDir, ownerName, repoName);
  if (path.dirname(path.dirname(gitDir)) !== root) return undefined;
  try {
    for (const dir of [path.dirname(gitDir), gitDir]) {
      if (!lstatSync(dir).isDirectory()) return undefined;
    }
    const parts = path.relative(realpathSync(root), realpathSync(gitDir)).split(path.sep);
    return parts.length === 2 && !parts.includes('..') ? gitDir : undefined;
  } catch {
    return undefined;
  }
}
