import { ApiError } from '../../api/client';
import type { MintedToken } from '../../api/localServer/controlProtocol';
import { localAccountId, type Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { signIn, tokenName } from '../accounts/signIn';
import type { Log } from '../util/log';

export interface LocalAccountContext {
  readonly accounts: AccountService;
  readonly log: Log;
  /** A token of the local administrator, from the server's control path. */
  readonly mintToken: (name: string) => Promise<MintedToken>;
}

/**
 * Makes sure the "Local" account exists and works against the server now at `url`. The windows of a profile
 * share it (its token is in SecretStorage); when there is none, or its token no longer works, the server
 * makes a token of its local administrator for it (creating the administrator on first use).
 */
export async function ensureLocalAccount(context: LocalAccountContext, url: string): Promise<Account> {
  const { accounts, log } = context;
  const existing = accounts.get(localAccountId);
  if (existing) {
    const moved = existing.serverUrl === url ? existing : { ...existing, serverUrl: url };
    if (moved !== existing) await accounts.update(moved);
    if (await tokenWorks(accounts, moved)) return accounts.refreshProfile(moved);
    log.warn('local server: the stored token no longer works; asking the server for a new one');
  } else {
    log.info('local server: no Local account yet; asking the server for a token');
  }
  const minted = await context.mintToken(tokenName());
  return signIn(accounts, {
    url,
    credentials: { token: minted.token },
    kind: 'local',
    accountId: localAccountId,
  });
}

async function tokenWorks(accounts: AccountService, account: Account): Promise<boolean> {
  try {
    await (await accounts.client(account)).api.userGetCurrent();
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    if (error instanceof Error && error.name === 'MissingTokenError') return false;
    throw error;
  }
}
