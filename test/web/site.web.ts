import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../server/harness';
import { buildUrlWorld, type UrlWorld } from '../server/urlWorld';
import { launchChromium, screenshot, signInWithForm, watchedPage, type PageTrouble } from './browser';
import { crawl, type Visit } from './crawler';
import { startReceiver, type Receiver } from './receiver';
import { permalinkUrl } from '../../src/extension/editor/permalink';

/**
 * The web pages in Chromium: each page shows its object, a crawl from `/` (anonymous and signed in) meets
 * no 404 or 5xx and a CSP on every page, a private repository shows only after signing in through the
 * form, and form posts without the token or from another origin are refused.
 */

let server: TestServer;
let world: UrlWorld;
let browser: Browser;
let receiver: Receiver;
let me: string;

const crawlLimit = 500;

before(async () => {
  server = await startServer();
  world = await buildUrlWorld(server, 'web');
  me = world.owner.user.login;
  browser = await launchChromium();
  receiver = await startReceiver();
});
after(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.stop();
});

const url = (path: string): string => `${server.url}${path.replace(/^\//, '')}`;

/** Fails with every bad answer and where it was linked from. */
function assertCleanCrawl(visits: readonly Visit[], trouble: PageTrouble): void {
  const bad = visits.filter((visit) => visit.status === 404 || visit.status >= 500);
  assert.deepEqual(
    bad.map((visit) => `${visit.status} ${visit.url} (linked from ${visit.from ?? 'the start'})`),
    [],
  );
  const withoutCsp = visits.filter(
    (visit) => visit.contentType.startsWith('text/html') && !/default-src 'none'/.test(visit.csp ?? ''),
  );
  assert.deepEqual(
    withoutCsp.map((visit) => visit.url),
    [],
    'every HTML page carries the CSP',
  );
  assert.deepEqual(trouble.cspViolations, [], 'no page breaks its own CSP');
  assert.deepEqual(trouble.dialogs, []);
  assert.deepEqual(trouble.pageErrors, []);
  assert.ok(visits.length < crawlLimit, `the crawl ended by itself (${visits.length} pages)`);
}

describe('the web pages in Chromium', () => {
  test('each page renders its object (screenshots of the repository, file and pull request)', async () => {
    const context = await browser.newContext();
    const { page, trouble } = await watchedPage(context);
    const issueTitle = 'Weeds <everywhere>';
    const pages: { name: string; path: string; shows: string[]; shot?: string }[] = [
      { name: 'home', path: '/', shows: [world.repo, world.orgRepo] },
      { name: 'user', path: `/${me}`, shows: [world.repo] },
      { name: 'organization', path: `/${world.org}`, shows: [world.orgRepo] },
      {
        name: 'repository',
        path: `/${me}/${world.repo}`,
        shows: [
          world.repo,
          `${server.url}${me}/${world.repo}.git`,
          'docs',
          'README.md',
          'Add a file with a space',
        ],
        shot: 'repository',
      },
      {
        name: 'file',
        path: `/${me}/${world.repo}/src/branch/main/docs/read%20me.md`,
        shows: ['read me.md', 'Hello', 'garden'],
      },
      {
        name: 'file source',
        path: `/${me}/${world.repo}/src/branch/main/docs/read%20me.md?display=source`,
        shows: ['Hello <b>garden</b>'],
        shot: 'file',
      },
      {
        name: 'issue',
        path: `/${me}/${world.repo}/issues/${world.issue}`,
        shows: [issueTitle, 'See #1', 'I can pull them', 'bug', 'First <harvest>'],
      },
      {
        name: 'pull request',
        path: `/${me}/${world.repo}/pulls/${world.pull}`,
        shows: [`Plan for ${world.repo}`, 'Please review', 'Looks fine', world.headBranch],
        shot: 'pull-request',
      },
      {
        name: 'pull request files',
        path: `/${me}/${world.repo}/pulls/${world.pull}/files`,
        shows: ['notes/plan.md', 'first step'],
      },
    ];
    for (const expected of pages) {
      const answer = await page.goto(url(expected.path));
      assert.equal(answer?.status(), 200, expected.name);
      assert.match((await answer?.allHeaders())?.['content-security-policy'] ?? '', /default-src 'none'/);
      const text = await page.locator('body').innerText();
      for (const shown of expected.shows) {
        assert.ok(text.includes(shown), `${expected.name} shows ${shown}: ${text.slice(0, 500)}`);
      }
      if (expected.shot) await screenshot(page, expected.shot);
    }
    assert.deepEqual(trouble.cspViolations, []);
    await context.close();
  });

  test('a private repository is hidden before sign-in and shown after, through the login form', async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    const privatePath = `/${me}/${world.privateRepo}`;
    assert.equal((await page.goto(url(privatePath)))?.status(), 404);
    await page.goto(url('/'));
    assert.ok(!(await page.locator('body').innerText()).includes(world.privateRepo));

    // the header's sign-in link comes back to the page it was followed from
    await page.goto(url(`/${me}`));
    await page.click('header a.button');
    await page.fill('input[name="user_name"]', me);
    await page.fill('input[name="password"]', world.owner.password);
    await Promise.all([page.waitForURL(url(`/${me}`)), page.click('form.stack button[type="submit"]')]);
    assert.ok((await page.locator('body').innerText()).includes(world.privateRepo));
    assert.equal((await page.goto(url(privatePath)))?.status(), 200);

    await page.goto(url('/'));
    await Promise.all([page.waitForURL(url('/')), page.click('button:has-text("Sign out")')]);
    assert.ok(!(await page.locator('body').innerText()).includes(world.privateRepo));
    assert.equal((await page.goto(url(privatePath)))?.status(), 404, 'hidden again after signing out');
    await context.close();
  });

  test('a wrong password shows the form again with a message', async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.goto(url('/user/login'));
    await page.fill('input[name="user_name"]', me);
    await page.fill('input[name="password"]', 'not-my-password');
    await page.click('form.stack button[type="submit"]');
    await page.waitForSelector('.notice.error');
    assert.equal(await page.locator('.notice.error').innerText(), 'Username or password is incorrect.');
    await screenshot(page, 'sign-in');
    await context.close();
  });

  for (const signedIn of [false, true]) {
    test(`a crawl from / (${signedIn ? 'signed in' : 'anonymous'}) finds no 404, no 5xx, a CSP on every page`, async () => {
      const context = await browser.newContext();
      const { page, trouble } = await watchedPage(context);
      if (signedIn) await signInWithForm(page, server.url, me, world.owner.password);
      const visits = await crawl(context, page, { start: server.url, limit: crawlLimit });
      assertCleanCrawl(visits, trouble);
      const reached = new Set(visits.map((visit) => new URL(visit.url).pathname));
      assert.ok(reached.has(`/${me}/${world.repo}`), 'the crawl reached the public repository');
      assert.equal(
        reached.has(`/${me}/${world.privateRepo}`),
        signedIn,
        'the private repository only signed in',
      );
      console.log(`crawled ${visits.length} URLs ${signedIn ? 'signed in' : 'anonymously'}`);
      await context.close();
    });
  }

  test('the URLs the extension opens for a local account (html_url, permalinks) land on pages', async () => {
    // Open in Browser and Copy URL use the server's html_url (commands/linkCommands.ts); permalinks are
    // built from the account's server URL (editor/permalink.ts): for the local account, this server's root.
    const token = world.owner.token;
    const api = async <T>(path: string): Promise<T> => (await server.request<T>('GET', path, { token })).json;
    const r = `/repos/${me}/${world.repo}`;
    const main = await api<{ commit: { id: string } }>(`${r}/branches/main`);
    const links: { what: string; url: string; shows: string }[] = [
      { what: 'repository', url: (await api<{ html_url: string }>(r)).html_url, shows: world.repo },
      {
        what: 'issue',
        url: (await api<{ html_url: string }>(`${r}/issues/${world.issue}`)).html_url,
        shows: 'Weeds <everywhere>',
      },
      {
        what: 'pull request',
        url: (await api<{ html_url: string }>(`${r}/pulls/${world.pull}`)).html_url,
        shows: `Plan for ${world.repo}`,
      },
      {
        what: 'release',
        url: (await api<{ html_url: string }>(`${r}/releases/tags/${world.tag}`)).html_url,
        shows: 'First harvest',
      },
      { what: 'user', url: (await api<{ html_url: string }>(`/users/${me}`)).html_url, shows: world.repo },
      { what: 'the account (server root)', url: server.url, shows: world.repo },
      {
        what: 'permalink',
        url: permalinkUrl({
          serverUrl: server.url,
          owner: me,
          repo: world.repo,
          sha: main.commit.id,
          path: world.filePath,
          lines: { start: 1, end: 1 },
        }),
        shows: 'read me.md',
      },
    ];
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await signInWithForm(page, server.url, me, world.owner.password);
    for (const link of links) {
      assert.ok(link.url.startsWith(server.url), `${link.what}: ${link.url} is on this server`);
      const answer = await page.goto(link.url);
      assert.equal(answer?.status(), 200, `${link.what}: ${link.url}`);
      assert.match((await answer?.allHeaders())?.['content-type'] ?? '', /^text\/html/, link.what);
      const text = await page.locator('body').innerText();
      assert.ok(text.includes(link.shows), `${link.what} shows ${link.shows}: ${text.slice(0, 300)}`);
    }
    await context.close();
  });

  test('form posts without the token, or from another origin, are refused (403)', async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await signInWithForm(page, server.url, me, world.owner.password);
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    assert.ok(token);

    const tokenless = await context.request.post(url('/user/logout'), {
      form: { x: '1' },
      failOnStatusCode: false,
    });
    assert.equal(tokenless.status(), 403);
    assert.match(tokenless.headers()['content-type'] ?? '', /^text\/html/);
    const wrong = await context.request.post(url('/user/logout'), {
      form: { _csrf: 'forged' },
      failOnStatusCode: false,
    });
    assert.equal(wrong.status(), 403);

    // another origin's page posting to this site, even with a valid token, is refused by its Origin
    receiver.servePage(
      '/evil-form',
      `<!doctype html><form method="post" action="${url('/user/logout')}">` +
        `<input type="hidden" name="_csrf" value="${token}"><button id="go">go</button></form>`,
    );
    await page.goto(`${receiver.url}evil-form`);
    const [answer] = await Promise.all([page.waitForNavigation(), page.click('#go')]);
    assert.equal(answer?.status(), 403);
    assert.ok((await page.locator('body').innerText()).includes('not sent from this site'));

    await page.goto(url('/'));
    assert.ok(
      await page.locator('button', { hasText: 'Sign out' }).count(),
      'still signed in after the refused posts',
    );
    await context.close();
  });
});
