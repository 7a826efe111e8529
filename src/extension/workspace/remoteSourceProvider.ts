import type { Repository } from '../../api/types';
import { accountLabel, type Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { gitApi, type RemoteSource, type RemoteSourceProvider } from './gitExtension';

/** As many as one repository search page holds. */
const searchLimit = 50;

/**
 * "Git: Clone" → "Clone from Teahouse": every account's repositories, searched on the server as the user
 * types, with their http and ssh clone URLs. One provider lists all accounts, so adding or removing one
 * needs no re-registration.
 */
export class TeahouseRemoteSourceProvider extends Disposable implements RemoteSourceProvider {
  readonly name = 'Teahouse';
  readonly icon = 'repo';
  readonly supportsQuery = true;
  /** Whether the git extension took the provider (it is missing or disabled otherwise). */
  readonly registered: Promise<boolean>;

  constructor(
    private readonly accounts: AccountService,
    private readonly log: Log,
  ) {
    super();
    this.registered = this.#register();
  }

  async getRemoteSources(query?: string): Promise<RemoteSource[]> {
    const accounts = this.accounts.list();
    const lists = await Promise.all(
      accounts.map(async (account) => {
        try {
          return (await this.#search(account, query?.trim() ?? '')).map((repository) =>
            this.#toSource(repository, accounts.length > 1 ? account : undefined),
          );
        } catch (error) {
          // one unreachable server must not empty the whole picker
          this.log.warn(`clone: searching ${accountLabel(account)} failed: ${String(error)}`);
          return [];
        }
      }),
    );
    return lists.flat();
  }

  async #search(account: Account, query: string): Promise<Repository[]> {
    const client = await this.accounts.client(account);
    const result = await client.api.repoSearch({
      q: query === '' ? undefined : query,
      limit: searchLimit,
      sort: 'updated',
      order: 'desc',
    });
    return result.data ?? [];
  }

  #toSource(repository: Repository, account: Account | undefined): RemoteSource {
    const urls = [repository.clone_url, repository.ssh_url].filter((url): url is string => Boolean(url));
    return {
      name: account ? `${repository.full_name} (${accountLabel(account)})` : repository.full_name,
      description: repository.description || undefined,
      url: urls.length === 1 ? (urls[0] ?? '') : urls,
    };
  }

  async #register(): Promise<boolean> {
    const git = await gitApi();
    if (!git || this.isDisposed) return false;
    try {
      this._register(git.registerRemoteSourceProvider(this));
      return true;
    } catch (error) {
      this.log.warn(`clone: the git extension refused the remote source provider: ${String(error)}`);
      return false;
    }
  }
}
