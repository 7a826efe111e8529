import { ApiError } from '../../api/client';
import type { Issue, User } from '../../api/types';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import type { RepoRef } from '../views/nodes';
import { TtlCache } from './ttlCache';

/** How long hovers and completions trust what the server said. */
const lookupTtlMs = 60_000;
const candidateLimit = 30;

/** undefined for a 404: the issue or user does not exist (or is not visible), which is worth caching too. */
async function unlessMissing<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Issues, pull requests and users for hovers and completions, cached briefly per account. */
export class ReferenceLookups {
  readonly #issues = new TtlCache<Issue | undefined>(lookupTtlMs);
  readonly #users = new TtlCache<User | undefined>(lookupTtlMs);
  readonly #issueLists = new TtlCache<Issue[]>(lookupTtlMs / 2);
  readonly #userLists = new TtlCache<User[]>(lookupTtlMs / 2);

  constructor(private readonly accounts: AccountService) {}

  issue(account: Account, ref: RepoRef, number: number): Promise<Issue | undefined> {
    const key = `${account.id}\n${ref.owner}/${ref.repo}#${number}`.toLowerCase();
    return this.#issues.get(key, async () => {
      const client = await this.accounts.client(account);
      return unlessMissing(client.api.issueGetIssue({ ...ref, index: number }));
    });
  }

  user(account: Account, login: string): Promise<User | undefined> {
    return this.#users.get(`${account.id}\n${login}`.toLowerCase(), async () => {
      const client = await this.accounts.client(account);
      return unlessMissing(client.api.userGet({ username: login }));
    });
  }

  /** Issues and pull requests of a repository matching `query` (by title), most recently updated first. */
  issueCandidates(account: Account, ref: RepoRef, query: string): Promise<Issue[]> {
    const key = `${account.id}\n${ref.owner}/${ref.repo}\n${query}`.toLowerCase();
    return this.#issueLists.get(key, async () => {
      const client = await this.accounts.client(account);
      // a number is matched against the issue's number, anything else against its title
      const q = /^\d+$/.test(query) || query === '' ? undefined : query;
      const page = await client.page('issueListIssues', { ...ref, state: 'all', q, limit: candidateLimit });
      return [...page.items].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
    });
  }

  /** The repository's collaborators and owner, then the server's users matching `query`; each once. */
  userCandidates(account: Account, ref: RepoRef, query: string): Promise<User[]> {
    const key = `${account.id}\n${ref.owner}/${ref.repo}\n${query}`.toLowerCase();
    return this.#userLists.get(key, async () => {
      const client = await this.accounts.client(account);
      const [collaborators, owner, found] = await Promise.all([
        client
          .page('repoListCollaborators', { ...ref, limit: 50 })
          .then((page) => page.items)
          .catch(() => [] as User[]),
        this.user(account, ref.owner).catch(() => undefined),
        client.api.userSearch({ q: query, limit: candidateLimit }).then((result) => result.data ?? []),
      ]);
      const wanted = query.toLowerCase();
      const matches = (user: User) =>
        user.login.toLowerCase().includes(wanted) || (user.full_name ?? '').toLowerCase().includes(wanted);
      const people = owner ? [owner] : [];
      const seen = new Set<string>();
      return [...collaborators, ...people, ...found].filter((user) => {
        const login = user.login.toLowerCase();
        if (seen.has(login) || !matches(user)) return false;
        seen.add(login);
        return true;
      });
    });
  }

  clear(): void {
    for (const cache of [this.#issues, this.#users, this.#issueLists, this.#userLists]) cache.clear();
  }
}
