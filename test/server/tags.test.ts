import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { header, payloadOf, startHookReceiver, type HookReceiver } from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

/** The tag list and tag deletion, on real repositories; a deletion is a push the webhooks see. */

interface Tag {
  name: string;
  id: string;
  message: string;
  commit: { url: string; sha: string; created: string };
  zipball_url: string;
  tarball_url: string;
}
interface Payload {
  ref?: string;
  ref_type?: string;
  before?: string;
  after?: string;
  repository: { full_name: string };
  sender: { login: string };
}

let server: TestServer;
let receiver: HookReceiver;
let owner: TestUser;
let reader: TestUser;
const ids: Record<string, string> = {};
const base = '/repos/tg-owner/tagged';

/** Tags `name` (annotated with `message`) with the tagger's date `date`. */
const tagAt = (dir: string, name: string, message: string, date: string) =>
  git(dir, ['tag', '-a', name, '-m', message], { GIT_COMMITTER_DATE: date });

before(async () => {
  receiver = await startHookReceiver();
  server = await startServer();
  owner = await server.createUser('tg-owner');
  reader = await server.createUser('tg-reader');
  await createRepository(server, owner.token, 'tagged');
  await createRepository(server, owner.token, 'frozen');
  pushTo(serverRepoPath(server.dataDir, 'tg-owner', 'tagged'), (work) => {
    work.write('a.txt', 'one\n');
    ids.first = work.commit('first', { date: '1700000000 +0000' });
    work.tag('old-light');
    work.write('a.txt', 'two\n');
    ids.second = work.commit('second commit', { date: '1700100000 +0000' });
    tagAt(work.dir, 'v1.0', 'version one', '1700200000 +0100');
    work.tag('release/1.x');
    tagAt(work.dir, 'doomed', 'to be deleted', '1700050000 +0000');
    tagAt(work.dir, 'released', 'a release uses it', '1700060000 +0000');
    ids.v1 = work.git('rev-parse', 'v1.0').trim();
    ids.doomed = work.git('rev-parse', 'doomed').trim();
  });
  pushTo(serverRepoPath(server.dataDir, 'tg-owner', 'frozen'), (work) => {
    work.tag('ice');
  });
  const collaborator = await server.request('PUT', `${base}/collaborators/tg-reader`, {
    token: owner.token,
    body: { permission: 'read' },
  });
  assert.equal(collaborator.status, 204, collaborator.text);
  const release = await server.request('POST', `${base}/releases`, {
    token: owner.token,
    body: { tag_name: 'released', name: 'Released' },
  });
  assert.equal(release.status, 201, release.text);
  const hook = await server.request('POST', `${base}/hooks`, {
    token: owner.token,
    body: {
      type: 'gitea',
      config: { url: `${receiver.url}/tags`, content_type: 'json' },
      events: ['*'],
      active: true,
    },
  });
  assert.equal(hook.status, 200, hook.text);
});

after(async () => {
  await server.stop();
  await receiver.close();
});

const list = (query = '', token = owner.token) =>
  server.request<Tag[]>('GET', `${base}/tags${query}`, { token });

describe('listing tags', () => {
  test('every tag, newest first, with its commit, message and archive URLs', async () => {
    const res = await list();
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((tag) => tag.name),
      ['v1.0', 'release/1.x', 'released', 'doomed', 'old-light'],
    );
    assert.equal(res.headers.get('x-total-count'), '5');
    const [v1, light] = [res.json[0]!, res.json.find((tag) => tag.name === 'release/1.x')!];
    assert.deepEqual(v1, {
      name: 'v1.0',
      id: ids.v1,
      message: 'version one\n',
      commit: {
        url: `${server.apiUrl}${base}/git/commits/${ids.second}`,
        sha: ids.second,
        created: '2023-11-17T06:46:40+01:00',
      },
      zipball_url: `${server.url}tg-owner/tagged/archive/v1.0.zip`,
      tarball_url: `${server.url}tg-owner/tagged/archive/v1.0.tar.gz`,
    });
    // a lightweight tag is its commit: id, message and time are the commit's
    assert.equal(light.id, ids.second);
    assert.equal(light.message, 'second commit\n');
    assert.equal(light.commit.created, '2023-11-16T02:00:00Z');
    assert.equal(light.zipball_url, `${server.url}tg-owner/tagged/archive/release/1.x.zip`);
  });

  test('the URLs of a tag resolve: the commit, and both archives', async () => {
    const tag = (await list()).json.find((candidate) => candidate.name === 'release/1.x')!;
    for (const url of [tag.commit.url, tag.zipball_url, tag.tarball_url]) {
      const res = await fetch(url, { headers: { Authorization: `token ${owner.token}` } });
      await res.arrayBuffer();
      assert.equal(res.status, 200, url);
    }
  });

  test('pages with limit and page, the total in X-Total-Count', async () => {
    const second = await list('?limit=2&page=2');
    assert.deepEqual(
      second.json.map((tag) => tag.name),
      ['released', 'doomed'],
    );
    assert.equal(second.headers.get('x-total-count'), '5');
    assert.match(second.headers.get('link') ?? '', /rel="next"/);
  });

  test('gitea-js lists tags', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: reader.token });
    const { data } = await client.repos.repoListTags('tg-owner', 'tagged', { limit: 1 });
    assert.deepEqual(
      data.map((tag) => tag.name),
      ['v1.0'],
    );
  });
});

describe('deleting tags', () => {
  const remove = (tag: string, token?: string, repo = 'tagged') =>
    server.request<{ message: string }>(
      'DELETE',
      `/repos/tg-owner/${repo}/tags/${tag}`,
      token === undefined ? {} : { token },
    );

  test('a reader may not delete, an anonymous caller must sign in', async () => {
    assert.equal((await remove('doomed', reader.token)).status, 403);
    assert.equal((await remove('doomed')).status, 401);
  });

  test('a tag that a release uses is refused with 409, as Gitea refuses it', async () => {
    const res = await remove('released', owner.token);
    assert.equal(res.status, 409);
    assert.equal(res.json.message, 'a tag attached to a release cannot be deleted directly');
    assert.ok((await list()).json.some((tag) => tag.name === 'released'));
  });

  test('an unknown or impossible tag name is a 404', async () => {
    assert.equal((await remove('nope', owner.token)).status, 404);
    assert.equal((await remove('bad..name', owner.token)).status, 404);
  });

  test('deleting removes the tag and is a push: an empty push event and a delete event', async () => {
    assert.equal((await remove('doomed', owner.token)).status, 204);
    assert.ok(!(await list()).json.some((tag) => tag.name === 'doomed'));
    assert.equal((await remove('doomed', owner.token)).status, 404);
    const deleted = payloadOf<Payload>(
      await receiver.delivered(
        (hook) => header(hook, 'x-gitea-event') === 'delete' && payloadOf<Payload>(hook).ref === 'doomed',
      ),
    );
    assert.equal(deleted.ref_type, 'tag');
    assert.equal(deleted.sender.login, 'tg-owner');
    const pushed = payloadOf<Payload>(
      await receiver.delivered(
        (hook) =>
          header(hook, 'x-gitea-event') === 'push' && payloadOf<Payload>(hook).ref === 'refs/tags/doomed',
      ),
    );
    assert.equal(pushed.before, ids.doomed);
    assert.equal(pushed.after, '0'.repeat(40));
  });

  test('a tag with slashes is deleted by its full name, the slash escaped in the path', async () => {
    assert.equal((await remove('release%2F1.x', owner.token)).status, 204);
    assert.ok(!(await list()).json.some((tag) => tag.name === 'release/1.x'));
  });

  test('gitea-js deletes a tag', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const res = await client.repos.repoDeleteTag('tg-owner', 'tagged', 'old-light');
    assert.equal(res.status, 204);
    assert.ok(!(await list()).json.some((tag) => tag.name === 'old-light'));
  });

  test('an archived repository refuses with 423', async () => {
    const archived = await server.request('PATCH', '/repos/tg-owner/frozen', {
      token: owner.token,
      body: { archived: true },
    });
    assert.equal(archived.status, 200);
    assert.equal((await remove('ice', owner.token, 'frozen')).status, 423);
  });
});
