import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/** Push mirrors: kept with sealed credentials, pushed with `git push --mirror` on demand and on commit. */

interface PushMirrorJson {
  repo_name: string;
  remote_name: string;
  remote_address: string;
  created: string;
  last_update: string | null;
  last_error: string;
  interval: string;
  sync_on_commit: boolean;
}
interface BranchJson {
  commit: { id: string };
}

let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let counter = 0;

async function makeRepository(name: string, autoInit = true): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: autoInit },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.full_name;
}

const addMirror = (repo: string, body: Record<string, unknown>, token = owner.token) =>
  server.request<PushMirrorJson>('POST', `/repos/${repo}/push_mirrors`, { token, body });

/** A new commit on main through the contents API (a push the events see); its id. */
async function commitOn(repo: string): Promise<string> {
  const res = await server.request<{ commit: { sha: string } }>(
    'POST',
    `/repos/${repo}/contents/f${++counter}.txt`,
    {
      token: owner.token,
      body: { content: Buffer.from(`${counter}\n`).toString('base64'), message: `change ${counter}` },
    },
  );
  assert.equal(res.status, 201, res.text);
  return res.json.commit.sha;
}

const tipOf = async (repo: string): Promise<string | undefined> => {
  const res = await server.request<BranchJson>('GET', `/repos/${repo}/branches/main`, { token: owner.token });
  return res.status === 200 ? res.json.commit.id : undefined;
};

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

before(async () => {
  server = await startServer();
  owner = await server.createUser('pm-owner');
  writer = await server.createUser('pm-writer');
});

after(async () => {
  await server.stop();
});

describe('push mirrors', () => {
  test('push every reference to the remote with its credentials, which no answer or column shows', async () => {
    const source = await makeRepository('pm-source');
    const target = await makeRepository('pm-target', false);
    const created = await addMirror(source, {
      remote_address: `${server.url}${target}.git`,
      remote_username: 'pm-owner',
      remote_password: owner.token,
      interval: '8h',
    });
    assert.equal(created.status, 200, created.text);
    assert.match(created.json.remote_name, /^remote_mirror_[0-9a-f]{10}$/);
    assert.equal(created.json.remote_address, `${server.url}${target}.git`);
    assert.equal(created.json.interval, '8h0m0s');
    assert.equal(created.json.last_update, null);
    assert.equal(created.json.repo_name, 'pm-source');
    assert.doesNotMatch(JSON.stringify(created.json), new RegExp(owner.token));

    const synced = await server.request('POST', `/repos/${source}/push_mirrors-sync`, { token: owner.token });
    assert.equal(synced.status, 200, synced.text);
    assert.equal(await tipOf(target), await tipOf(source));
    const one = await server.request<PushMirrorJson>(
      'GET',
      `/repos/${source}/push_mirrors/${created.json.remote_name}`,
      { token: owner.token },
    );
    assert.equal(one.json.last_error, '');
    assert.ok(one.json.last_update);

    const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'), { readOnly: true });
    const rows = db.prepare('SELECT * FROM push_mirror').all();
    db.close();
    assert.doesNotMatch(JSON.stringify(rows), new RegExp(owner.token));
    assert.doesNotMatch(server.output().stderr + server.output().stdout, new RegExp(owner.token));
    for (const file of readdirSync(path.join(server.dataDir), { recursive: true, encoding: 'utf8' })) {
      if (!/config$/.test(file)) continue;
      assert.doesNotMatch(
        readFileSync(path.join(server.dataDir, file), 'utf8'),
        new RegExp(owner.token),
        file,
      );
    }
  });

  test('with sync_on_commit follow each push; a failing push is recorded as last_error', async () => {
    const source = await makeRepository('pm-follow');
    const target = await makeRepository('pm-follow-target', false);
    const mirror = await addMirror(source, {
      remote_address: `${server.url}${target}.git`,
      remote_username: 'pm-owner',
      remote_password: owner.token,
      interval: '0',
      sync_on_commit: true,
    });
    assert.equal(mirror.status, 200, mirror.text);
    assert.equal(mirror.json.interval, '0s');
    const commit = await commitOn(source);
    await waitFor('the mirror to follow', async () => (await tipOf(target)) === commit);

    const refused = await addMirror(source, {
      remote_address: `${server.url}${target}.git`,
      remote_username: 'pm-owner',
      remote_password: 'wrong-password',
      interval: '10m',
    });
    assert.equal(refused.status, 200, refused.text);
    const synced = await server.request('POST', `/repos/${source}/push_mirrors-sync`, { token: owner.token });
    assert.equal(synced.status, 200);
    const failed = await server.request<PushMirrorJson>(
      'GET',
      `/repos/${source}/push_mirrors/${refused.json.remote_name}`,
      { token: owner.token },
    );
    assert.notEqual(failed.json.last_error, '');
    assert.doesNotMatch(failed.json.last_error, /wrong-password/);
    const list = await server.request<PushMirrorJson[]>('GET', `/repos/${source}/push_mirrors`, {
      token: owner.token,
    });
    assert.equal(list.json.length, 2);
    assert.equal(list.headers.get('x-total-count'), '2');
  });

  test('answer 400 for a bad interval or address, 401 for a refused host, 404 for an unknown name', async () => {
    const source = await makeRepository('pm-invalid');
    const valid = `${server.url}pm-owner/pm-target.git`;
    assert.equal((await addMirror(source, { remote_address: valid, interval: '5m' })).status, 400);
    assert.equal((await addMirror(source, { remote_address: valid, interval: 'soon' })).status, 400);
    assert.equal((await addMirror(source, { remote_address: valid })).status, 400);
    assert.equal((await addMirror(source, { remote_address: 'not a url', interval: '8h' })).status, 400);
    assert.equal(
      (await addMirror(source, { remote_address: 'ftp://example.com/x.git', interval: '8h' })).status,
      400,
    );
    const refused = await addMirror(source, { remote_address: 'http://240.0.0.1/x.git', interval: '8h' });
    assert.equal(refused.status, 401, refused.text);
    const unknown = await server.request('GET', `/repos/${source}/push_mirrors/remote_mirror_none`, {
      token: owner.token,
    });
    assert.equal(unknown.status, 404);
    const deleted = await addMirror(source, { remote_address: valid, interval: '8h' });
    const name = deleted.json.remote_name;
    const del = await server.request('DELETE', `/repos/${source}/push_mirrors/${name}`, {
      token: owner.token,
    });
    assert.equal(del.status, 204);
    assert.equal(
      (await server.request('GET', `/repos/${source}/push_mirrors/${name}`, { token: owner.token })).status,
      404,
    );
  });

  test('are for repository administrators only', async () => {
    const source = await makeRepository('pm-admin-only');
    const collaborator = await server.request('PUT', `/repos/${source}/collaborators/pm-writer`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    assert.equal(collaborator.status, 204);
    const body = { remote_address: `${server.url}pm-owner/pm-target.git`, interval: '8h' };
    assert.equal((await addMirror(source, body, writer.token)).status, 403);
    assert.equal(
      (await server.request('GET', `/repos/${source}/push_mirrors`, { token: writer.token })).status,
      403,
    );
    assert.equal(
      (await server.request('POST', `/repos/${source}/push_mirrors-sync`, { token: writer.token })).status,
      403,
    );
    assert.equal((await server.request('GET', `/repos/${source}/push_mirrors`)).status, 401);
  });
});

describe('the update_mirrors task', () => {
  test('pushes the push mirrors whose interval has passed', async () => {
    const source = await makeRepository('pm-timed');
    const target = await makeRepository('pm-timed-target', false);
    const mirror = await addMirror(source, {
      remote_address: `${server.url}${target}.git`,
      remote_username: 'pm-owner',
      remote_password: owner.token,
      interval: '10m',
    });
    assert.equal(mirror.status, 200, mirror.text);
    assert.equal(await tipOf(target), undefined);
    // ten minutes pass
    const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'));
    db.prepare('UPDATE push_mirror SET next_update_unix = 1 WHERE remote_name = ?').run(
      mirror.json.remote_name,
    );
    db.close();
    const run = await server.request('POST', '/admin/cron/update_mirrors', { token: server.admin.token });
    assert.equal(run.status, 204, run.text);
    await waitFor('the timed push', async () => (await tipOf(target)) === (await tipOf(source)));
  });
});
