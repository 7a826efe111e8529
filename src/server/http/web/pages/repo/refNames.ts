import { refChangeCount, refChangeUnderWay } from '../../../../git/readTracking';
import { listBranches } from '../../../../git/refs';
import { listTags } from '../../../../git/tags';
import type { RefNames } from './RefSwitcher';
import type { PageRepo } from './repoAccess';

/** Repositories whose ref names are kept. */
const kept = 256;

/** By git directory: the names and the server's ref change count when they were read. */
const cache = new Map<string, { readonly count: number; readonly names: RefNames }>();

/**
 * The branch and tag names of the switcher. Listing them spawns two git processes, the most costly part
 * of a repository page; a managed repository's refs move only through the server's own git commands
 * (counted in readTracking.ts), so its names are kept until that count moves.
 */
export async function refNames(repo: PageRepo): Promise<RefNames> {
  const count = refChangeCount();
  const cached = cache.get(repo.gitDir);
  if (repo.managed && cached?.count === count && !refChangeUnderWay()) return cached.names;
  const [branches, tags] = await Promise.all([listBranches(repo.gitDir), listTags(repo.gitDir)]);
  const names: RefNames = {
    branches: branches.map((branch) => branch.name),
    tags: tags.map((tag) => tag.name).reverse(),
  };
  if (repo.managed && !refChangeUnderWay() && refChangeCount() === count) {
    cache.delete(repo.gitDir);
    cache.set(repo.gitDir, { count, names });
    if (cache.size > kept) cache.delete(cache.keys().next().value!);
  }
  return names;
}
