import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { WikiCommitList, WikiPage, WikiPageMetaData } from '../../src/api/types';
import { recordedBody, recordedRepoPath } from '../helpers/gitea122/recorded';
import { startServer, type TestServer, type TestUser } from './harness';

// The wiki pages API against the wiki's real git repository, compared with what Gitea 1.22 answered.
let server: TestServer;
let alice: TestUser;
let reader: TestUser;
let stranger: TestUser;
const repoPath = '/repos/wa-alice/notes';
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const text = (base64: string): string => Buffer.from(base64, 'base64').toString('utf8');

before(async () => {
  server = await startServer();
  alice = await server.createUser('wa-alice');
  reader = await server.createUser('wa-reader');
  stranger = await server.createUser('wa-stranger');
  for (const [name, isPrivate] of [
    ['notes', false],
    ['secret', true],
  ] as const) {
    const made = await server.request('POST', '/user/repos', {
      token: alice.token,
      body: { name, private: isPrivate },
    });
    assert.equal(made.status, 201, made.text);
    const added = await server.request('PUT', `/repos/wa-alice/${name}/collaborators/wa-reader`, {
      token: alice.token,
      body: { permission: 'read' },
    });
    assert.equal(added.status, 204, added.text);
  }
});
after(async () => {
  await server.stop();
});

/** The keys of a JSON value, recursively, with the kind of each leaf: what two answers must share. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  return value === null ? 'null' : typeof value;
}

const create = (title: string, content: string, message?: string, token = alice.token) =>
  server.request<WikiPage>('POST', `${repoPath}/wiki/new`, {
    token,
    body: { title, content_base64: b64(content), ...(message === undefined ? {} : { message }) },
  });

test('an empty wiki has no pages and no Home', async () => {
  assert.equal((await server.request('GET', `${repoPath}/wiki/pages`)).status, 404);
  const home = await server.request<{ message: string }>('GET', `${repoPath}/wiki/page/Home`);
  assert.equal(home.status, 404);
  assert.equal(home.json.message, "The target couldn't be found.");
  assert.equal((await server.request('GET', `${repoPath}/wiki/revisions/Home`)).status, 404);
});

test('creating pages answers them as Gitea does, and a second create of a page is a 400', async () => {
  const home = await create('Home', '# Home\n\nWelcome to the wiki.\n', 'Create Home');
  assert.equal(home.status, 201, home.text);
  assert.deepEqual(shape(home.json), shape(recordedBody('POST', `${recordedRepoPath}/wiki/new`)));
  assert.equal(home.json.title, 'Home');
  assert.equal(home.json.sub_url, 'Home');
  assert.equal(home.json.html_url, `${server.url}wa-alice/notes/wiki/Home`);
  assert.equal(home.json.last_commit.message, 'Create Home\n');
  assert.equal(home.json.last_commit.author.name, 'wa-alice');
  assert.match(home.json.last_commit.commiter.date, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(home.json.commit_count, 1);
  assert.equal(text(home.json.content_base64), '# Home\n\nWelcome to the wiki.\n');

  const guide = await create('Setup Guide', 'Install it.\n');
  assert.equal(guide.status, 201, guide.text);
  assert.equal(guide.json.sub_url, 'Setup-Guide');
  assert.equal(guide.json.title, 'Setup Guide');
  assert.equal(guide.json.last_commit.message, 'Add "Setup Guide"\n');

  const again = await create('Setup Guide', 'Again.\n');
  assert.equal(again.status, 400);
  assert.match(again.text, /wiki page already exists \[title: Setup-Guide.md\]/);
});

test('bad titles, reserved names and bad base64 are 400s', async () => {
  for (const title of ['', '   ']) {
    const empty = await create(title, 'x');
    assert.equal(empty.status, 400, `"${title}": ${empty.text}`);
  }
  const reserved = await create('_pages', 'x');
  assert.equal(reserved.status, 400);
  assert.match(reserved.text, /wiki title is reserved: _pages/);
  const bad = await server.request('POST', `${repoPath}/wiki/new`, {
    token: alice.token,
    body: { title: 'Bad', content_base64: 'not base64!' },
  });
  assert.equal(bad.status, 400);
  assert.match(bad.text, /illegal base64 data at input byte 3/);
  const wrongType = await server.request('POST', `${repoPath}/wiki/new`, {
    token: alice.token,
    body: { title: 42 },
  });
  assert.equal(wrongType.status, 422);
  for (const name of ['..', '.', '%2E%2E', 'a%2F..%2F..%2Fb']) {
    const res = await server.request('GET', `${repoPath}/wiki/page/${name}`);
    assert.ok(res.status === 404 || res.status === 400, `${name}: ${res.status} ${res.text}`);
  }
});

test('a page reads with its sidebar and footer', async () => {
  assert.equal((await create('_Sidebar', '* [[Home]]\n')).status, 201);
  assert.equal((await create('_Footer', 'footer text\n')).status, 201);
  const guide = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/Setup-Guide`);
  assert.equal(guide.status, 200, guide.text);
  assert.deepEqual(
    shape(guide.json),
    shape(recordedBody('GET', `${recordedRepoPath}/wiki/page/Setup-Guide`)),
  );
  assert.equal(text(guide.json.content_base64), 'Install it.\n');
  assert.equal(text(guide.json.sidebar), '* [[Home]]\n');
  assert.equal(text(guide.json.footer), 'footer text\n');
  // the spelling with a space names the same page
  const spaced = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/Setup%20Guide`);
  assert.equal(spaced.status, 200, spaced.text);
  assert.equal(spaced.json.sub_url, 'Setup Guide');
  assert.equal((await server.request('GET', `${repoPath}/wiki/page/Nope`)).status, 404);
});

test('editing without a title renames to unnamed as Gitea does; renaming back keeps the history', async () => {
  const edited = await server.request<WikiPage>('PATCH', `${repoPath}/wiki/page/Home`, {
    token: alice.token,
    body: { content_base64: b64('# Home\n\nSee [[Setup Guide]].\n'), message: 'Link setup guide' },
  });
  assert.equal(edited.status, 200, edited.text);
  assert.equal(edited.json.title, 'unnamed');
  assert.equal((await server.request('GET', `${repoPath}/wiki/page/Home`)).status, 404);

  const back = await server.request<WikiPage>('PATCH', `${repoPath}/wiki/page/unnamed`, {
    token: alice.token,
    body: { title: 'Home', content_base64: b64('# Home\n\nSee [[Setup Guide]].\n') },
  });
  assert.equal(back.status, 200, back.text);
  assert.equal(back.json.title, 'Home');
  assert.equal(back.json.commit_count, 3);
  assert.equal(back.json.last_commit.message, 'Update "Home"\n');

  const revisions = await server.request<WikiCommitList>('GET', `${repoPath}/wiki/revisions/Home`);
  assert.equal(revisions.status, 200, revisions.text);
  assert.deepEqual(
    shape(revisions.json),
    shape(recordedBody('GET', `${recordedRepoPath}/wiki/revisions/Home`)),
  );
  assert.equal(revisions.json.count, 3);
  assert.equal(revisions.headers.get('x-total-count'), '3');
  assert.deepEqual(
    revisions.json.commits.map((commit) => commit.message),
    ['Update "Home"\n', 'Link setup guide\n', 'Create Home\n'],
  );
  const past = await server.request<WikiCommitList>('GET', `${repoPath}/wiki/revisions/Home?page=2`);
  assert.deepEqual(past.json.commits, []);
  assert.equal(past.json.count, 3);
});

test('the page list pages over the tree as Gitea counts it', async () => {
  const all = await server.request<WikiPageMetaData[]>('GET', `${repoPath}/wiki/pages`);
  assert.equal(all.status, 200, all.text);
  assert.deepEqual(shape(all.json), shape(recordedBody('GET', `${recordedRepoPath}/wiki/pages`)));
  assert.deepEqual(
    all.json.map((page) => page.title),
    ['Home', 'Setup Guide', '_Footer', '_Sidebar'],
  );
  assert.equal(all.headers.get('x-total-count'), '4');
  const second = await server.request<WikiPageMetaData[]>('GET', `${repoPath}/wiki/pages?page=2&limit=2`);
  assert.deepEqual(
    second.json.map((page) => page.sub_url),
    ['_Footer', '_Sidebar'],
  );
});

test('deleting a page removes it; a missing page is a 404', async () => {
  const gone = await server.request('DELETE', `${repoPath}/wiki/page/_Footer`, { token: alice.token });
  assert.equal(gone.status, 204, gone.text);
  assert.equal((await server.request('GET', `${repoPath}/wiki/page/_Footer`)).status, 404);
  const again = await server.request('DELETE', `${repoPath}/wiki/page/_Footer`, { token: alice.token });
  assert.equal(again.status, 404);
  const guide = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/Setup-Guide`);
  assert.equal(guide.json.footer, '');
  const revisions = await server.request<WikiCommitList>('GET', `${repoPath}/wiki/revisions/_Footer`);
  assert.equal(revisions.status, 404);
});

test('readers read and cannot write; strangers do not see a private wiki; anonymous cannot write', async () => {
  assert.equal((await create('By reader', 'x', undefined, reader.token)).status, 403);
  const patch = await server.request('PATCH', `${repoPath}/wiki/page/Home`, {
    token: reader.token,
    body: { title: 'Home', content_base64: b64('x') },
  });
  assert.equal(patch.status, 403);
  const del = await server.request('DELETE', `${repoPath}/wiki/page/Home`, { token: reader.token });
  assert.equal(del.status, 403);
  assert.equal(
    (await server.request('GET', `${repoPath}/wiki/page/Home`, { token: reader.token })).status,
    200,
  );
  assert.equal((await server.request('DELETE', `${repoPath}/wiki/page/Home`)).status, 401);

  const secret = '/repos/wa-alice/secret';
  const made = await server.request('POST', `${secret}/wiki/new`, {
    token: alice.token,
    body: { title: 'Home', content_base64: b64('hidden') },
  });
  assert.equal(made.status, 201, made.text);
  assert.equal((await server.request('GET', `${secret}/wiki/page/Home`)).status, 404);
  assert.equal((await server.request('GET', `${secret}/wiki/pages`, { token: stranger.token })).status, 404);
  assert.equal(
    (await server.request('GET', `${secret}/wiki/page/Home`, { token: reader.token })).status,
    200,
  );
});

test('with the wiki unit off every wiki operation is a 404, even for the owner', async () => {
  const off = await server.request('PATCH', repoPath, { token: alice.token, body: { has_wiki: false } });
  assert.equal(off.status, 200, off.text);
  try {
    assert.equal((await server.request('GET', `${repoPath}/wiki/pages`, { token: alice.token })).status, 404);
    assert.equal((await create('Another', 'x')).status, 404);
  } finally {
    await server.request('PATCH', repoPath, { token: alice.token, body: { has_wiki: true } });
  }
});

test('an archived repository keeps its wiki readable and refuses writes with 423', async () => {
  const archived = await server.request('PATCH', repoPath, { token: alice.token, body: { archived: true } });
  assert.equal(archived.status, 200, archived.text);
  try {
    assert.equal((await create('Archived', 'x')).status, 423);
    assert.equal((await server.request('GET', `${repoPath}/wiki/page/Home`)).status, 200);
  } finally {
    await server.request('PATCH', repoPath, { token: alice.token, body: { archived: false } });
  }
});

test('concurrent creates of different pages all land', async () => {
  const titles = ['One', 'Two', 'Three', 'Four'];
  const answers = await Promise.all(titles.map((title) => create(title, `${title}\n`)));
  for (const answer of answers) assert.equal(answer.status, 201, answer.text);
  for (const title of titles) {
    const page = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/${title}`);
    assert.equal(text(page.json.content_base64), `${title}\n`);
  }
});

test('wiki writes send wiki webhook events shaped as Gitea’s WikiPayload', async () => {
  const hook = await server.request<{ id: number }>('POST', `${repoPath}/hooks`, {
    token: alice.token,
    body: {
      type: 'gitea',
      config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
      events: ['wiki'],
      active: true,
    },
  });
  assert.equal(hook.status, 200, hook.text); // the catalogue's repoCreateHook answers 200, as the spec does
  assert.equal((await create('Hooked', 'x\n', 'Hook me')).status, 201);
  const edit = await server.request('PATCH', `${repoPath}/wiki/page/Hooked`, {
    token: alice.token,
    body: { title: 'Hooked', content_base64: b64('y\n') },
  });
  assert.equal(edit.status, 200, edit.text);
  assert.equal(
    (await server.request('DELETE', `${repoPath}/wiki/page/Hooked`, { token: alice.token })).status,
    204,
  );
  const deliveries = await server.request<{ event: string; payload_content: string }[]>(
    'GET',
    `${repoPath}/hooks/${hook.json.id}/deliveries`,
    { token: alice.token },
  );
  assert.equal(deliveries.status, 200, deliveries.text);
  const payloads = deliveries.json
    .filter((delivery) => delivery.event === 'wiki')
    .map((delivery) => JSON.parse(delivery.payload_content) as Record<string, unknown>)
    .reverse();
  assert.deepEqual(
    payloads.map((p) => [p['action'], p['page'], p['comment']]),
    [
      ['created', 'Hooked', 'Hook me'],
      ['edited', 'Hooked', 'Update "Hooked"'],
      ['deleted', 'Hooked', ''],
    ],
  );
  assert.deepEqual(Object.keys(payloads[0]!).sort(), ['action', 'comment', 'page', 'repository', 'sender']);
});
