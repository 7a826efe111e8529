import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { fetchPage } from './webFetch';
import { buildTrackerWorld, type TrackerWorld } from './webTrackerWorld';

/** The issue and pull request lists, the issue and pull request pages, milestones and labels. */

let server: TestServer;
let world: TrackerWorld;
let base: string;

before(async () => {
  server = await startServer();
  world = await buildTrackerWorld(server, 'webtracker');
  base = `/${world.me}/${world.repo}`;
});
after(async () => {
  await server.stop();
});

const page = (path: string, token?: string) => fetchPage(server, path, token);
const issueLink = (n: number) => `href="${base}/issues/${n}"`;
const pullLink = (n: number) => `href="${base}/pulls/${n}"`;

describe('issue and pull request lists', () => {
  test('the issue list shows open issues with their labels, milestone, author and comments, not pulls', async () => {
    const list = await page(`${base}/issues`);
    assert.equal(list.status, 200);
    assert.ok(list.text.includes(issueLink(world.issue)));
    assert.ok(list.text.includes('Weeds &lt;everywhere&gt;'), 'the title, escaped');
    assert.ok(list.text.includes(`#${world.issue}`));
    assert.ok(
      list.text.includes(`href="${base}/issues?labels=${world.ids['label']}"`),
      'the label links its filter',
    );
    assert.ok(list.text.includes(`href="${base}/milestone/${world.ids['milestone']}"`), 'the milestone');
    assert.ok(list.text.includes(`href="/${world.me}"`), 'the author');
    assert.ok(list.text.includes('1 comment'));
    assert.ok(!list.text.includes(pullLink(world.pull)), 'no pull request');
    assert.ok(!list.text.includes(issueLink(world.closedIssue)), 'no closed issue');
    assert.ok(list.text.includes('3 Open'), 'counts the open issues');
    assert.ok(list.text.includes('1 Closed'), 'counts the closed issues');
  });

  test('the pull request list shows pull requests only', async () => {
    const list = await page(`${base}/pulls`);
    assert.equal(list.status, 200);
    assert.ok(list.text.includes(pullLink(world.pull)));
    assert.ok(list.text.includes(`Plan for ${world.repo}`));
    assert.ok(!list.text.includes(issueLink(world.issue)));
    assert.ok(list.text.includes('class="state open"'));
  });

  test('the state filter: closed, all', async () => {
    const closed = await page(`${base}/issues?state=closed`);
    assert.ok(closed.text.includes(issueLink(world.closedIssue)));
    assert.ok(!closed.text.includes(issueLink(world.issue)));
    const all = await page(`${base}/issues?state=all`);
    assert.ok(all.text.includes(issueLink(world.closedIssue)));
    assert.ok(all.text.includes(issueLink(world.issue)));
    assert.ok(all.text.includes('4 All'));
  });

  test('the label filter takes label ids as Gitea web does', async () => {
    const bug = await page(`${base}/issues?labels=${world.ids['label']}`);
    assert.ok(bug.text.includes(issueLink(world.issue)));
    assert.ok(!bug.text.includes(issueLink(world.plainIssue)));
    assert.ok(!bug.text.includes(issueLink(world.xssIssue)));
    assert.ok(bug.text.includes('1 Open'));
    const loud = await page(`${base}/issues?labels=${world.otherLabel}`);
    assert.ok(loud.text.includes(issueLink(world.xssIssue)));
    assert.ok(!loud.text.includes(issueLink(world.issue)));
  });

  test('the milestone filter', async () => {
    const first = await page(`${base}/issues?milestone=${world.ids['milestone']}`);
    assert.ok(first.text.includes(issueLink(world.issue)));
    assert.ok(!first.text.includes(issueLink(world.plainIssue)));
    assert.ok(first.text.includes(`<option value="${world.ids['milestone']}" selected="">`), first.text);
    const second = await page(`${base}/issues?milestone=${world.otherMilestone}&state=all`);
    assert.ok(second.text.includes(issueLink(world.closedIssue)));
    assert.ok(!second.text.includes(issueLink(world.issue)));
  });

  test('the keyword filter', async () => {
    const found = await page(`${base}/issues?q=radish`);
    assert.ok(found.text.includes(issueLink(world.plainIssue)));
    assert.ok(!found.text.includes(issueLink(world.issue)));
    assert.ok(found.text.includes('value="radish"'));
    const none = await page(`${base}/issues?q=zzzz-nothing`);
    assert.ok(none.text.includes('No issues.'));
  });

  test('paging with Gitea’s page parameter', async () => {
    const rows = `/${world.me}/${world.pagingRepo}/issues`;
    const first = await page(rows);
    const count = (text: string) => (text.match(/class="issue-row"/g) ?? []).length;
    assert.equal(count(first.text), 20);
    assert.ok(first.text.includes('href="?page=2"'), 'a next link');
    assert.ok(first.text.includes('Page 1 of 2'));
    const second = await page(`${rows}?page=2`);
    assert.equal(count(second.text), world.pagingCount - 20);
    assert.ok(second.text.includes('>Task 1<'), 'the oldest issue is on the last page');
    assert.ok(!second.text.includes('>Task 23<'));
  });
});

describe('the issue page', () => {
  test('shows the title, state, rendered body, comments and sidebar', async () => {
    const issue = await page(`${base}/issues/${world.issue}`);
    assert.equal(issue.status, 200);
    assert.ok(issue.text.includes('Weeds &lt;everywhere&gt;'));
    assert.ok(issue.text.includes('class="state open"'));
    assert.ok(issue.text.includes('I can pull them'), 'the comment');
    assert.match(issue.text, /<a[^>]*href="[^"]*\/issues\/1"[^>]*>#1<\/a>/, 'the #1 reference links');
    assert.ok(issue.text.includes(`href="${base}/milestone/${world.ids['milestone']}"`));
    assert.ok(issue.text.includes('First &lt;harvest&gt;'), 'the milestone title, escaped');
    assert.ok(issue.text.includes(`href="/${world.other.user.login}"`), 'a participant');
    assert.ok(issue.text.includes('heart 1'), 'the reactions');
  });

  test('each comment carries the anchor of its API html_url', async () => {
    const comments = await server.request<{ id: number; html_url: string }[]>(
      'GET',
      `/repos/${world.me}/${world.repo}/issues/${world.issue}/comments`,
    );
    assert.ok(comments.json.length > 0);
    for (const comment of comments.json) {
      const url = new URL(comment.html_url);
      const shown = await page(url.pathname);
      assert.equal(shown.status, 200, url.pathname);
      assert.equal(url.hash, `#issuecomment-${comment.id}`);
      assert.ok(shown.text.includes(`id="issuecomment-${comment.id}"`));
    }
  });

  test('an issue path of a pull request redirects to the pull request, and back', async () => {
    const toPull = await page(`${base}/issues/${world.pull}`);
    assert.equal(toPull.status, 302);
    assert.equal(toPull.headers.get('location'), `${base}/pulls/${world.pull}`);
    const toIssue = await page(`${base}/pulls/${world.issue}`);
    assert.equal(toIssue.status, 302);
    assert.equal(toIssue.headers.get('location'), `${base}/issues/${world.issue}`);
    const commits = await page(`${base}/pulls/${world.issue}/commits`);
    assert.equal(commits.status, 302);
  });

  test('an unknown issue is a 404 HTML page', async () => {
    for (const path of [
      `${base}/issues/9999`,
      `${base}/issues/abc`,
      `${base}/pulls/9999`,
      `/${world.me}/nothing/issues`,
    ]) {
      const missing = await page(path);
      assert.equal(missing.status, 404, path);
      assert.match(missing.headers.get('content-type') ?? '', /^text\/html/);
      assert.ok(missing.text.includes('Not found'));
    }
  });
});

describe('the pull request pages', () => {
  test('the conversation shows branches, merge state, the review and its comments by file', async () => {
    const pull = await page(`${base}/pulls/${world.pull}`);
    assert.equal(pull.status, 200);
    assert.ok(pull.text.includes(`Plan for ${world.repo}`));
    assert.ok(pull.text.includes('Please review'));
    assert.ok(pull.text.includes('Looks fine'), 'the comment');
    assert.ok(pull.text.includes(`href="${base}/src/branch/main"`), 'the base branch');
    assert.ok(pull.text.includes(`href="${base}/src/branch/feature/plan"`), 'the head branch');
    assert.ok(pull.text.includes('can be merged automatically'));
    assert.ok(pull.text.includes('reviewed'), 'the review state');
    assert.ok(pull.text.includes('One thought'));
    assert.ok(pull.text.includes('notes/plan.md'), 'the file of the review comment');
    assert.ok(pull.text.includes('A heading?'));
    assert.ok(pull.text.includes(`href="${base}/pulls/${world.pull}/commits"`));
    assert.ok(pull.text.includes(`href="${base}/pulls/${world.pull}/files"`));
    const reviewComments = await server.request<{ html_url: string; diff_hunk: string }[]>(
      'GET',
      `/repos/${world.me}/${world.repo}/pulls/${world.pull}/reviews/${world.ids['review']}/comments`,
    );
    assert.equal(reviewComments.json.length, 1);
    for (const comment of reviewComments.json) {
      assert.ok(pull.text.includes(`id="${new URL(comment.html_url).hash.slice(1)}"`), comment.html_url);
      // a hunk only where the API has one (migrated reviews); test/unit/webReviewHunks.test.ts shows one
      assert.equal(pull.text.includes('<tr class="hunk">'), comment.diff_hunk !== '');
    }
  });

  test('the commits tab links each commit', async () => {
    const commits = await page(`${base}/pulls/${world.pull}/commits`);
    assert.equal(commits.status, 200);
    assert.ok(commits.text.includes(`href="${base}/commit/${world.headSha}"`));
    assert.ok(commits.text.includes('Add the plan'));
  });

  test('a merged pull request shows who merged it and when', async () => {
    const merged = await server.request(
      'POST',
      `/repos/${world.me}/${world.repo}/pulls/${world.pull}/merge`,
      {
        token: world.owner.token,
        body: { Do: 'merge' },
      },
    );
    assert.equal(merged.status, 200, merged.text);
    const pull = await page(`${base}/pulls/${world.pull}`);
    assert.ok(pull.text.includes('class="state merged"'));
    assert.match(pull.text, /Merged<\/span> by <a href="\/[^"]+">/);
    const list = await page(`${base}/pulls?state=closed`);
    assert.ok(list.text.includes(pullLink(world.pull)));
    assert.ok(list.text.includes('class="state merged"'));
  });
});

describe('milestones and labels', () => {
  test('the milestones list shows progress and links each milestone', async () => {
    const list = await page(`${base}/milestones`);
    assert.equal(list.status, 200);
    assert.ok(list.text.includes(`href="${base}/milestone/${world.ids['milestone']}"`));
    assert.ok(list.text.includes('First &lt;harvest&gt;'));
    assert.ok(list.text.includes('2 Open'));
  });

  test('a milestone page shows its issues and progress', async () => {
    const second = await page(`${base}/milestone/${world.otherMilestone}?state=all`);
    assert.equal(second.status, 200);
    assert.ok(second.text.includes(issueLink(world.closedIssue)));
    assert.ok(!second.text.includes(issueLink(world.issue)));
    assert.ok(second.text.includes('100%'));
    assert.equal((await page(`${base}/milestone/9999`)).status, 404);
  });

  test('the labels page lists labels with their open issues', async () => {
    const labels = await page(`${base}/labels`);
    assert.equal(labels.status, 200);
    assert.ok(labels.text.includes(`href="${base}/issues?labels=${world.ids['label']}"`));
    assert.ok(labels.text.includes('&lt;b&gt;loud&lt;/b&gt;'), 'the label name, escaped');
    assert.ok(labels.text.includes('1 open issue'));
  });
});
