import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoBody {
  name: string;
}
interface SearchBody {
  data: RepoBody[];
}

/**
 * The repository search reads candidates from the search indexes of migration 58 (trigrams from three
 * characters, one- and two-character substrings below): answers are the substring semantics of the scan
 * they replaced, and the indexes follow every change of the rows.
 */
describe('repository search through the search indexes', () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;
  before(async () => {
    server = await startServer();
    owner = await server.createUser('ix-owner');
    stranger = await server.createUser('ix-stranger');
    const repos: Record<string, unknown>[] = [
      { name: 'Ab', description: 'two letters' },
      { name: 'xab-Tool', description: 'Café au LAIT' },
      { name: 'zz-under_score', description: 'has "quotes" and * OR NEAR(a b) % _ signs' },
      { name: 'percent-100', description: 'Ünïcødé ÉCOLE' },
      { name: 'secret-ab', private: true, description: 'hidden' },
      { name: 'q', description: 'one letter' },
    ];
    for (const body of repos) {
      const res = await server.request('POST', '/user/repos', { token: owner.token, body });
      assert.equal(res.status, 201, res.text);
    }
  });
  after(async () => {
    await server.stop();
  });

  const search = async (
    query: string,
    token?: string,
  ): Promise<{ names: string[]; total: string | null }> => {
    const res = await server.request<SearchBody>(
      'GET',
      `/repos/search?${query}&limit=50`,
      token === undefined ? {} : { token },
    );
    assert.equal(res.status, 200, `${query}: ${res.text}`);
    return { names: res.json.data.map((repo) => repo.name), total: res.headers.get('x-total-count') };
  };
  const q = (text: string, extra = ''): string => `q=${encodeURIComponent(text)}${extra}`;

  test('one- and two-character keywords match substrings anywhere in the name, any case', async () => {
    assert.deepEqual(await search(q('AB'), owner.token), {
      names: ['Ab', 'secret-ab', 'xab-Tool'],
      total: '3',
    });
    assert.deepEqual((await search(q('b'), owner.token)).names, ['Ab', 'secret-ab', 'xab-Tool']);
    // several keywords finding the same repository list it once
    assert.deepEqual(await search(q('ab,b'), owner.token), {
      names: ['Ab', 'secret-ab', 'xab-Tool'],
      total: '3',
    });
    assert.deepEqual(await search(q('ab,b,XAB-T'), owner.token), {
      names: ['Ab', 'secret-ab', 'xab-Tool'],
      total: '3',
    });
    assert.deepEqual((await search(q('q'), owner.token)).names, ['q']);
    // the last two characters of a name, and a name of exactly the keyword
    assert.deepEqual((await search(q('re'), owner.token)).names, ['secret-ab', 'zz-under_score']);
    assert.deepEqual((await search(q('zz'), owner.token)).names, ['zz-under_score']);
  });

  test('three characters and more match substrings case-insensitively', async () => {
    assert.deepEqual((await search(q('XAB-t'), owner.token)).names, ['xab-Tool']);
    assert.deepEqual((await search(q('ool'), owner.token)).names, ['xab-Tool']);
    assert.deepEqual((await search(q('nothing-here'), owner.token)).names, []);
    assert.deepEqual((await search(q('ix-owner/TOOL'), owner.token)).names, ['xab-Tool']);
    assert.deepEqual((await search(q('ix-owner/'), owner.token)).total, '6');
    assert.deepEqual((await search(q('zz,q'), owner.token)).names, ['q', 'zz-under_score']);
  });

  test('descriptions match only with includeDesc, unicode included', async () => {
    assert.deepEqual((await search(q('lait'), owner.token)).names, []);
    assert.deepEqual((await search(q('lait', '&includeDesc=true'), owner.token)).names, ['xab-Tool']);
    assert.deepEqual((await search(q('café', '&includeDesc=true'), owner.token)).names, ['xab-Tool']);
    assert.deepEqual((await search(q('NÏCØDÉ', '&includeDesc=true'), owner.token)).names, ['percent-100']);
    // as before the indexes (and Gitea on SQLite): lower() of a description folds ASCII letters only
    assert.deepEqual((await search(q('ünïcødé', '&includeDesc=true'), owner.token)).names, []);
    // a short keyword with includeDesc has no index to read: the scan answers, the same way
    assert.deepEqual((await search(q('ø', '&includeDesc=true'), owner.token)).names, ['percent-100']);
    assert.deepEqual((await search(q('ü', '&includeDesc=true'), owner.token)).names, []);
    assert.deepEqual((await search(q('le', '&includeDesc=true'), owner.token)).names, [
      'Ab',
      'percent-100',
      'q',
    ]);
  });

  test('FTS and LIKE syntax in the keyword matches literally', async () => {
    const desc = '&includeDesc=true';
    assert.deepEqual((await search(q('"quotes"', desc), owner.token)).names, ['zz-under_score']);
    assert.deepEqual((await search(q('"quo', desc), owner.token)).names, ['zz-under_score']);
    assert.deepEqual((await search(q('* OR', desc), owner.token)).names, ['zz-under_score']);
    assert.deepEqual((await search(q('NEAR(a', desc), owner.token)).names, ['zz-under_score']);
    assert.deepEqual((await search(q('% _', desc), owner.token)).names, ['zz-under_score']);
    for (const text of [
      '"',
      '""',
      '*',
      'OR',
      'AND x',
      'NEAR',
      '%',
      '_',
      '%%%',
      '___',
      '{name}:',
      '^ab',
      '(',
      "'",
    ]) {
      await search(q(text), owner.token);
      await search(q(text, desc), owner.token);
    }
    assert.deepEqual((await search(q('_'), owner.token)).names, ['zz-under_score']);
    assert.deepEqual((await search(q('r_s'), owner.token)).names, ['zz-under_score']);
    assert.deepEqual((await search(q('%'), owner.token)).names, []);
    assert.deepEqual((await search(q('0%'), owner.token)).names, []);
    assert.deepEqual((await search(q('t-1'), owner.token)).names, ['percent-100']);
    assert.deepEqual((await search(q('or'), owner.token)).names, ['zz-under_score']);
  });

  test('private repositories stay hidden from others', async () => {
    assert.deepEqual(await search(q('ab')), { names: ['Ab', 'xab-Tool'], total: '2' });
    assert.deepEqual((await search(q('secret'), stranger.token)).names, []);
    assert.deepEqual((await search(q('secret'), owner.token)).names, ['secret-ab']);
  });

  test('renames, topics, description edits and deletions reach the indexes', async () => {
    const patch = async (name: string, body: Record<string, unknown>): Promise<void> => {
      const res = await server.request('PATCH', `/repos/ix-owner/${name}`, { token: owner.token, body });
      assert.equal(res.status, 200, res.text);
    };
    await server.request('POST', '/user/repos', { token: owner.token, body: { name: 'before-rename' } });
    await patch('before-rename', { name: 'Renamed-Kiwi', description: 'now about mangoes' });
    assert.deepEqual((await search(q('before'), owner.token)).names, []);
    assert.deepEqual((await search(q('be'), owner.token)).names, []);
    assert.deepEqual((await search(q('kiwi'), owner.token)).names, ['Renamed-Kiwi']);
    assert.deepEqual((await search(q('wi'), owner.token)).names, ['Renamed-Kiwi']);
    assert.deepEqual((await search(q('mango', '&includeDesc=true'), owner.token)).names, ['Renamed-Kiwi']);

    const topics = await server.request('PUT', '/repos/ix-owner/Renamed-Kiwi/topics', {
      token: owner.token,
      body: { topics: ['fruit-salad', 'yy'] },
    });
    assert.equal(topics.status, 204, topics.text);
    assert.deepEqual((await search(q('salad'), owner.token)).names, ['Renamed-Kiwi']);
    assert.deepEqual((await search(q('yy'), owner.token)).names, ['Renamed-Kiwi']);
    assert.deepEqual((await search(q('yy', '&topic=true'), owner.token)).names, ['Renamed-Kiwi']);

    const deleted = await server.request('DELETE', '/repos/ix-owner/Renamed-Kiwi', { token: owner.token });
    assert.equal(deleted.status, 204, deleted.text);
    assert.deepEqual((await search(q('kiwi'), owner.token)).names, []);
    assert.deepEqual((await search(q('yy'), owner.token)).names, []);
  });
});
