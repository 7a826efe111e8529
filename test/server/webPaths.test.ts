import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { buildUrlWorld, type UrlWorld } from './urlWorld';

/** Gitea's web paths that URLs in answers name: served files, and the pages that stand in for web pages. */

interface WebAnswer {
  status: number;
  type: string;
  headers: Headers;
  body: Buffer;
  text: string;
}

let server: TestServer;
let world: UrlWorld;
let me: string;

before(async () => {
  server = await startServer();
  world = await buildUrlWorld(server, 'web');
  me = world.owner.user.login;
});
after(async () => {
  await server.stop();
});

async function web(path: string, options: { token?: string; method?: string } = {}): Promise<WebAnswer> {
  const headers: Record<string, string> = options.token ? { Authorization: `token ${options.token}` } : {};
  const res = await fetch(`${server.url}${path.replace(/^\//, '')}`, {
    method: options.method ?? 'GET',
    headers,
    redirect: 'manual',
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    headers: res.headers,
    body,
    text: body.toString('utf8'),
  };
}

describe('pull request .diff and .patch at their web paths', () => {
  test("the .patch is git format-patch's mails, the same as the API's", async () => {
    const patch = await web(`/${me}/${world.repo}/pulls/${world.pull}.patch`);
    assert.equal(patch.status, 200);
    assert.match(patch.type, /^text\/plain/);
    assert.match(patch.text, /^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001\n/);
    assert.match(patch.text, /\nSubject: \[PATCH\] Add the plan\n/);
    assert.match(patch.text, /\n\+# Plan\n/);
    const api = await server.request('GET', `/repos/${me}/${world.repo}/pulls/${world.pull}.patch`);
    assert.equal(patch.text, api.text);
  });

  test("the .diff is git diff from the merge base, the same as the API's", async () => {
    const diff = await web(`/${me}/${world.repo}/pulls/${world.pull}.diff`);
    assert.equal(diff.status, 200);
    assert.match(diff.text, /^diff --git a\/notes\/plan\.md b\/notes\/plan\.md\n/);
    const api = await server.request('GET', `/repos/${me}/${world.repo}/pulls/${world.pull}.diff`);
    assert.equal(diff.text, api.text);
  });

  test('a private repository: 404 to anonymous callers and to users without access, the diff to its owner', async () => {
    const path = `/${me}/${world.privateRepo}/pulls/${world.privatePull}.diff`;
    assert.equal((await web(path)).status, 404);
    assert.equal((await web(path, { token: world.other.token })).status, 404);
    const own = await web(path, { token: world.owner.token });
    assert.equal(own.status, 200);
    assert.match(own.text, /^diff --git /);
  });

  test('an unknown pull request or kind is 404', async () => {
    assert.equal((await web(`/${me}/${world.repo}/pulls/999.patch`)).status, 404);
    assert.equal((await web(`/${me}/${world.repo}/pulls/${world.pull}.txt`)).status, 404);
  });
});

describe('release archives at /{owner}/{repo}/archive/{tag}.zip|.tar.gz', () => {
  test('the zip and the tar.gz of a tag', async () => {
    const zip = await web(`/${me}/${world.repo}/archive/${world.tag}.zip`);
    assert.equal(zip.status, 200);
    assert.equal(zip.type, 'application/zip');
    assert.equal(zip.body.subarray(0, 2).toString('latin1'), 'PK');
    assert.match(zip.headers.get('content-disposition') ?? '', /filename="garden-v1\.0\.zip"/);
    const tarball = await web(`/${me}/${world.repo}/archive/${world.tag}.tar.gz`);
    assert.equal(tarball.status, 200);
    assert.match(tarball.type, /gzip/);
    assert.deepEqual([...tarball.body.subarray(0, 2)], [0x1f, 0x8b]);
  });

  test('an unknown tag, an unknown format and a private repository without access are 404', async () => {
    assert.equal((await web(`/${me}/${world.repo}/archive/v9.9.zip`)).status, 404);
    assert.equal((await web(`/${me}/${world.repo}/archive/${world.tag}.rar`)).status, 404);
    assert.equal((await web(`/${me}/${world.privateRepo}/archive/main.zip`)).status, 404);
    assert.equal(
      (await web(`/${me}/${world.privateRepo}/archive/main.zip`, { token: world.owner.token })).status,
      200,
    );
  });
});

describe('raw files at /{owner}/{repo}/raw/{branch|tag|commit}/{ref}/{path}', () => {
  test('by branch, by a branch with a slash, and by commit', async () => {
    const byBranch = await web(`/${me}/${world.repo}/raw/branch/main/docs/read%20me.md`);
    assert.equal(byBranch.status, 200);
    assert.match(byBranch.type, /^text\/plain/);
    assert.equal(byBranch.text, 'Hello <b>garden</b>\n');
    const bySlashedBranch = await web(`/${me}/${world.repo}/raw/branch/feature/plan/notes/plan.md`);
    assert.equal(bySlashedBranch.status, 200);
    assert.equal(bySlashedBranch.text, '# Plan\n\nfirst step\n');
    const byCommit = await web(`/${me}/${world.repo}/raw/commit/${world.headSha}/notes/plan.md`);
    assert.equal(byCommit.text, '# Plan\n\nfirst step\n');
  });

  test('a missing file, an unknown ref kind and a private repository without access are 404', async () => {
    assert.equal((await web(`/${me}/${world.repo}/raw/branch/main/nothing.md`)).status, 404);
    assert.equal((await web(`/${me}/${world.repo}/raw/blob/main/README.md`)).status, 404);
    assert.equal((await web(`/${me}/${world.privateRepo}/raw/branch/main/README.md`)).status, 404);
  });
});

describe('the web page of each object', () => {
  /** A real page of the object: HTML under the site's CSP, showing the object's title (escaped). */
  const assertPage = (answer: WebAnswer, title: string): void => {
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.type, 'text/html; charset=utf-8');
    assert.match(answer.headers.get('content-security-policy') ?? '', /^default-src 'none'/);
    assert.match(answer.headers.get('content-security-policy') ?? '', /form-action 'self'/);
    assert.doesNotMatch(answer.headers.get('content-security-policy') ?? '', /unsafe-inline|script-src/);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(answer.text.includes(title), `${title} in ${answer.text}`);
    assert.ok(!answer.text.includes('Teahouse has no web pages yet'), 'no placeholder');
  };

  test('each object answers its page with its title, escaped', async () => {
    const r = `/${me}/${world.repo}`;
    assertPage(await web(r), world.repo);
    assertPage(await web(`${r}.git`), world.repo);
    assertPage(await web(`${r}/issues/${world.issue}`), `Weeds &lt;everywhere&gt;`);
    assertPage(await web(`${r}/pulls/${world.pull}`), 'Plan for garden');
    assertPage(await web(`${r}/milestone/${world.ids['milestone']}`), 'First &lt;harvest&gt;');
    assertPage(await web(`${r}/releases/tag/${world.tag}`), 'First harvest');
    assertPage(await web(`${r}/commit/${world.headSha}`), 'Add the plan');
    assertPage(await web(`${r}/labels`), 'Labels');
    assertPage(await web(`${r}/src/branch/feature/plan/notes/plan.md`), 'plan.md');
    assertPage(await web(`${r}/src/branch/main/docs/read%20me.md`), 'read me.md');
    assertPage(await web(`/${me}`), me);
    assertPage(await web(`/${world.org}`), world.org);
  });

  test('nothing script can run: no markup of a title survives, and the policy forbids inline code', async () => {
    const page = await web(`/${me}/${world.repo}/issues/${world.issue}`);
    assert.ok(!page.text.includes('<everywhere>'));
    assert.doesNotMatch(page.text, /<script|<style|\son\w+=/i);
    assert.doesNotMatch(page.headers.get('content-security-policy') ?? '', /script-src|unsafe/);
  });

  test('HEAD answers the headers without a body', async () => {
    const head = await web(`/${me}/${world.repo}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.type, 'text/html; charset=utf-8');
    assert.equal(head.body.length, 0);
  });

  test('what does not exist, or what the caller may not see, is 404', async () => {
    const r = `/${me}/${world.repo}`;
    for (const path of [
      `${r}/issues/999`,
      `${r}/pulls/999`,
      `${r}/milestone/999`,
      `${r}/releases/tag/v9.9`,
      `${r}/commit/${'0'.repeat(40)}`,
      `${r}/src/branch/main/nothing.md`,
      `${r}/src/branch/nowhere/README.md`,
      `${r}/nonsense`,
      `/${me}/no-such-repo`,
      '/nobody-of-that-name',
      `/${me}/${world.privateRepo}`,
      `/${me}/${world.privateRepo}/issues/2`,
    ]) {
      const answer = await web(path);
      assert.equal(answer.status, 404, path);
    }
    assert.equal(
      (await web(`/${me}/${world.privateRepo}/issues/2`, { token: world.other.token })).status,
      404,
    );
    assert.equal(
      (await web(`/${me}/${world.privateRepo}/issues/2`, { token: world.owner.token })).status,
      200,
    );
  });

  test('only GET and HEAD: other methods on a page path are 404', async () => {
    assert.equal((await web(`/${me}/${world.repo}`, { method: 'POST' })).status, 404);
  });

  test('bad credentials are refused, as on the API', async () => {
    const answer = await web(`/${me}/${world.repo}`, { token: 'f'.repeat(40) });
    assert.equal(answer.status, 401);
  });
});

describe('avatars', () => {
  test("an account without an avatar gets the server's generated image", async () => {
    const user = await server.request<{ avatar_url: string }>('GET', `/users/${me}`);
    assert.ok(user.json.avatar_url.startsWith(`${server.url}avatars/`));
    const image = await fetch(user.json.avatar_url);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');
    const again = await (await fetch(user.json.avatar_url)).text();
    assert.equal(again, await image.text(), 'the same image every time');
  });
});
