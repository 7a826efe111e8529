import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { ApiError } from '../../api/client';
import { localAccountId, type Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { signIn } from '../accounts/signIn';
import type { Log } from '../util/log';
import type { BootstrapCredentials } from './serverOutput';

const run = promisify(execFile);

export interface LocalAccountContext {
  readonly accounts: AccountService;
  readonly log: Log;
  readonly cliPath: string;
  readonly dataDir: string;
}

/**
 * Makes sure the "Local" account exists and works against the server now at `url`. The first start prints
 * the administrator's password once: it becomes a token (in SecretStorage) and is forgotten.
 */
export async function ensureLocalAccount(
  context: LocalAccountContext,
  url: string,
  firstStart: BootstrapCredentials | undefined,
): Promise<Account> {
  const { accounts, log } = context;
  if (firstStart) return signInLocally(accounts, url, firstStart);
  const existing = accounts.get(localAccountId);
  if (existing) {
    const moved = existing.serverUrl === url ? existing : { ...existing, serverUrl: url };
    if (moved !== existing) await accounts.update(moved);
    if (await tokenWorks(accounts, moved)) return accounts.refreshProfile(moved);
    log.warn('local server: the stored token no longer works; creating a new administrator for VS Code');
  } else {
    log.info('local server: no Local account yet; creating an administrator for VS Code');
  }
  // the first start's password is gone (shown once): make a fresh administrator through the CLI
  return signInLocally(accounts, url, await createAdministrator(context));
}

async function signInLocally(
  accounts: AccountService,
  url: string,
  credentials: BootstrapCredentials,
): Promise<Account> {
  return signIn(accounts, {
    url,
    credentials: { username: credentials.username, password: credentials.password },
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

async function createAdministrator(context: LocalAccountContext): Promise<BootstrapCredentials> {
  const username = `vscode-${randomBytes(3).toString('hex')}`;
  const password = randomBytes(24).toString('base64url');
  await run(
    process.execPath,
    [
      context.cliPath,
      'admin',
      'create-user',
      '--data',
      context.dataDir,
      '--username',
      username,
      '--password',
      password,
      '--email',
      `${username}@localhost`,
      '--admin',
    ],
    { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, windowsHide: true },
  );
  return { username, password };
}
