/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Account } from '../../../src/extension/accounts/account';
import { children, labelOf, localServer, teahouse, unique } from './helpers';
import { addRemoteAccount, createRemoteUser, remoteServer } from './remoteServer';
import { git } from './workspaceGit';

async function newUser(): Promise<{ username: string; password: string; token: string }> {
  const { client } = await localServer();
  const username = unique('acct');
  const password = `pw-${unique('secret')}-x`;
  await client.api.adminCreateUser({
    body: { username, password, email: `${username}@example.com`, must_change_password: false },
  });
  // Gitea creates tokens only for Basic-authenticated callers
  const created = await client.api.userCreateToken(
    { username, body: { name: 'suite', scopes: ['all'] } },
    { auth: { kind: 'basic', username, password } },
  );
  return { username, password, token: created.sha1 };
}

export function accountsSuite(): void {
  suite('accounts', () => {
    test('adding a server with a token stores the account, and the token only in SecretStorage', async () => {
      const { url } = await localServer();
      const api = await teahouse();
      const user = await newUser();
      const account = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
        url,
        token: user.token,
      });
      assert.equal(account?.username, user.username);
      assert.equal(account?.kind, 'remote');
      assert.equal(account?.id, `${url}#${user.username}`);
      assert.ok(api.accounts.list().some((candidate) => candidate.id === account?.id));
      assert.ok(!JSON.stringify(api.accounts.list()).includes(user.token), 'no token in account metadata');
      assert.ok(
        !JSON.stringify(vscode.workspace.getConfiguration('teahouse')).includes(user.token),
        'no token in settings',
      );
      assert.equal(await api.accounts.hasToken(account.id), true, 'the token is in SecretStorage');
      const listed = await vscode.authentication.getAccounts('teahouse');
      assert.ok(
        listed.some(
          (candidate) =>
            candidate.id === account.id &&
            candidate.label === `${user.username} @ 127.0.0.1:${new URL(url).port}`,
        ),
      );
    });

    test('adding a server with a username and password creates a token and forgets the password', async () => {
      const { url, client } = await localServer();
      const api = await teahouse();
      const user = await newUser();
      const account = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
        url,
        username: user.username,
        password: user.password,
      });
      assert.equal(account?.username, user.username);
      assert.match(account?.tokenName ?? '', /^Teahouse for VS Code on /);
      const tokens = await client.api.userGetTokens(
        { username: user.username },
        { auth: { kind: 'basic', username: user.username, password: user.password } },
      );
      assert.ok(
        tokens.some((token) => token.name === account?.tokenName),
        'the token was created on the server',
      );
      assert.ok(!JSON.stringify(api.accounts.list()).includes(user.password), 'the password is not stored');
      assert.equal(await api.accounts.hasToken(account.id), true);
    });

    test("a wrong token is refused with the server's message and adds no account", async () => {
      const { url } = await localServer();
      const api = await teahouse();
      const before = api.accounts.list().length;
      const result = await vscode.commands.executeCommand('teahouse.addServer', {
        url,
        token: '0123456789abcdef0123456789abcdef01234567',
      });
      assert.equal(result, undefined);
      assert.equal(api.errors.last?.command, 'teahouse.addServer');
      assert.equal(api.errors.last?.status, 401);
      assert.doesNotMatch(api.errors.last?.message ?? '', /\n\s+at /, 'no stack trace');
      assert.equal(api.accounts.list().length, before);
    });

    test('an address where no server answers is refused with a readable message', async () => {
      const api = await teahouse();
      const before = api.accounts.list().length;
      await vscode.commands.executeCommand('teahouse.addServer', { url: 'http://127.0.0.1:9/', token: 'x' });
      assert.match(api.errors.last?.message ?? '', /Cannot reach 127\.0\.0\.1:9/);
      assert.equal(api.accounts.list().length, before);
    });

    test('with two accounts on one server, switching makes the chosen one the default for commands', async () => {
      const { url, client } = await localServer();
      const first = await newUser();
      const second = await newUser();
      const a = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
        url,
        token: first.token,
      });
      const b = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
        url,
        token: second.token,
      });
      assert.ok(a && b);
      assert.equal(await vscode.commands.executeCommand('teahouse.switchAccount', a.id), a.id);
      const name = unique('switched');
      const created = await vscode.commands.executeCommand<{ full_name: string }>(
        'teahouse.createRepository',
        { name, autoInit: false },
      );
      assert.equal(created?.full_name, `${first.username}/${name}`);
      await client.api.repoDelete({ owner: first.username, repo: name });
      await vscode.commands.executeCommand('teahouse.switchAccount', 'local');
    });

    test('removing an account removes its session', async () => {
      const { url } = await localServer();
      const api = await teahouse();
      const user = await newUser();
      const account = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
        url,
        token: user.token,
      });
      assert.ok(account);
      assert.equal(await vscode.commands.executeCommand('teahouse.removeAccount', account.id), true);
      assert.ok(!api.accounts.list().some((candidate) => candidate.id === account.id));
      assert.equal(await api.accounts.hasToken(account.id), false, 'the token left SecretStorage');
      const listed = await vscode.authentication.getAccounts('teahouse');
      assert.ok(!listed.some((candidate) => candidate.id === account.id));
    });

    test("adding an account of the workspace repository's server shows that repository in the Issues view at once", async () => {
      const api = await teahouse();
      const user = await createRemoteUser('ws-match');
      const repo = unique('matched');
      await user.client.api.createCurrentUserRepo({ body: { name: repo } });
      const folder = path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', unique('matched'));
      mkdirSync(folder, { recursive: true });
      try {
        await git(folder, 'init', '--quiet');
        await git(
          folder,
          'remote',
          'add',
          'origin',
          `${remoteServer().url.replace(/\/?$/, '/')}${user.username}/${repo}.git`,
        );
        // the workspace has looked at the folder before the account exists: no account matches it yet
        assert.ok(!(await api.workspaceRepositories()).some((match) => match.repo === repo));
        const account = await addRemoteAccount(user);
        // the refresh the new account started, without waiting for the workspace's debounced change event
        const top = await children(api.trees.issues, undefined);
        const scopes = top.flatMap((node) =>
          node.kind === 'scope' || node.kind === 'group' ? [node.scope] : [],
        );
        assert.ok(
          scopes.some(
            (scope) =>
              scope.kind === 'repository' &&
              scope.account.id === account.id &&
              scope.ref.owner === user.username &&
              scope.ref.repo === repo,
          ),
          `the Issues view shows ${user.username}/${repo}: ${top.map((node) => labelOf(api.trees.issues, node)).join(', ')}`,
        );
        // not the account's every repository (the issue search across all it sees) in the meantime
        assert.ok(!scopes.some((scope) => scope.kind === 'account' && scope.account.id === account.id));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    suiteTeardown(async () => {
      // leave only the Local account, so the tree suites see one account
      const api = await teahouse();
      for (const account of api.accounts.list()) {
        if (account.kind !== 'local')
          await vscode.commands.executeCommand('teahouse.removeAccount', account.id);
      }
      await vscode.commands.executeCommand('teahouse.switchAccount', 'local');
    });
  });
}
