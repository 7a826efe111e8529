import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { buildRepoWorld, type RepoWorld } from './webRepoWorld';
import { brokenLinks, fetchPage, type PageAnswer } from './webFetch';

/** The repository and code pages: home, tree, files, history, commit diffs, refs, releases, a pull's files. */

let server: TestServer;
let world: RepoWorld;
let base: string;

before(async () => {
  server = await startServer();
  world = await buildRepoWorld(server, 'webrepo');
  base = `/${world.me}/${world.repo}`;
});
after(async () => {
  await server.stop();
});

const enc = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

const page = (path: string, token?: string): Promise<PageAnswer> => fetchPage(server, path, token);

async function okPage(path: string): Promise<string> {
  const answer = await page(path);
  assert.equal(answer.status, 200, `${path}: ${answer.status} ${answer.text.slice(0, 2000)}`);
  assert.match(answer.headers.get('content-type') ?? '', /^text\/html/);
  assert.ok(!/<script/i.test(answer.text), `${path} holds a <script`);
  return answer.text;
}

describe('repository home', () => {
  test('renders the README, the root tree, clone URL, the newest commit and the ref switcher', async () => {
    const html = await okPage(base);
    assert.match(html, /<h1[^>]*>Code garden<\/h1>/, 'README rendered by the markdown renderer');
    assert.ok(html.includes('<strong>world</strong>'));
    assert.ok(html.includes(`href="${base}/src/branch/main/src"`), 'the src directory');
    assert.ok(html.includes(`href="${base}/src/branch/main/README.md"`));
    assert.ok(html.includes(`${server.url}${world.me}/${world.repo}.git`), 'clone URL');
    assert.ok(html.includes('Edit main'), 'the newest commit');
    assert.ok(html.includes(`href="${base}/commit/`));
    assert.ok(
      html.includes(`href="${base}/src/branch/feature/deep/x"`),
      'branch with slashes in the switcher',
    );
    assert.ok(html.includes(`href="${base}/src/tag/release/2"`), 'tag with a slash in the switcher');
    assert.ok(html.includes(`href="${base}/src/branch/${enc(world.htmlBranch)}"`));
    assert.ok(html.includes('&lt;b&gt;bold&lt;/b&gt;'), 'the HTML branch name escaped');
  });

  test('the switcher shows a branch made after the page was first seen', async () => {
    await okPage(base);
    const made = await server.request('POST', `/repos/${world.me}/${world.repo}/branches`, {
      token: world.owner.token,
      body: { new_branch_name: 'later/branch', old_branch_name: 'main' },
    });
    assert.equal(made.status, 201, made.text);
    assert.ok((await okPage(base)).includes(`href="${base}/src/branch/later/branch"`));
  });

  test('answers at the clone URL too', async () => {
    assert.ok((await okPage(`${base}.git`)).includes('Code garden'));
  });

  test('an empty repository shows how to push the first commit', async () => {
    const html = await okPage(`/${world.me}/${world.emptyRepo}`);
    assert.ok(html.includes('This repository is empty'));
    assert.ok(html.includes(`git remote add origin ${server.url}${world.me}/${world.emptyRepo}.git`));
  });

  test('a private repository is 404 to anonymous callers, shown with the owner token', async () => {
    const path = `/${world.me}/${world.privateRepo}`;
    const anonymous = await page(path);
    assert.equal(anonymous.status, 404);
    assert.match(anonymous.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal((await page(`${path}/src/branch/main`)).status, 404);
    const owned = await page(path, world.owner.token);
    assert.equal(owned.status, 200);
    assert.ok(owned.text.includes('README.md'));
    assert.equal((await page(`${path}/src/branch/main/README.md`, world.owner.token)).status, 200);
  });
});

describe('source tree and files', () => {
  test('a directory at a branch with slashes lists directories first', async () => {
    const html = await okPage(`${base}/src/branch/${world.slashBranch}/src`);
    assert.ok(html.includes(`href="${base}/src/branch/feature/deep/x/src/feature.ts"`));
    assert.ok(html.includes(`href="${base}/src/branch/feature/deep/x/src/main.ts"`));
    const root = await okPage(`${base}/src/branch/main`);
    assert.ok(root.indexOf('>docs</a>') < root.indexOf('>README.md</a>'), 'directories first');
  });

  test('a file is highlighted with numbered, anchored lines and its HTML escaped', async () => {
    const html = await okPage(`${base}/src/commit/${world.htmlCommit}/src/main.ts`);
    assert.ok(html.includes('class="hl-keyword">const</span>'), 'highlight.js tokens');
    assert.ok(html.includes('id="L3"') && html.includes('href="#L3"'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    // the comment spans two lines: each row closes its own span
    assert.match(html, /<tr id="L1">.*?<span class="hl-comment">\/\* a comment<\/span><\/td>\s*<\/tr>/s);
    assert.ok(html.includes(`href="${base}/raw/commit/${world.htmlCommit}/src/main.ts"`));
  });

  test('a path with a space and non-ASCII letters', async () => {
    const html = await okPage(`${base}/src/branch/main/${enc(world.unicodePath)}`);
    assert.ok(html.includes('unicode content'));
    assert.ok(html.includes('a file é ü.txt'));
  });

  test('a file name holding HTML is escaped in the listing and on its page', async () => {
    const listing = await okPage(`${base}/src/branch/main`);
    assert.ok(listing.includes('&lt;img src=x onerror=alert(2)&gt;.txt'));
    assert.ok(!listing.includes('<img src=x'));
    const html = await okPage(`${base}/src/branch/main/${enc(world.htmlFileName)}`);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  });

  test('images inline from the raw URL, binary files as their size', async () => {
    const image = await okPage(`${base}/src/branch/main/logo.png`);
    const src = `${base}/raw/branch/main/logo.png`;
    assert.ok(image.includes(`<img class="inline-file" src="${src}"`));
    const raw = await fetch(`${server.url}${src.slice(1)}`);
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get('content-type'), 'image/png');
    const binary = await okPage(`${base}/src/branch/main/blob.bin`);
    assert.ok(binary.includes('Binary file, 300 bytes'));
  });

  test('markdown files render, and show their source on ?display=source', async () => {
    const rendered = await okPage(`${base}/src/branch/main/docs/guide.md`);
    assert.match(rendered, /<h1[^>]*>Guide<\/h1>/);
    assert.ok(rendered.includes(`href="${base}/src/branch/main/docs/guide.md?display=source"`));
    const source = await okPage(`${base}/src/branch/main/docs/guide.md?display=source`);
    assert.ok(source.includes('id="L3"'));
    assert.ok(!/<h1[^>]*>Guide<\/h1>/.test(source));
  });

  test('tags with slashes, commit ids and the short /src/{sha} form', async () => {
    assert.ok((await okPage(`${base}/src/tag/release/2/src/main.ts`)).includes('hello'));
    assert.ok((await okPage(`${base}/src/${world.htmlCommit}`)).includes('README.md'));
    assert.ok((await okPage(`${base}/src/main/src/main.ts`)).includes('hello'));
    assert.ok((await okPage(`${base}/src/branch/main`)).includes('README.md'));
  });

  test('a missing path or ref is an HTML 404 page', async () => {
    for (const path of [
      `${base}/src/branch/main/no/such/file`,
      `${base}/src/branch/no-such-branch`,
      `${base}/src/commit/${'0'.repeat(40)}`,
      `${base}/commits/branch/nope`,
      `${base}/commit/${'0'.repeat(40)}`,
      `${base}/releases/tag/nope`,
      `${base}/pulls/999/files`,
      `/${world.me}/nope`,
    ]) {
      const answer = await page(path);
      assert.equal(answer.status, 404, path);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/, path);
      assert.ok(answer.text.includes('Not found'), path);
    }
  });
});

describe('history and diffs', () => {
  test('commits of a branch, 50 a page, messages escaped', async () => {
    const first = await okPage(`${base}/commits/branch/main`);
    assert.ok(first.includes('Edit main'));
    assert.ok(first.includes('Count to 12'));
    assert.ok(!first.includes('Count to 10<'), 'the 51st commit is on page two');
    assert.ok(first.includes('href="?page=2"'));
    const second = await okPage(`${base}/commits/branch/main?page=2`);
    assert.ok(second.includes('Add files &lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok((await okPage(`${base}/commits/branch/${world.slashBranch}`)).includes('Feature work'));
  });

  test('a commit with its diff in a code table', async () => {
    const html = await okPage(`${base}/commit/${world.editCommit}`);
    assert.ok(html.includes('<strong>Edit main</strong>'));
    assert.ok(html.includes('<tr class="hunk">'));
    assert.match(html, /<tr class="del">.*?-const greeting = &quot;&lt;script&gt;/s);
    assert.match(html, /<tr class="add">.*?\+const greeting = &quot;hello&quot;;/s);
    assert.ok(html.includes(`href="${base}/commit/${world.editCommit}.diff"`));
    const message = await okPage(`${base}/commit/${world.htmlCommit}`);
    assert.ok(message.includes('The body &lt;i&gt;too&lt;/i&gt;.'));
    assert.ok(message.includes('a file é ü.txt'), 'a quoted unicode path decoded');
  });

  test('a big diff is cut per file with a link to the raw .diff; a file over 1 MB is not highlighted', async () => {
    const html = await okPage(`${base}/commit/${world.bigCommit}`);
    assert.ok(html.includes('line 1000'));
    assert.ok(!html.includes('line 1999'), 'lines past the cap are left out');
    assert.ok(
      html.includes(
        `Diff too large to show in full; see the <a href="${base}/commit/${world.bigCommit}.diff">raw .diff</a>`,
      ),
    );
    const big = await okPage(`${base}/src/branch/main/src/big.ts`);
    assert.ok(big.includes('id="L25001"'));
    assert.ok(!big.includes('class="hl-'), 'not highlighted');
  });

  test("compare two refs (a push's compare_url), with its .diff and .patch", async () => {
    const html = await okPage(`${base}/compare/main...${world.slashBranch}`);
    assert.ok(html.includes('1 commit'));
    assert.ok(html.includes('Feature work'));
    assert.match(html, /<tr class="add">.*?\+export const feature = 1;/s);
    const direct = await okPage(`${base}/compare/${world.htmlCommit}..${world.editCommit}`);
    assert.ok(direct.includes('62 commits'));
    const diff = await fetch(`${server.url}${base.slice(1)}/compare/main...${world.slashBranch}.diff`);
    assert.match(await diff.text(), /^diff --git a\/src\/feature.ts/);
    const patch = await fetch(`${server.url}${base.slice(1)}/compare/main...${world.slashBranch}.patch`);
    assert.match(await patch.text(), /^From [0-9a-f]{40} /);
    assert.equal((await page(`${base}/compare/main...nope`)).status, 404);
  });

  test('.diff and .patch of a commit as plain text', async () => {
    const diff = await fetch(`${server.url}${base.slice(1)}/commit/${world.editCommit}.diff`);
    assert.equal(diff.status, 200);
    assert.match(diff.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await diff.text(), /^diff --git a\/src\/main.ts b\/src\/main.ts/);
    const patch = await fetch(`${server.url}${base.slice(1)}/commit/${world.editCommit}.patch`);
    assert.equal(patch.status, 200);
    assert.match(await patch.text(), /^From [0-9a-f]{40} /);
  });

  test("a pull request's files changed tab", async () => {
    const html = await okPage(`${base}/pulls/${world.pull}/files`);
    assert.ok(html.includes('Feature &lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes(`href="${base}/pulls/${world.pull}"`));
    assert.ok(html.includes(`href="${base}/pulls/${world.pull}/commits"`));
    assert.match(html, /<tr class="add">.*?\+export const feature = 1;/s);
    assert.ok(html.includes('class="state open"'));
  });
});

describe('branches, tags and releases', () => {
  test('branches and tags list every ref', async () => {
    const branches = await okPage(`${base}/branches`);
    assert.ok(branches.includes(`href="${base}/src/branch/feature/deep/x"`));
    assert.ok(branches.includes('&lt;b&gt;bold&lt;/b&gt;'));
    const tags = await okPage(`${base}/tags`);
    assert.ok(tags.includes(`href="${base}/archive/v1.0.zip"`));
    assert.ok(tags.includes(`href="${base}/src/tag/release/2"`));
  });

  test('releases with notes rendered and assets to download', async () => {
    const list = await okPage(`${base}/releases`);
    assert.ok(list.includes('First &lt;em&gt;release&lt;/em&gt;'));
    assert.ok(list.includes('<strong>bold</strong>'));
    assert.ok(list.includes(`href="${world.assetUrl}"`));
    const one = await okPage(`${base}/releases/tag/v1.0`);
    assert.ok(one.includes('tool.txt'));
    const asset = await fetch(world.assetUrl);
    assert.equal(asset.status, 200);
    assert.equal(await asset.text(), 'asset bytes');
  });
});

describe('links', () => {
  /** Links that other pages answer (sign-in, the API documentation): not this suite's to resolve. */
  const elsewhere = (path: string): boolean => path.startsWith('/user/') || path.startsWith('/api/');

  test('every link and image the code pages emit resolves', async () => {
    const origin = new URL(server.url).origin;
    const start = [
      base,
      `${base}/src/branch/main`,
      `${base}/src/branch/main/src/main.ts`,
      `${base}/src/branch/main/docs/guide.md`,
      `${base}/src/branch/main/logo.png`,
      `${base}/src/branch/main/blob.bin`,
      `${base}/src/branch/${world.slashBranch}/src`,
      `${base}/commits/branch/main`,
      `${base}/commit/${world.htmlCommit}`,
      `${base}/commit/${world.editCommit}`,
      `${base}/commit/${world.bigCommit}`,
      `${base}/pulls/${world.pull}/files`,
      `${base}/compare/main...${world.slashBranch}`,
      `${base}/branches`,
      `${base}/tags`,
      `${base}/releases`,
      `${base}/releases/tag/v1.0`,
      `/${world.me}/${world.emptyRepo}`,
    ];
    const links = new Set<string>();
    for (const path of start) {
      const html = await okPage(path);
      for (const match of html.matchAll(/(?:href|src)="([^"]*)"/g)) {
        const url = new URL(match[1]!.replaceAll('&amp;', '&'), `${origin}${path}`);
        if (url.origin !== origin || elsewhere(url.pathname)) continue;
        url.hash = '';
        links.add(url.href);
      }
    }
    assert.ok(links.size > 40, `only ${links.size} links`);
    assert.deepEqual(await brokenLinks(links), []);
  });
});

describe('the URLs the API hands out', () => {
  /** Every string field named like a web link in an API answer, at any depth. */
  function webLinks(value: unknown, found: Set<string>): Set<string> {
    if (Array.isArray(value)) for (const item of value) webLinks(item, found);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        const isLink =
          /^(html_url|clone_url|diff_url|patch_url|raw_url|tarball_url|zipball_url|browser_download_url)$/.test(
            key,
          );
        if (isLink && typeof field === 'string' && field !== '') found.add(field);
        else if (key === 'url' && typeof field === 'string' && !field.includes('/api/v1/')) found.add(field);
        else webLinks(field, found);
      }
    }
    return found;
  }

  test('every code-related html_url (repository, commit, file, release, archives, assets) resolves', async () => {
    const api = `/repos/${world.me}/${world.repo}`;
    const found = new Set<string>();
    for (const path of [
      api,
      `${api}/contents`,
      `${api}/contents/${enc(world.unicodePath)}`,
      `${api}/contents/src?ref=${encodeURIComponent(world.slashBranch)}`,
      `${api}/contents/src/main.ts?ref=release/2`,
      `${api}/contents/README.md?ref=${world.editCommit}`,
      `${api}/commits?limit=5`,
      `${api}/git/commits/${world.htmlCommit}`,
      `${api}/branches`,
      `${api}/tags`,
      `${api}/releases`,
      `${api}/pulls/${world.pull}/files`,
      `${api}/pulls/${world.pull}`,
    ]) {
      const answer = await server.request(`GET`, path, { token: world.owner.token });
      assert.equal(answer.status, 200, `${path}: ${answer.text}`);
      webLinks(answer.json, found);
    }
    const links = [...found];
    assert.ok(links.length > 30, `only ${links.length}`);
    assert.deepEqual(await brokenLinks(links), []);
  });
});
