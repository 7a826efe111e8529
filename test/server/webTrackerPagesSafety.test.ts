import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { fetchPage } from './webFetch';
import { buildTrackerWorld, hostile, hrefsOf, type TrackerWorld } from './webTrackerWorld';

/** The tracker pages: private repositories, hostile HTML in user text, and links that all resolve. */

let server: TestServer;
let world: TrackerWorld;
let base: string;

before(async () => {
  server = await startServer();
  world = await buildTrackerWorld(server, 'webtrack2');
  base = `/${world.me}/${world.repo}`;
});
after(async () => {
  await server.stop();
});

const page = (path: string, token?: string) => fetchPage(server, path, token);

/** What no page may carry from the hostile texts: a script, an event handler, a javascript: link. */
function assertDefused(html: string, where: string): void {
  assert.ok(!/<script/i.test(html), `${where}: a script element`);
  assert.ok(!/\sonerror\s*=/i.test(html), `${where}: an event handler attribute`);
  assert.ok(!/href\s*=\s*"?\s*javascript:/i.test(html), `${where}: a javascript: link`);
}

describe('private repositories', () => {
  test('a private issue, pull request and list are 404 to anonymous callers, shown to the owner', async () => {
    const vault = `/${world.me}/${world.privateRepo}`;
    for (const path of [
      `${vault}/issues`,
      `${vault}/pulls`,
      `${vault}/pulls/${world.privatePull}`,
      `${vault}/milestones`,
      `${vault}/labels`,
    ]) {
      const hidden = await page(path);
      assert.equal(hidden.status, 404, path);
      assert.ok(!hidden.text.includes('Secret plans'));
      assert.equal((await page(path, world.owner.token)).status, 200, path);
    }
    const issues = await page(`${vault}/issues`, world.owner.token);
    const secret = /href="([^"]*\/issues\/(\d+))"/.exec(
      issues.text.slice(issues.text.indexOf('Secret plans') - 300),
    );
    assert.ok(issues.text.includes('Secret plans'));
    assert.ok(secret, 'the private issue is listed');
    assert.equal((await page(secret[1]!)).status, 404);
    const shown = await page(secret[1]!, world.owner.token);
    assert.equal(shown.status, 200);
    assert.ok(shown.text.includes('Secret plans'));
  });
});

describe('hostile text', () => {
  test('titles, bodies, comments and label names are escaped and sanitised', async () => {
    const issue = await page(`${base}/issues/${world.xssIssue}`);
    assert.equal(issue.status, 200);
    assert.ok(
      issue.text.includes('Title &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;'),
      'the title escaped',
    );
    assert.ok(issue.text.includes('&lt;b&gt;loud&lt;/b&gt;'), 'the label name escaped');
    assert.ok(issue.text.includes(`id="issuecomment-${world.xssComment}"`));
    assert.ok(issue.text.includes('Mentions'), 'the body is there');
    assertDefused(issue.text, 'issue page');
    for (const path of [
      `${base}/issues`,
      `${base}/issues?state=all&q=Title`,
      `${base}/labels`,
      `${base}/milestones`,
    ]) {
      const list = await page(path);
      assert.equal(list.status, 200, path);
      assertDefused(list.text, path);
    }
    const list = await page(`${base}/issues?q=Title`);
    assert.ok(list.text.includes('Title &lt;script&gt;'), 'the list shows the escaped title');
    assert.equal(hostile.label, '<b>loud</b>');
  });

  test('a hostile keyword comes back escaped in the search field', async () => {
    const found = await page(`${base}/issues?q=${encodeURIComponent('"><script>alert(5)</script>')}`);
    assert.equal(found.status, 200);
    assertDefused(found.text, 'search');
    assert.ok(found.text.includes('value="&quot;&gt;&lt;script&gt;alert(5)&lt;/script&gt;"'));
  });
});

describe('links', () => {
  test('every link of the tracker pages resolves (no 404, no 5xx)', async () => {
    const pages = [
      `${base}/issues`,
      `${base}/issues?state=all`,
      `${base}/issues?labels=${world.ids['label']}`,
      `${base}/pulls`,
      `${base}/issues/${world.issue}`,
      `${base}/issues/${world.xssIssue}`,
      `${base}/pulls/${world.pull}`,
      `${base}/pulls/${world.pull}/commits`,
      `${base}/milestones`,
      `${base}/milestones?state=closed`,
      `${base}/milestone/${world.ids['milestone']}`,
      `${base}/labels`,
      `/${world.me}/${world.pagingRepo}/issues`,
    ];
    const checked = new Map<string, number>();
    for (const path of pages) {
      const shown = await page(path, world.owner.token);
      assert.equal(shown.status, 200, path);
      const pageUrl = new URL(path, server.url);
      for (const href of hrefsOf(shown.text)) {
        const target = new URL(href, pageUrl);
        target.hash = '';
        if (target.origin !== pageUrl.origin) continue;
        // the site chrome's sign-in and API links belong to other pages' tests
        if (/^\/(user|api|assets)\//.test(target.pathname) || target.pathname === '/api/swagger') continue;
        // the repository pages' area (another helper's): the "Files changed" tab and the header's
        // Commits tab are linked before their pages exist
        if (/\/pulls\/\d+\/files$|\/commits\/branch\//.test(target.pathname)) continue;
        const key = target.pathname + target.search;
        if (checked.has(key)) continue;
        const answer = await page(key, world.owner.token);
        checked.set(key, answer.status);
      }
    }
    const broken = [...checked].filter(([, status]) => status === 404 || status >= 500);
    assert.deepEqual(broken, []);
    assert.ok(checked.size > 30, `checked ${checked.size} links`);
  });
});
