/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { localAccount, localServer, teahouse, waitFor } from './helpers';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(new URL('api/v1/version', url))).ok;
  } catch {
    return false;
  }
}

/** A Node.js older than 22 on the PATH (a fresh machine's own), if there is one. */
function olderNode(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const file = path.join(dir, 'node');
    if (!existsSync(file) || file.includes('node_modules')) continue;
    try {
      const version = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(/^v(\d+)/.exec(version)?.[1]) < 22) return file;
    } catch {
      // not runnable: not a candidate
    }
  }
  return undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function localServerSuite(): void {
  suite('local server', () => {
    test('starting it runs the bundled server on a loopback port and signs in a Local account', async () => {
      const { url } = await localServer();
      const api = await teahouse();
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      assert.equal(api.localServer.state, 'running');
      assert.ok(await answers(url));
      const account = api.accounts.list().find((candidate) => candidate.id === 'local');
      assert.equal(account?.kind, 'local');
      assert.equal(account?.serverUrl, url);
      assert.ok(account?.username);
    });

    test('the Local account keeps its token in SecretStorage only, and the authentication provider lists it', async () => {
      await localServer();
      const { username } = await localAccount();
      const api = await teahouse();
      assert.equal(await api.accounts.hasToken('local'), true);
      assert.doesNotMatch(
        JSON.stringify(api.accounts.list()),
        /[0-9a-f]{40}/,
        'no token in account metadata',
      );
      assert.doesNotMatch(
        JSON.stringify(vscode.workspace.getConfiguration('teahouse')),
        /[0-9a-f]{40}/,
        'no token in settings',
      );
      const accounts = await vscode.authentication.getAccounts('teahouse');
      assert.deepEqual(
        accounts.map((account) => [account.id, account.label]),
        [['local', `${username} @ Local`]],
      );
    });

    test('the workspace repository is matched to the Local account as "this repository"', async () => {
      await localServer();
      const api = await teahouse();
      const matches = await waitFor(async () => {
        const found = await api.workspaceRepositories();
        return found.length > 0 ? found : undefined;
      }, 'the workspace repository to be matched');
      assert.equal(matches[0]?.account, 'local');
      assert.equal(matches[0]?.repo, 'teahouse-demo');
      assert.equal(matches[0]?.rootPath, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
    });
  });
}

/** Stop, restart and crash recovery: run last, since they change the server's address. */
export function localServerLifecycleSuite(): void {
  suite('local server lifecycle', () => {
    test('stopping it ends the process; restarting brings it back with the same account on a new port', async () => {
      const before = await localServer();
      const api = await teahouse();
      const pid = api.localServer.pid;
      assert.ok(pid);
      assert.equal(await vscode.commands.executeCommand('teahouse.stopLocalServer'), 'stopped');
      assert.equal(api.localServer.state, 'stopped');
      assert.equal(api.localServer.url, undefined);
      assert.equal(alive(pid), false);
      assert.equal(await answers(before.url), false);
      const url = await vscode.commands.executeCommand<string>('teahouse.restartLocalServer');
      assert.match(url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/$/);
      assert.equal(api.localServer.state, 'running');
      const local = api.accounts.list().filter((account) => account.kind === 'local');
      assert.equal(local.length, 1);
      assert.equal(local[0]?.serverUrl, url);
      const after = await localServer();
      const me = await after.client.api.userGetCurrent();
      assert.equal(me.login, after.admin.username, 'the data (and the test admin) survived the restart');
    });

    test('a Node.js too old for the server, named by teahouse.localServer.nodePath, is reported in one line with the remedy; cleared, the server starts', async function () {
      const old = olderNode();
      if (!old) return this.skip();
      const api = await teahouse();
      await vscode.commands.executeCommand('teahouse.stopLocalServer');
      const settings = vscode.workspace.getConfiguration('teahouse.localServer');
      await settings.update('nodePath', old, vscode.ConfigurationTarget.Global);
      try {
        const url = await vscode.commands.executeCommand<string | undefined>('teahouse.startLocalServer');
        assert.equal(url, undefined);
        const message = api.errors.last?.message ?? '';
        assert.match(
          message,
          /^The local server cannot run on the Node\.js that teahouse\.localServer\.nodePath names: Teahouse needs Node\.js 22\.13 or later with node:sqlite; this is Node\.js \d+\.\d+\.\d+ at \S+ Point the setting at Node\.js 22\.13 or later\.$/,
        );
        assert.equal(api.localServer.state, 'stopped');
        assert.equal(api.localServer.problem, message, 'the status bar says it too');
      } finally {
        await settings.update('nodePath', undefined, vscode.ConfigurationTarget.Global);
      }
      const url = await vscode.commands.executeCommand<string>('teahouse.startLocalServer');
      assert.ok(url && (await answers(url)));
      assert.equal(api.localServer.problem, undefined);
    });

    test('a crash is noticed (state "crashed") and Restart recovers', async () => {
      await localServer();
      const api = await teahouse();
      const pid = api.localServer.pid;
      assert.ok(pid);
      process.kill(pid, 'SIGKILL');
      await waitFor(() => api.localServer.state === 'crashed', 'the crash to be noticed');
      const url = await vscode.commands.executeCommand<string>('teahouse.restartLocalServer');
      assert.equal(api.localServer.state, 'running');
      assert.ok(url && (await answers(url)));
    });
  });
}
