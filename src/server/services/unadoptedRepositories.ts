import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repositoriesDir } from '../config';
import { conflict, invalid, notFound } from '../domain/errors';
import type { Paging } from '../domain/paging';
import { existingManagedGitDir } from '../git/paths';
import { objectFormatOf } from '../git/receive';
import { listBranches } from '../git/refs';
import { repositorySizeKiB, setHeadBranch } from '../git/repository';
import { GitError, runGit } from '../git/run';
import type { Database } from '../store/database';
import { copyDefaultWebhooks } from '../store/hooks';
import {
  findRepositoryById,
  insertRepository,
  linkRepositoryToAllRepositoryTeams,
  repositoryNameTaken,
  type RepositoryRow,
} from '../store/repositories';
import { findAccountByName, userType, type UserRow } from '../store/users';
import { setWatchMode, watchMode } from '../store/watches';
import { repositoryNameProblem } from './repositoryNames';
import { compileBranchFilter as compileGlob } from './webhooks/branchFilter';

/** The branch a repository without a usable HEAD gets (Gitea's `[repository] DEFAULT_BRANCH`, ours). */
const defaultBranch = 'main';

export interface UnadoptedServices {
  readonly db: Database;
  readonly dataDir: string;
}

/** Folder names a listing skips: not `<usable lower-case name>.git` (Gitea lists only those). */
function repositoryNameOfFolder(folder: string): string | undefined {
  if (!folder.endsWith('.git')) return undefined;
  const name = folder.slice(0, -'.git'.length);
  return name === name.toLowerCase() && repositoryNameProblem(name) === undefined ? name : undefined;
}

const sortedFolders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * Gitea's ListUnadoptedRepositories: the `<owner>/<name>.git` folders under the data folder's repositories
 * folder whose owner exists and that no repository row claims, as `owner/name`, in path order. `pattern`
 * is `ownerGlob[/nameGlob]` (gobwas globs, as Gitea); one that is not a glob is skipped, as Gitea skips it.
 */
export function listUnadoptedRepositories(
  services: UnadoptedServices,
  pattern: string,
  paging: Paging,
): { names: string[]; total: number } {
  const [ownerGlob = '', nameGlob = ''] = pattern === '' ? [] : pattern.split(/\/(.*)/s);
  const ownerMatches = compileGlob(ownerGlob) ?? (() => true);
  const nameMatches = compileGlob(nameGlob) ?? (() => true);
  const root = repositoriesDir(services.dataDir);
  const found: string[] = [];
  // Symbolic links are not folders here (Dirent.isDirectory), so nothing outside the data folder is listed.
  for (const ownerFolder of sortedFolders(root)) {
    if (!ownerMatches(ownerFolder)) continue;
    const owner = findAccountByName(services.db, ownerFolder);
    if (!owner || owner.lower_name !== ownerFolder) continue;
    for (const folder of sortedFolders(path.join(root, ownerFolder))) {
      const name = repositoryNameOfFolder(folder);
      if (name === undefined || !nameMatches(name)) continue;
      if (!repositoryNameTaken(services.db, owner.id, name)) found.push(`${owner.name}/${name}`);
    }
  }
  return { names: found.slice(paging.offset, paging.offset + paging.limit), total: found.length };
}

/** The owner and the git folder of an unadopted `owner/name`: 422 for an unusable name, 404 unless there and unclaimed. */
function findUnadopted(
  services: UnadoptedServices,
  ownerName: string,
  repoName: string,
): { owner: UserRow; gitDir: string } {
  const owner = findAccountByName(services.db, ownerName);
  if (!owner) throw notFound('owner does not exist');
  const problem = repositoryNameProblem(repoName);
  if (problem) throw invalid(problem);
  if (repositoryNameTaken(services.db, owner.id, repoName)) {
    throw notFound(`repository ${owner.name}/${repoName} is adopted already`);
  }
  const gitDir = existingManagedGitDir(services.dataDir, owner.name, repoName);
  if (!gitDir) throw notFound(`no unadopted repository ${owner.name}/${repoName}`);
  return { owner, gitDir };
}

/** Whether `gitDir` is a bare git repository git itself would open (not just a folder named `*.git`). */
async function isBareRepository(gitDir: string): Promise<boolean> {
  try {
    const { stdout } = await runGit(['rev-parse', '--is-bare-repository'], { gitDir });
    return stdout.trim() === 'true';
  } catch (error) {
    if (error instanceof GitError && error.exitCode !== null) return false;
    throw error;
  }
}

/**
 * Gitea's adoptRepository choice of default branch: HEAD's branch when it exists, else `main`, `master`,
 * the first branch by name; a repository without branches is empty and keeps `main`.
 */
async function chooseDefaultBranch(gitDir: string): Promise<{ branch: string; isEmpty: boolean }> {
  const branches = (await listBranches(gitDir)).map((tip) => tip.name).sort();
  const head = (
    await runGit(['symbolic-ref', '--quiet', '--short', 'HEAD'], { gitDir }).catch(() => undefined)
  )?.stdout.trim();
  if (head && branches.includes(head)) return { branch: head, isEmpty: false };
  const fallback = [defaultBranch, 'master'].find((name) => branches.includes(name)) ?? branches[0];
  return fallback === undefined
    ? { branch: defaultBranch, isEmpty: true }
    : { branch: fallback, isEmpty: false };
}

/**
 * Gitea's AdoptRepository: a row for the git folder already on disk, private, owned by `owner`, with its
 * default branch from HEAD (HEAD moved to it when it named none of the branches) and its emptiness from
 * its branches. `doer` (a site admin) watches it; an organization's all-repository teams get it.
 */
export async function adoptRepository(
  services: UnadoptedServices,
  doer: UserRow,
  ownerName: string,
  repoName: string,
): Promise<RepositoryRow> {
  const { db } = services;
  const { owner, gitDir } = findUnadopted(services, ownerName, repoName);
  if (!(await isBareRepository(gitDir)))
    throw invalid(`${owner.name}/${repoName} is not a bare git repository`);
  const { branch, isEmpty } = await chooseDefaultBranch(gitDir);
  await setHeadBranch(gitDir, branch);
  const objectFormatName = await objectFormatOf(gitDir);
  const size = await repositorySizeKiB(gitDir);
  return db.transaction(() => {
    // the checks again, inside the transaction: another request may have adopted or created it meanwhile
    if (repositoryNameTaken(db, owner.id, repoName))
      throw conflict('The repository with the same name already exists.');
    const id = insertRepository(db, {
      ownerId: owner.id,
      ownerName: owner.name,
      name: repoName,
      description: '',
      defaultBranch: branch,
      isPrivate: true,
      isEmpty,
      isTemplate: false,
      objectFormatName,
      size,
    });
    setWatchMode(db, doer.id, id, watchMode.normal);
    if (owner.type === userType.organization) linkRepositoryToAllRepositoryTeams(db, owner.id, id);
    copyDefaultWebhooks(db, id);
    return findRepositoryById(db, id)!;
  });
}

/** Gitea's DeleteUnadoptedRepository: removes the git folder of an unadopted `owner/name`. */
export function deleteUnadoptedRepository(
  services: UnadoptedServices,
  ownerName: string,
  repoName: string,
): void {
  const { gitDir } = findUnadopted(services, ownerName, repoName);
  // rm removes symbolic links inside the folder, never what they point at
  rmSync(gitDir, { recursive: true, force: true });
}
