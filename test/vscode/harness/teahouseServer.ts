import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawnGroup, type GroupProcess } from './processGroup';

/**
 * A Teahouse server of its own beside the extension's local server (the built `dist/cli.js serve` on a
 * loopback port, with a throw-away data folder, in its own process group): what the suites use as a remote
 * account's server — "Take Repository Offline" copies from it, "Publish Repository to Server" will copy to it.
 * The suite inside the extension host finds it through the environment (`serverEnvironment`,
 * test/vscode/suite/remoteServer.ts reads it).
 */
export interface TeahouseServer {
  readonly url: string;
  /** The administrator its first start created, with a token of every scope. */
  readonly admin: { readonly username: string; readonly password: string; readonly token: string };
  readonly dataDir: string;
  stop(): Promise<void>;
}

/** The variable the suite reads: `{ url, admin: { username, password, token } }` as JSON. */
export const remoteServerVariable = 'TEAHOUSE_VSCODE_REMOTE_SERVER';

const listeningLine = /^Teahouse listening on (https?:\/\/\S+)/m;
const adminLine = /^Created the administrator "([^"]+)" with the password "([^"]+)"/m;

export async function startTeahouseServer(
  cliPath: string,
  runDir: string,
  name: string,
): Promise<TeahouseServer> {
  const dataDir = path.join(runDir, `teahouse-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const server: GroupProcess = spawnGroup(
    process.execPath,
    [cliPath, 'serve', '--data', dataDir, '--host', '127.0.0.1', '--port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const started = new Promise<{ url: string; username: string; password: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the ${name} Teahouse server did not start:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = listeningLine.exec(output)?.[1];
      const admin = adminLine.exec(output);
      if (url && admin) {
        clearTimeout(timer);
        resolve({ url, username: admin[1] ?? '', password: admin[2] ?? '' });
      }
    };
    server.child.stdout?.on('data', onData);
    server.child.stderr?.on('data', onData);
    void server.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} Teahouse server exited (code ${code}):\n${output}`));
    });
  });
  try {
    const { url, username, password } = await started;
    const token = await createToken(url, username, password);
    return { url, admin: { username, password, token }, dataDir, stop: () => server.kill() };
  } catch (error) {
    await server.kill();
    throw error;
  }
}

/** Gitea creates tokens only for Basic-authenticated callers. */
async function createToken(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(new URL(`api/v1/users/${encodeURIComponent(username)}/tokens`, url), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'vscode-suite', scopes: ['all'] }),
  });
  const created = (await response.json()) as { sha1?: string; message?: string };
  if (response.status !== 201 || !created.sha1)
    throw new Error(`creating a token on ${url} failed: ${response.status} ${created.message ?? ''}`);
  return created.sha1;
}

export function serverEnvironment(server: TeahouseServer): Record<string, string> {
  return { [remoteServerVariable]: JSON.stringify({ url: server.url, admin: server.admin }) };
}
