import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  accountForRemote,
  parseRemoteUrl,
  remoteMatchesServer,
} from '../../../src/extension/workspace/remoteUrl';

test('https remotes give owner and repository, with or without .git and a trailing slash', () => {
  assert.deepEqual(parseRemoteUrl('https://gitea.example.com/alice/tea.git'), {
    protocol: 'https',
    host: 'gitea.example.com',
    port: undefined,
    prefix: '',
    owner: 'alice',
    repo: 'tea',
  });
  assert.equal(parseRemoteUrl('https://gitea.example.com/alice/tea/')?.repo, 'tea');
  assert.equal(parseRemoteUrl('http://user:pw@Host.Example:3000/git/alice/tea')?.prefix, 'git');
  assert.equal(parseRemoteUrl('http://user:pw@Host.Example:3000/git/alice/tea')?.host, 'host.example');
});

test('scp-like and ssh:// remotes are ssh remotes of the host', () => {
  assert.deepEqual(parseRemoteUrl('git@gitea.example.com:alice/tea.git'), {
    protocol: 'ssh',
    host: 'gitea.example.com',
    port: undefined,
    prefix: '',
    owner: 'alice',
    repo: 'tea',
  });
  const ssh = parseRemoteUrl('ssh://git@gitea.example.com:2222/org/service.git');
  assert.equal(ssh?.protocol, 'ssh');
  assert.equal(ssh?.port, 2222);
  assert.equal(ssh?.owner, 'org');
});

test('remotes that name no owner/repository, or other protocols, are not parsed', () => {
  assert.equal(parseRemoteUrl('https://gitea.example.com/alone'), undefined);
  assert.equal(parseRemoteUrl('file:///srv/git/alice/tea.git'), undefined);
  assert.equal(parseRemoteUrl('not a url'), undefined);
});

test('a remote matches a server by host, port and sub-path; ssh by host only', () => {
  const https = parseRemoteUrl('https://gitea.example.com/alice/tea.git');
  assert.ok(https);
  assert.equal(remoteMatchesServer(https, 'https://gitea.example.com/'), true);
  assert.equal(remoteMatchesServer(https, 'https://gitea.example.com:8443/'), false);
  assert.equal(remoteMatchesServer(https, 'https://other.example.com/'), false);
  assert.equal(remoteMatchesServer(https, 'http://gitea.example.com/'), false);
  const sub = parseRemoteUrl('https://host.example/gitea/alice/tea.git');
  assert.ok(sub);
  assert.equal(remoteMatchesServer(sub, 'https://host.example/gitea/'), true);
  assert.equal(remoteMatchesServer(sub, 'https://host.example/'), false);
  const ssh = parseRemoteUrl('git@gitea.example.com:alice/tea.git');
  assert.ok(ssh);
  assert.equal(remoteMatchesServer(ssh, 'https://gitea.example.com/'), true);
});

test('a loopback remote matches the local server on any port when asked to', () => {
  const remote = parseRemoteUrl('http://localhost:3000/root/demo.git');
  assert.ok(remote);
  assert.equal(remoteMatchesServer(remote, 'http://127.0.0.1:45678/'), false);
  assert.equal(remoteMatchesServer(remote, 'http://127.0.0.1:45678/', true), true);
});

test('a remote belongs to the server it names exactly; the local account takes other loopback ports', () => {
  const local = { id: 'local', kind: 'local', serverUrl: 'http://127.0.0.1:41000/' };
  const other = { id: 'other', kind: 'remote', serverUrl: 'http://127.0.0.1:3000/' };
  const remote = (url: string) => parseRemoteUrl(url)!;
  // a Gitea on localhost:3000 is not the local server, even though the local account takes any loopback port
  assert.equal(
    accountForRemote(remote('http://localhost:3000/acme/widgets.git'), [local, other])?.id,
    'other',
  );
  assert.equal(
    accountForRemote(remote('http://127.0.0.1:3000/acme/widgets.git'), [local, other])?.id,
    'other',
  );
  // the local server on the port of an earlier start
  assert.equal(accountForRemote(remote('http://127.0.0.1:39999/me/demo.git'), [local, other])?.id, 'local');
  assert.equal(accountForRemote(remote('https://gitea.example.com/a/b.git'), [local, other]), undefined);
});
