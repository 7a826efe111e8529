import assert from 'node:assert/strict';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { makeTempDir, removeDirs } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';
import { repositoryWithWriters } from './repoWithWriters';

/** Renaming and moving branches through the API, and the priority of branch protection rules. */

interface BranchJson {
  name: string;
  commit: { id: string };
}

let server: TestServer;
let scratch: string;
let owner: TestUser;
let writer: TestUser;
let counter = 0;

const makeRepository = (name: string): Promise<string> =>
  repositoryWithWriters(server, owner, name, [writer]);

async function makeBranch(repo: string, name: string, from = 'main'): Promise<string> {
  const res = await server.request<BranchJson>('POST', `/repos/${repo}/branches`, {
    token: owner.token,
    body: { new_branch_name: name, old_branch_name: from },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.commit.id;
}

/** A new commit on `branch` through the contents API; its id. */
async function commitOn(repo: string, branch: string): Promise<string> {
  const res = await server.request<{ commit: { sha: string } }>(
    'POST',
    `/repos/${repo}/contents/f${++counter}.txt`,
    {
      token: owner.token,
      body: { content: Buffer.from(`${counter}\n`).toString('base64'), branch, message: `change ${counter}` },
    },
  );
  assert.equal(res.status, 201, res.text);
  return res.json.commit.sha;
}

const tipOf = async (repo: string, branch: string): Promise<string> =>
  (await server.request<BranchJson>('GET', `/repos/${repo}/branches/${branch}`)).json.commit.id;

before(async () => {
  scratch = makeTempDir('teahouse-branchmoves-');
  server = await startServer();
  owner = await server.createUser('bm-owner');
  writer = await server.createUser('bm-writer');
});

after(async () => {
  await server.stop();
  removeDirs(scratch);
});

describe('renaming a branch', () => {
  test('moves the branch and its pull requests; the default branch follows', async () => {
    const repo = await makeRepository('bm-rename');
    const tip = await makeBranch(repo, 'feature');
    await commitOn(repo, 'feature');
    const pull = await server.request<{ number: number }>('POST', `/repos/${repo}/pulls`, {
      token: owner.token,
      body: { base: 'main', head: 'feature', title: 'Feature' },
    });
    assert.equal(pull.status, 201, pull.text);
    const renamed = await server.request('PATCH', `/repos/${repo}/branches/feature`, {
      token: writer.token,
      body: { name: 'feature/renamed' },
    });
    assert.equal(renamed.status, 204, renamed.text);
    assert.equal((await server.request('GET', `/repos/${repo}/branches/feature`)).status, 404);
    assert.notEqual(await tipOf(repo, 'feature%2Frenamed'), tip);
    const after = await server.request<{ head: { ref: string } }>(
      'GET',
      `/repos/${repo}/pulls/${pull.json.number}`,
    );
    assert.equal(after.json.head.ref, 'feature/renamed');

    const main = await server.request('PATCH', `/repos/${repo}/branches/main`, {
      token: owner.token,
      body: { name: 'trunk' },
    });
    assert.equal(main.status, 204, main.text);
    const info = await server.request<{ default_branch: string }>('GET', `/repos/${repo}`);
    assert.equal(info.json.default_branch, 'trunk');
    const clone = path.join(scratch, `clone${++counter}`);
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, repo), clone]);
    assert.equal(mustGit(clone, ['rev-parse', '--abbrev-ref', 'HEAD']).trim(), 'trunk');
  });

  test('answers 422 for a taken or bad name, 404 for a missing branch, 403 for a writer renaming the default', async () => {
    const repo = await makeRepository('bm-rename-refused');
    await makeBranch(repo, 'one');
    await makeBranch(repo, 'two');
    const rename = (from: string, name: unknown, token = owner.token) =>
      server.request('PATCH', `/repos/${repo}/branches/${from}`, { token, body: { name } });
    assert.equal((await rename('one', 'two')).status, 422);
    assert.equal((await rename('one', 'one')).status, 422);
    assert.equal((await rename('one', 'bad..name')).status, 422);
    assert.equal((await rename('one', '')).status, 422);
    assert.equal((await rename('missing', 'three')).status, 404);
    const byWriter = await rename('main', 'trunk', writer.token);
    assert.equal(byWriter.status, 403);
    assert.match(byWriter.text, /User must be a repo or site admin/);
    const protection = await server.request('POST', `/repos/${repo}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'tw*', enable_push: true },
    });
    assert.equal(protection.status, 201, protection.text);
    const glob = await rename('two', 'three');
    assert.equal(glob.status, 403);
    assert.match(glob.text, /glob-based protection rules/);
    const anonymous = await server.request('PATCH', `/repos/${repo}/branches/one`, { body: { name: 'uno' } });
    assert.equal(anonymous.status, 401);
  });
});

describe('updating a branch', () => {
  test('fast-forwards, and moves backwards only with force', async () => {
    const repo = await makeRepository('bm-update');
    const start = await makeBranch(repo, 'work');
    const ahead = await commitOn(repo, 'main');
    const update = (body: Record<string, unknown>, token = writer.token) =>
      server.request('PUT', `/repos/${repo}/branches/work`, { token, body });
    assert.equal((await update({ new_commit_id: 'main' })).status, 204);
    assert.equal(await tipOf(repo, 'work'), ahead);
    const back = await update({ new_commit_id: start });
    assert.equal(back.status, 409);
    assert.equal((await update({ new_commit_id: start, old_commit_id: start, force: true })).status, 409);
    assert.equal((await update({ new_commit_id: start, old_commit_id: ahead, force: true })).status, 204);
    assert.equal(await tipOf(repo, 'work'), start);
    assert.equal((await update({ new_commit_id: 'no-such-ref' })).status, 404);
    assert.equal((await update({})).status, 422);
    const missing = await server.request('PUT', `/repos/${repo}/branches/none`, {
      token: writer.token,
      body: { new_commit_id: 'main' },
    });
    assert.equal(missing.status, 404);
  });

  test('is refused on a protected branch the caller may not push to', async () => {
    const repo = await makeRepository('bm-update-protected');
    await makeBranch(repo, 'stable');
    await commitOn(repo, 'main');
    const protection = await server.request('POST', `/repos/${repo}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'stable', enable_push: false },
    });
    assert.equal(protection.status, 201, protection.text);
    const res = await server.request('PUT', `/repos/${repo}/branches/stable`, {
      token: writer.token,
      body: { new_commit_id: 'main' },
    });
    assert.equal(res.status, 403);
  });
});

describe('branch protection priorities', () => {
  test('decide which of several matching rules governs a push', async () => {
    const repo = await makeRepository('bm-priority');
    const rule = async (body: Record<string, unknown>) => {
      const res = await server.request<{ rule_name: string }>('POST', `/repos/${repo}/branch_protections`, {
        token: owner.token,
        body,
      });
      assert.equal(res.status, 201, res.text);
    };
    await rule({ rule_name: 'release/*', enable_push: false });
    await rule({ rule_name: 'release/**', enable_push: true });
    await makeBranch(repo, 'release/1');
    const list = await server.request<{ rule_name: string }[]>('GET', `/repos/${repo}/branch_protections`, {
      token: owner.token,
    });
    const dir = path.join(scratch, `push${++counter}`);
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, repo, { username: writer.user.login, secret: writer.token }),
      dir,
    ]);
    mustGit(dir, ['checkout', '--quiet', '-B', 'release/1', 'origin/release/1']);
    writeFileSync(path.join(dir, 'x.txt'), 'x\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'x']);
    const refused = tryGit(dir, ['push', 'origin', 'release/1']);
    assert.notEqual(refused.code, 0, 'the older rule, denying pushes, comes first');
    assert.match(refused.stderr, /Not allowed to push to protected branch release\/1/);

    assert.deepEqual(
      list.json.map((r) => r.rule_name),
      ['release/*', 'release/**'],
    );
    // Gitea's BranchProtection has no id in its JSON; its web settings page knows them, a test reads them
    const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'), { readOnly: true });
    const rows = db.prepare('SELECT id, rule_name FROM protected_branch').all() as {
      id: number;
      rule_name: string;
    }[];
    db.close();
    const byName = new Map(rows.map((r) => [r.rule_name, r.id]));
    const reordered = await server.request('POST', `/repos/${repo}/branch_protections/priority`, {
      token: owner.token,
      body: { ids: [byName.get('release/**'), byName.get('release/*')] },
    });
    assert.equal(reordered.status, 204, reordered.text);
    const order = await server.request<{ rule_name: string; priority: number }[]>(
      'GET',
      `/repos/${repo}/branch_protections`,
      { token: owner.token },
    );
    assert.deepEqual(
      order.json.map((r) => [r.rule_name, r.priority]),
      [
        ['release/**', 1],
        ['release/*', 2],
      ],
    );
    mustGit(dir, ['push', '--quiet', 'origin', 'release/1']);
    const byWriter = await server.request('POST', `/repos/${repo}/branch_protections/priority`, {
      token: writer.token,
      body: { ids: [] },
    });
    assert.equal(byWriter.status, 403);
  });
});
