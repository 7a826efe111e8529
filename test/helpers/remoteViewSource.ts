import { ServerCapabilities } from '../../src/api/capabilities';
import type { TeahouseClient } from '../../src/api/client';
import type { ServerProfile } from '../../src/api/serverProfile';
import type { Account } from '../../src/extension/accounts/account';
import type { Log } from '../../src/extension/util/log';
import type { ViewSource } from '../../src/extension/webviews/viewModel';

/** What the extension's issue and pull request views read through: a remote account of root on a server. */
export function remoteViewSource(
  client: TeahouseClient,
  serverUrl: string,
  profile: ServerProfile,
): ViewSource {
  const account = {
    id: 'x',
    kind: 'remote',
    serverUrl,
    username: 'root',
    userId: 1,
    addedAt: '',
  } satisfies Account;
  const log = { info: () => undefined, warn: () => undefined } as unknown as Log;
  return { account, client, log, capabilities: new ServerCapabilities(profile) };
}
