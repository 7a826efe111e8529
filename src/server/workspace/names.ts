import { maxRepositoryNameLength, repositoryNameProblem } from '../services/repositoryNames';
import type { Database } from '../store/database';
import { repositoryNameTaken } from '../store/repositories';

/** A repository name from a folder name: characters Gitea refuses become `-`, a `.git` ending goes. */
export function repositoryNameFromFolder(folder: string): string {
  let name = folder
    .replace(/\.git$/i, '')
    .replace(/[^-.\w]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, maxRepositoryNameLength - 4);
  if (repositoryNameProblem(name) !== undefined)
    name = `${name.replace(/\.[a-z]+$/i, '')}-repo`.replace(/^-/, '');
  return repositoryNameProblem(name) === undefined ? name : 'repository';
}

/** `name`, or `name-2`, `name-3`… when the owner already has a repository of that name (missing ones count). */
export function uniqueRepositoryName(db: Database, ownerId: number, name: string): string {
  if (!repositoryNameTaken(db, ownerId, name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name}-${n}`;
    if (!repositoryNameTaken(db, ownerId, candidate)) return candidate;
  }
}
