import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface TopicNames {
  topics: string[];
}
interface TopicResponse {
  id: number;
  topic_name: string;
  repo_count: number;
  created: string;
  updated: string;
}
interface Refusal {
  message: string;
  invalidTopics?: string | string[] | null;
}

describe('repository topics', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const createRepo = async (user: TestUser, name: string, isPrivate = false): Promise<string> => {
    const res = await server.request('POST', '/user/repos', {
      token: user.token,
      body: { name, private: isPrivate },
    });
    assert.equal(res.status, 201, res.text);
    return `${user.user.login}/${name}`;
  };
  const topicsOf = async (full: string, token?: string): Promise<string[]> => {
    const res = await server.request<TopicNames>('GET', `/repos/${full}/topics`, token ? { token } : {});
    assert.equal(res.status, 200, res.text);
    return res.json.topics;
  };
  const put = (full: string, token: string, topics: unknown) =>
    server.request<Refusal>('PUT', `/repos/${full}/topics`, { token, body: { topics } });
  const search = (q: string, token: string, extra = '') =>
    server.request<{ topics: TopicResponse[] }>('GET', `/topics/search?q=${encodeURIComponent(q)}${extra}`, {
      token,
    });

  test('PUT replaces the topics: trimmed, lower-cased, repeats and empty names dropped', async () => {
    const ana = await server.createUser('tp-ana');
    const full = await createRepo(ana, 'tools');
    assert.deepEqual(await topicsOf(full), []);
    const res = await put(full, ana.token, [' Go ', 'cli', 'GO', '', 'web-api']);
    assert.equal(res.status, 204, res.text);
    assert.deepEqual((await topicsOf(full)).sort(), ['cli', 'go', 'web-api']);
    assert.equal((await put(full, ana.token, ['cli', 'rust'])).status, 204);
    assert.deepEqual((await topicsOf(full)).sort(), ['cli', 'rust']);
    // a body without topics clears them, as Gitea's nil list
    assert.equal(
      (await server.request('PUT', `/repos/${full}/topics`, { token: ana.token, body: {} })).status,
      204,
    );
    assert.deepEqual(await topicsOf(full), []);
  });

  test("invalid names answer 422 with Gitea's message and the invalid topics; nothing changes", async () => {
    const ben = await server.createUser('tp-ben');
    const full = await createRepo(ben, 'lib');
    await put(full, ben.token, ['keep']);
    const tooLong = 'a'.repeat(36);
    const res = await put(full, ben.token, ['fine', '-dash', 'Has Space', tooLong, 'a'.repeat(35), 'ümlaut']);
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Topic names are invalid');
    assert.deepEqual(res.json.invalidTopics, ['-dash', 'has space', tooLong, 'ümlaut']);
    assert.deepEqual(await topicsOf(full), ['keep']);

    const many = Array.from({ length: 26 }, (_, i) => `t${i}`);
    const tooMany = await put(full, ben.token, many);
    assert.equal(tooMany.status, 422);
    assert.equal(tooMany.json.message, 'Exceeding maximum number of topics per repo');
    assert.equal(tooMany.json.invalidTopics, null);
    assert.equal((await put(full, ben.token, many.slice(0, 25))).status, 204);
    assert.equal((await topicsOf(full)).length, 25);

    const body = await server.request('PUT', `/repos/${full}/topics`, {
      token: ben.token,
      body: { topics: 'not-a-list' },
    });
    assert.equal(body.status, 422);
  });

  test('add and delete one topic; the 26th is refused; deleting one it lacks is 404', async () => {
    const cy = await server.createUser('tp-cy');
    const full = await createRepo(cy, 'app');
    const add = (topic: string) =>
      server.request<Refusal>('PUT', `/repos/${full}/topics/${encodeURIComponent(topic)}`, {
        token: cy.token,
      });
    const del = (topic: string) =>
      server.request<Refusal>('DELETE', `/repos/${full}/topics/${encodeURIComponent(topic)}`, {
        token: cy.token,
      });
    assert.equal((await add(' Vue ')).status, 204);
    assert.equal((await add('vue')).status, 204);
    assert.deepEqual(await topicsOf(full), ['vue']);
    const bad = await add('no_underscores');
    assert.equal(bad.status, 422);
    assert.equal(bad.json.message, 'Topic name is invalid');
    assert.equal(bad.json.invalidTopics, 'no_underscores');
    assert.equal((await del('VUE')).status, 204);
    assert.deepEqual(await topicsOf(full), []);
    assert.equal((await del('vue')).status, 404);
    assert.equal((await del('bad topic')).status, 422);

    await put(
      full,
      cy.token,
      Array.from({ length: 25 }, (_, i) => `n${i}`),
    );
    const full26 = await add('one-more');
    assert.equal(full26.status, 422);
    assert.equal(full26.json.message, 'Exceeding maximum allowed topics per repo.');
    assert.equal('invalidTopics' in full26.json, false);
  });

  test('writes need repository admin; reads follow the repository; private ones are 404 to strangers', async () => {
    const owner = await server.createUser('tp-own');
    const writer = await server.createUser('tp-writer');
    const stranger = await server.createUser('tp-stranger');
    const open = await createRepo(owner, 'open');
    const secret = await createRepo(owner, 'secret', true);
    await server.request('PUT', `/repos/${open}/collaborators/${writer.user.login}`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    await put(open, owner.token, ['shared']);
    await put(secret, owner.token, ['hidden']);

    assert.deepEqual(await topicsOf(open), ['shared']);
    assert.equal((await put(open, writer.token, ['mine'])).status, 403);
    assert.equal(
      (await server.request('PUT', `/repos/${open}/topics/mine`, { token: writer.token })).status,
      403,
    );
    assert.equal(
      (await server.request('DELETE', `/repos/${open}/topics/shared`, { token: writer.token })).status,
      403,
    );
    assert.equal(
      (await server.request('PUT', `/repos/${open}/topics`, { body: { topics: [] } })).status,
      401,
    );
    assert.equal((await server.request('GET', `/repos/${secret}/topics`)).status, 404);
    assert.equal(
      (await server.request('GET', `/repos/${secret}/topics`, { token: stranger.token })).status,
      404,
    );
    assert.equal((await put(secret, stranger.token, ['x'])).status, 404);
    assert.deepEqual(await topicsOf(open), ['shared']);
    // a site admin is an admin of every repository
    assert.equal((await put(secret, server.admin.token, ['hidden', 'admin-set'])).status, 204);
    assert.deepEqual((await topicsOf(secret, owner.token)).sort(), ['admin-set', 'hidden']);
  });

  test('the repository JSON carries its topics, most used first; the repository search finds them', async () => {
    const dee = await server.createUser('tp-dee');
    const a = await createRepo(dee, 'alpha');
    const b = await createRepo(dee, 'beta');
    // the order is the topics' use when the repository's topics were last saved, as Gitea stores it
    await put(b, dee.token, ['zebra-common']);
    await put(a, dee.token, ['aardvark-rare', 'zebra-common']);
    const repo = await server.request<{ topics: string[] }>('GET', `/repos/${a}`);
    assert.deepEqual(repo.json.topics, ['zebra-common', 'aardvark-rare']);

    type Search = { ok: boolean; data: { full_name: string }[] };
    const byTopic = await server.request<Search>('GET', '/repos/search?q=aardvark-rare&topic=true');
    assert.deepEqual(
      byTopic.json.data.map((r) => r.full_name),
      [a],
    );
    // with topic=true only a whole topic matches, not a part of a name
    const part = await server.request<Search>('GET', '/repos/search?q=aardvark&topic=true');
    assert.deepEqual(part.json.data, []);
    const keyword = await server.request<Search>('GET', '/repos/search?q=aardvark');
    assert.deepEqual(
      keyword.json.data.map((r) => r.full_name),
      [a],
    );
    // a removed topic no longer finds the repository
    await server.request('DELETE', `/repos/${a}/topics/aardvark-rare`, { token: dee.token });
    const after = await server.request<Search>('GET', '/repos/search?q=aardvark-rare&topic=true');
    assert.deepEqual(after.json.data, []);
    assert.deepEqual((await server.request<{ topics: string[] }>('GET', `/repos/${a}`)).json.topics, [
      'zebra-common',
    ]);
  });

  test('search: names containing q, most used first, with repo_count and times; paged; 401 anonymous', async () => {
    const eve = await server.createUser('tp-eve');
    const one = await createRepo(eve, 's1');
    const two = await createRepo(eve, 's2');
    await put(one, eve.token, ['qsearch-popular', 'qsearch-niche', 'other']);
    await put(two, eve.token, ['qsearch-popular']);
    const res = await search('QSEARCH', eve.token);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.topics.map((t) => [t.topic_name, t.repo_count]),
      [
        ['qsearch-popular', 2],
        ['qsearch-niche', 1],
      ],
    );
    const topic = res.json.topics[0]!;
    assert.ok(topic.id > 0);
    assert.match(topic.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.match(topic.updated, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(res.headers.get('x-total-count'), '2');

    const page2 = await search('qsearch', eve.token, '&limit=1&page=2');
    assert.deepEqual(
      page2.json.topics.map((t) => t.topic_name),
      ['qsearch-niche'],
    );
    // underscores and percent signs are literal, not patterns
    assert.deepEqual((await search('qsearch_', eve.token)).json.topics, []);
    assert.equal((await server.request('GET', '/topics/search?q=qsearch')).status, 401);

    // a deleted repository no longer counts
    assert.equal((await server.request('DELETE', `/repos/${two}`, { token: eve.token })).status, 204);
    const afterDelete = await search('qsearch-popular', eve.token);
    assert.equal(afterDelete.json.topics[0]?.repo_count, 1);
  });

  test('gitea-js reads and writes topics', async () => {
    const fay = await server.createUser('tp-fay');
    const full = await createRepo(fay, 'viajs');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: fay.token });
    await api.repos.repoUpdateTopics('tp-fay', 'viajs', { topics: ['gitea-js', 'client'] });
    await api.repos.repoAddTopic('tp-fay', 'viajs', 'extra');
    await api.repos.repoDeleteTopic('tp-fay', 'viajs', 'client');
    const listed = await api.repos.repoListTopics('tp-fay', 'viajs');
    assert.deepEqual(listed.data.topics?.sort(), ['extra', 'gitea-js']);
    const found = await api.topics.topicSearch({ q: 'gitea-j' });
    // gitea-js types the answer as Gitea 1.14.1's swagger claims (a list); the body is {topics: [...]}
    const body = found.data as unknown as { topics: TopicResponse[] };
    assert.deepEqual(
      body.topics.map((t) => t.topic_name),
      ['gitea-js'],
    );
    assert.deepEqual(await topicsOf(full), ['extra', 'gitea-js']);
  });
});
