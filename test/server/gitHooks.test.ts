import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { makeTempDir, serverRepoPath } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';

interface GitHookJson {
  name: string;
  is_active: boolean;
  content: string;
}

interface Message {
  message: string;
}

const hooksPath = (full: string): string => `/repos/${full}/hooks/git`;

async function makeRepository(
  server: TestServer,
  owner: TestUser,
  name: string,
  isPrivate = false,
): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true, private: isPrivate },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.full_name;
}

let clones = 0;

/** A clone of `full` with one more commit on `branch`, ready to push. */
function cloneWithCommit(
  server: TestServer,
  scratch: string,
  full: string,
  who: TestUser,
  branch: string,
): string {
  const dir = path.join(scratch, `clone-${++clones}`);
  mustGit(scratch, [
    'clone',
    '--quiet',
    remoteUrl(server.url, full, { username: who.user.login, secret: who.token }),
    dir,
  ]);
  mustGit(dir, ['checkout', '--quiet', '-B', branch]);
  writeFileSync(path.join(dir, `${branch}.txt`), `${Date.now()}\n`);
  mustGit(dir, ['add', '--all']);
  mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', `change on ${branch}`]);
  return dir;
}

describe('git hooks while the server has them off (the default)', () => {
  let server: TestServer;
  let scratch: string;
  let owner: TestUser;

  before(async () => {
    server = await startServer();
    scratch = makeTempDir('teahouse-githooks-off-');
    owner = await server.createUser('gh-off-owner');
  });

  after(async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('every operation refuses even a site admin with Gitea answer', async () => {
    const full = await makeRepository(server, owner, 'off');
    const calls: [string, string, unknown?][] = [
      ['GET', hooksPath(full)],
      ['GET', `${hooksPath(full)}/pre-receive`],
      ['PATCH', `${hooksPath(full)}/pre-receive`, { content: '#!/bin/sh\nexit 1\n' }],
      ['DELETE', `${hooksPath(full)}/pre-receive`],
    ];
    for (const [method, apiPath, body] of calls) {
      const res = await server.request<Message>(method, apiPath, { token: server.admin.token, body });
      assert.equal(res.status, 403, `${method} ${apiPath}: ${res.text}`);
      assert.equal(res.json.message, 'must be allowed to edit Git hooks');
    }
    const anonymous = await server.request('GET', hooksPath(full));
    assert.equal(anonymous.status, 401);
    const unknown = await server.request('GET', hooksPath('gh-off-owner/nothing'), {
      token: server.admin.token,
    });
    assert.equal(unknown.status, 404);
  });

  test('a hook script put on disk by hand does not run on push', async () => {
    const full = await makeRepository(server, owner, 'planted');
    const hookDir = path.join(
      serverRepoPath(server.dataDir, 'gh-off-owner', 'planted'),
      'hooks',
      'pre-receive.d',
    );
    mkdirSync(hookDir, { recursive: true });
    writeFileSync(path.join(hookDir, 'pre-receive'), '#!/bin/sh\necho planted >&2\nexit 1\n', {
      mode: 0o755,
    });
    const dir = cloneWithCommit(server, scratch, full, owner, 'main');
    const pushed = tryGit(dir, ['push', '--quiet', 'origin', 'main']);
    assert.equal(pushed.code, 0, pushed.stderr);
    assert.doesNotMatch(pushed.stderr, /planted/);
  });
});

describe('git hooks with --enable-git-hooks', () => {
  let server: TestServer;
  let scratch: string;
  let owner: TestUser;
  let writer: TestUser;
  let stranger: TestUser;

  before(async () => {
    server = await startServer({ args: ['--enable-git-hooks'] });
    scratch = makeTempDir('teahouse-githooks-on-');
    owner = await server.createUser('gh-owner');
    writer = await server.createUser('gh-writer');
    stranger = await server.createUser('gh-stranger');
  });

  after(async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a site admin lists the three hooks, inactive at first; an unknown hook name is 404', async () => {
    const full = await makeRepository(server, owner, 'listed');
    const list = await server.request<GitHookJson[]>('GET', hooksPath(full), { token: server.admin.token });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.json, [
      { name: 'pre-receive', is_active: false, content: '' },
      { name: 'update', is_active: false, content: '' },
      { name: 'post-receive', is_active: false, content: '' },
    ]);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await server.request(method, `${hooksPath(full)}/post-update`, {
        token: server.admin.token,
        body: method === 'PATCH' ? { content: 'x' } : undefined,
      });
      assert.equal(res.status, 404, `${method}: ${res.text}`);
    }
  });

  test('only repository admins who may edit git hooks: 404, 403 (reqAdmin), 403 (reqGitHook), then allowed', async () => {
    const full = await makeRepository(server, owner, 'guarded', true);
    const hidden = await server.request('GET', hooksPath(full), { token: stranger.token });
    assert.equal(hidden.status, 404);
    const added = await server.request('PUT', `/repos/${full}/collaborators/gh-writer`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    assert.equal(added.status, 204, added.text);
    const notAdmin = await server.request<Message>('GET', hooksPath(full), { token: writer.token });
    assert.equal(notAdmin.status, 403);
    assert.notEqual(notAdmin.json.message, 'must be allowed to edit Git hooks');
    const notAllowed = await server.request<Message>('GET', hooksPath(full), { token: owner.token });
    assert.equal(notAllowed.status, 403);
    assert.equal(notAllowed.json.message, 'must be allowed to edit Git hooks');

    const allow = await server.request('PATCH', '/admin/users/gh-owner', {
      token: server.admin.token,
      body: { login_name: 'gh-owner', source_id: 0, allow_git_hook: true },
    });
    assert.equal(allow.status, 200, allow.text);
    const allowed = await server.request<GitHookJson[]>('GET', hooksPath(full), { token: owner.token });
    assert.equal(allowed.status, 200, allowed.text);
    assert.equal(allowed.json.length, 3);
  });

  test('edit writes the script where Gitea keeps it; a refusing pre-receive hook refuses the push; delete empties it', async () => {
    const full = await makeRepository(server, owner, 'refusing');
    const script = '#!/bin/sh\r\necho "refused by the hook" >&2\r\nexit 1\r\n';
    const edited = await server.request<GitHookJson>('PATCH', `${hooksPath(full)}/pre-receive`, {
      token: server.admin.token,
      body: { content: script },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(edited.json, { name: 'pre-receive', is_active: true, content: script });
    const file = path.join(
      serverRepoPath(server.dataDir, 'gh-owner', 'refusing'),
      'hooks',
      'pre-receive.d',
      'pre-receive',
    );
    assert.equal(readFileSync(file, 'utf8'), script.replaceAll('\r', ''));
    assert.equal(statSync(file).mode & 0o100, 0o100, 'executable');
    const got = await server.request<GitHookJson>('GET', `${hooksPath(full)}/pre-receive`, {
      token: server.admin.token,
    });
    assert.deepEqual(got.json, {
      name: 'pre-receive',
      is_active: true,
      content: script.replaceAll('\r', ''),
    });

    const dir = cloneWithCommit(server, scratch, full, owner, 'main');
    const refused = tryGit(dir, ['push', 'origin', 'main']);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /refused by the hook/);
    assert.match(refused.stderr, /pre-receive hook declined/);

    const deleted = await server.request('DELETE', `${hooksPath(full)}/pre-receive`, {
      token: server.admin.token,
    });
    assert.equal(deleted.status, 204);
    assert.equal(statSync(file, { throwIfNoEntry: false }), undefined);
    const after = await server.request<GitHookJson>('GET', `${hooksPath(full)}/pre-receive`, {
      token: server.admin.token,
    });
    assert.deepEqual(after.json, { name: 'pre-receive', is_active: false, content: '' });
    const pushed = tryGit(dir, ['push', 'origin', 'main']);
    assert.equal(pushed.code, 0, pushed.stderr);
  });

  test('update gets its arguments and may refuse one branch; post-receive gets the pushed refs', async () => {
    const full = await makeRepository(server, owner, 'running');
    const log = path.join(scratch, 'running.log');
    const update = `#!/bin/sh\necho "update $1" >> '${log}'\n[ "$1" = refs/heads/blocked ] && { echo "no blocked" >&2; exit 1; }\nexit 0\n`;
    const postReceive = `#!/bin/sh\nwhile read -r old new ref; do echo "post $ref $new" >> '${log}'; done\n`;
    for (const [name, content] of [
      ['update', update],
      ['post-receive', postReceive],
    ] as const) {
      const res = await server.request('PATCH', `${hooksPath(full)}/${name}`, {
        token: server.admin.token,
        body: { content },
      });
      assert.equal(res.status, 200, res.text);
    }
    const dir = cloneWithCommit(server, scratch, full, owner, 'feature');
    const head = mustGit(dir, ['rev-parse', 'HEAD']).trim();
    const pushed = tryGit(dir, ['push', 'origin', 'feature']);
    assert.equal(pushed.code, 0, pushed.stderr);
    mustGit(dir, ['checkout', '--quiet', '-b', 'blocked']);
    const blocked = tryGit(dir, ['push', 'origin', 'blocked']);
    assert.notEqual(blocked.code, 0);
    assert.match(blocked.stderr, /no blocked/);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    assert.deepEqual(lines, [
      'update refs/heads/feature',
      `post refs/heads/feature ${head}`,
      'update refs/heads/blocked',
    ]);
    const branches = await server.request<{ name: string }[]>('GET', `/repos/${full}/branches`, {
      token: owner.token,
    });
    assert.deepEqual(branches.json.map((b) => b.name).sort(), ['feature', 'main']);
  });

  test('branch protection still applies when hooks run', async () => {
    const full = await makeRepository(server, owner, 'protected');
    const rule = await server.request('POST', `/repos/${full}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'main' },
    });
    assert.equal(rule.status, 201, rule.text);
    const log = path.join(scratch, 'protected.log');
    const hook = await server.request('PATCH', `${hooksPath(full)}/pre-receive`, {
      token: server.admin.token,
      body: { content: `#!/bin/sh\ncat >> '${log}'\n` },
    });
    assert.equal(hook.status, 200, hook.text);
    const dir = cloneWithCommit(server, scratch, full, owner, 'side');
    assert.equal(tryGit(dir, ['push', 'origin', 'side']).code, 0);
    const deletion = tryGit(dir, ['push', 'origin', ':main']);
    assert.notEqual(deletion.code, 0);
    assert.match(deletion.stderr, /protected from deletion/);
    // the user's hook saw the allowed push only: protection refused the deletion before it ran
    assert.match(readFileSync(log, 'utf8'), /refs\/heads\/side\n?$/);
    assert.doesNotMatch(readFileSync(log, 'utf8'), /refs\/heads\/main/);
  });

  test('gitea-js edits, reads, lists and deletes a hook', async () => {
    const full = await makeRepository(server, owner, 'js');
    const [ownerName, repoName] = full.split('/') as [string, string];
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: server.admin.token });
    const edited = await api.repos.repoEditGitHook(ownerName, repoName, 'post-receive', {
      content: '#!/bin/sh\ntrue\n',
    });
    assert.equal(edited.data.is_active, true);
    const got = await api.repos.repoGetGitHook(ownerName, repoName, 'post-receive');
    assert.equal(got.data.content, '#!/bin/sh\ntrue\n');
    const listed = await api.repos.repoListGitHooks(ownerName, repoName);
    assert.deepEqual(
      listed.data.map((h) => [h.name, h.is_active]),
      [
        ['pre-receive', false],
        ['update', false],
        ['post-receive', true],
      ],
    );
    const deleted = await api.repos.repoDeleteGitHook(ownerName, repoName, 'post-receive');
    assert.equal(deleted.status, 204);
  });
});
