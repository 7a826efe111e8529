import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit, serverGit, type PullJson } from './pullsFixture';

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

/** An owner with a repository `app` and a clone that can push branches. */
async function ownerWithRepo(name: string): Promise<{ owner: TestUser; full: string; ws: GitWorkspace }> {
  const owner = await server.createUser(name);
  const repo = await createRepo(server, owner, 'app');
  const ws = cloneAs(server, owner, repo.full_name);
  workspaces.push(ws);
  return { owner, full: repo.full_name, ws };
}

describe('creating pull requests', () => {
  test('a pull request between two branches answers 201 with head, base, merge base and counts', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-ann');
    const base = serverGit(server, full, 'rev-parse', 'refs/heads/main');
    const head = pushCommit(ws, 'feature', { 'a.txt': 'one\ntwo\n' }, 'add a');
    const pr = await openPull(server, owner, full, {
      head: 'feature',
      base: 'main',
      title: 'Add a',
      body: 'Adds **a**',
    });
    assert.equal(pr.number, 1);
    assert.equal(pr.state, 'open');
    assert.equal(pr.title, 'Add a');
    assert.equal(pr.body, 'Adds **a**');
    assert.equal(pr.user.login, 'pr-ann');
    assert.equal(pr.head.ref, 'feature');
    assert.equal(pr.head.label, 'feature');
    assert.equal(pr.head.sha, head);
    assert.equal(pr.head.repo?.full_name, full);
    assert.equal(pr.base.ref, 'main');
    assert.equal(pr.base.sha, base);
    assert.equal(pr.base.repo_id, pr.head.repo_id);
    assert.equal(pr.merge_base, base);
    assert.equal(pr.mergeable, true);
    assert.equal(pr.merged, false);
    assert.equal(pr.merged_at, null);
    assert.equal(pr.merge_commit_sha, null);
    assert.equal(pr.additions, 2);
    assert.equal(pr.deletions, 0);
    assert.equal(pr.changed_files, 1);
    assert.equal(pr.html_url, `${server.url}pr-ann/app/pulls/1`);
    assert.equal(pr.url, pr.html_url);
    assert.equal(pr.diff_url, `${pr.html_url}.diff`);
    assert.equal(pr.patch_url, `${pr.html_url}.patch`);
    // Gitea keeps the head commit in the base repository.
    assert.equal(serverGit(server, full, 'rev-parse', 'refs/pull/1/head'), head);
  });

  test('pull requests share the numbering of issues and show up as issues with pull_request set', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-ben');
    const issue = await server.request<{ number: number }>('POST', `/repos/${full}/issues`, {
      token: owner.token,
      body: { title: 'an issue first' },
    });
    assert.equal(issue.status, 201, issue.text);
    pushCommit(ws, 'topic', { 'b.txt': 'b\n' }, 'add b');
    const pr = await openPull(server, owner, full, { head: 'topic', base: 'main', title: 'Topic' });
    assert.equal(pr.number, issue.json.number + 1);
    const asIssue = await server.request<{ pull_request: { merged: boolean; html_url: string } | null }>(
      'GET',
      `/repos/${full}/issues/${pr.number}`,
    );
    assert.equal(asIssue.status, 200);
    assert.deepEqual(asIssue.json.pull_request, {
      merged: false,
      merged_at: null,
      draft: false,
      html_url: pr.html_url,
    });
  });

  test('a missing title, the same head and base, and unknown branches are refused', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-cat');
    pushCommit(ws, 'work', { 'c.txt': 'c\n' }, 'add c');
    const post = (body: Record<string, unknown>) =>
      server.request<{ message: string }>('POST', `/repos/${full}/pulls`, { token: owner.token, body });
    const untitled = await post({ head: 'work', base: 'main' });
    assert.equal(untitled.status, 422);
    assert.match(untitled.json.message, /Title/);
    const same = await post({ head: 'main', base: 'main', title: 'Nothing' });
    assert.equal(same.status, 422);
    assert.match(same.json.message, /no changes between the head and the base/);
    const noHead = await post({ head: 'nope', base: 'main', title: 'Missing head' });
    assert.equal(noHead.status, 404);
    assert.match(noHead.json.message, /head branch does not exist/);
    const noBase = await post({ head: 'work', base: 'nope', title: 'Missing base' });
    assert.equal(noBase.status, 404);
    assert.match(noBase.json.message, /base branch does not exist/);
    const noUser = await post({ head: 'nobody-here:work', base: 'main', title: 'Unknown owner' });
    assert.equal(noUser.status, 404);
    const badLabel = await post({ head: 'work', base: 'main', title: 'Labelled', labels: [999999] });
    assert.equal(badLabel.status, 422);
    assert.match(badLabel.json.message, /label does not exist/);
    const list = await server.request<PullJson[]>('GET', `/repos/${full}/pulls?state=all`);
    assert.equal(list.json.length, 0);
  });

  test('a second open pull request between the same branches answers 409 naming the first', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-dan');
    pushCommit(ws, 'dup', { 'd.txt': 'd\n' }, 'add d');
    const first = await openPull(server, owner, full, { head: 'dup', base: 'main', title: 'First' });
    const second = await server.request<{ message: string }>('POST', `/repos/${full}/pulls`, {
      token: owner.token,
      body: { head: 'dup', base: 'main', title: 'Second' },
    });
    assert.equal(second.status, 409);
    assert.match(second.json.message, new RegExp(`pull request #${first.number} already exists`));
    // Once the first is closed, the branches are free again.
    const closed = await server.request('PATCH', `/repos/${full}/pulls/${first.number}`, {
      token: owner.token,
      body: { state: 'closed' },
    });
    assert.equal(closed.status, 201);
    const third = await openPull(server, owner, full, { head: 'dup', base: 'main', title: 'Third' });
    assert.equal(third.number, first.number + 1);
  });

  test('labels, milestone, assignees, due date and reviewers are set by a writer at creation', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-eve');
    const reviewer = await server.createUser('pr-eve-reviewer');
    const label = await server.request<{ id: number }>('POST', `/repos/${full}/labels`, {
      token: owner.token,
      body: { name: 'feature', color: '#00aabb' },
    });
    const milestone = await server.request<{ id: number }>('POST', `/repos/${full}/milestones`, {
      token: owner.token,
      body: { title: 'v1' },
    });
    pushCommit(ws, 'meta', { 'e.txt': 'e\n' }, 'add e');
    const pr = await openPull(server, owner, full, {
      head: 'meta',
      base: 'main',
      title: 'With metadata',
      labels: [label.json.id],
      milestone: milestone.json.id,
      assignees: ['pr-eve'],
      due_date: '2030-01-02T00:00:00Z',
      reviewers: [reviewer.user.login],
    });
    assert.deepEqual(
      pr.labels.map((l) => l.name),
      ['feature'],
    );
    assert.equal(pr.milestone?.id, milestone.json.id);
    assert.equal(pr.assignee?.login, 'pr-eve');
    assert.deepEqual(
      pr.assignees?.map((a) => a.login),
      ['pr-eve'],
    );
    assert.match(pr.due_date ?? '', /^2030-01-02/);
    assert.deepEqual(
      pr.requested_reviewers.map((r) => r.login),
      ['pr-eve-reviewer'],
    );
  });
});

describe('listing and reading pull requests', () => {
  test('the list filters by state and base branch and pages with X-Total-Count', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-fay');
    pushCommit(ws, 'develop', { 'dev.txt': 'dev\n' }, 'develop');
    for (const name of ['one', 'two', 'three'])
      pushCommit(ws, name, { [`${name}.txt`]: `${name}\n` }, name, 'main');
    await openPull(server, owner, full, { head: 'one', base: 'main', title: 'One' });
    const two = await openPull(server, owner, full, { head: 'two', base: 'main', title: 'Two' });
    await openPull(server, owner, full, { head: 'three', base: 'develop', title: 'Three' });
    await server.request('PATCH', `/repos/${full}/pulls/${two.number}`, {
      token: owner.token,
      body: { state: 'closed' },
    });

    const open = await server.request<PullJson[]>('GET', `/repos/${full}/pulls`);
    assert.equal(open.status, 200);
    assert.deepEqual(
      open.json.map((p) => p.title),
      ['Three', 'One'],
    );
    assert.equal(open.headers.get('x-total-count'), '2');
    const all = await server.request<PullJson[]>('GET', `/repos/${full}/pulls?state=all&limit=2&sort=oldest`);
    assert.deepEqual(
      all.json.map((p) => p.title),
      ['One', 'Two'],
    );
    assert.equal(all.headers.get('x-total-count'), '3');
    assert.match(all.headers.get('link') ?? '', /rel="next"/);
    const closed = await server.request<PullJson[]>('GET', `/repos/${full}/pulls?state=closed`);
    assert.deepEqual(
      closed.json.map((p) => [p.title, p.state]),
      [['Two', 'closed']],
    );
    const develop = await server.request<PullJson[]>(
      'GET',
      `/repos/${full}/pulls?state=all&base_branch=develop`,
    );
    assert.deepEqual(
      develop.json.map((p) => p.title),
      ['Three'],
    );
    const badLabels = await server.request('GET', `/repos/${full}/pulls?labels=abc`);
    assert.equal(badLabels.status, 422);
  });

  test('an issue number that is not a pull request, and an unknown number, answer 404', async () => {
    const { owner, full } = await ownerWithRepo('pr-gus');
    const issue = await server.request<{ number: number }>('POST', `/repos/${full}/issues`, {
      token: owner.token,
      body: { title: 'plain issue' },
    });
    assert.equal((await server.request('GET', `/repos/${full}/pulls/${issue.json.number}`)).status, 404);
    assert.equal((await server.request('GET', `/repos/${full}/pulls/99`)).status, 404);
    assert.equal((await server.request('GET', `/repos/${full}/pulls/99/merge`)).status, 404);
  });

  test('the head sha follows new commits pushed to the head branch', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-hal');
    pushCommit(ws, 'grow', { 'g.txt': '1\n' }, 'first');
    const pr = await openPull(server, owner, full, { head: 'grow', base: 'main', title: 'Grow' });
    const next = pushCommit(ws, 'grow', { 'g.txt': '1\n2\n' }, 'second');
    const again = await server.request<PullJson>('GET', `/repos/${full}/pulls/${pr.number}`);
    assert.equal(again.json.head.sha, next);
    assert.equal(again.json.additions, 2);
    assert.equal(serverGit(server, full, 'rev-parse', `refs/pull/${pr.number}/head`), next);
  });
});

describe('editing pull requests', () => {
  test('an edit answers 201 and changes title, body, state and the base branch', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-ida');
    pushCommit(ws, 'release', {}, 'release branch');
    pushCommit(ws, 'fix', { 'fix.txt': 'fixed\n' }, 'fix');
    const pr = await openPull(server, owner, full, { head: 'fix', base: 'main', title: 'Fix' });
    const edited = await server.request<PullJson>('PATCH', `/repos/${full}/pulls/${pr.number}`, {
      token: owner.token,
      body: { title: 'Fix it', body: 'now with a body', base: 'release' },
    });
    assert.equal(edited.status, 201, edited.text);
    assert.equal(edited.json.title, 'Fix it');
    assert.equal(edited.json.body, 'now with a body');
    assert.equal(edited.json.base.ref, 'release');
    assert.equal(edited.json.base.sha, serverGit(server, full, 'rev-parse', 'refs/heads/release'));
    const missing = await server.request<{ message: string }>('PATCH', `/repos/${full}/pulls/${pr.number}`, {
      token: owner.token,
      body: { base: 'no-such-branch' },
    });
    assert.equal(missing.status, 404);
    assert.match(missing.json.message, /new base 'no-such-branch' not exist/);
    const closed = await server.request<PullJson>('PATCH', `/repos/${full}/pulls/${pr.number}`, {
      token: owner.token,
      body: { state: 'closed' },
    });
    assert.equal(closed.json.state, 'closed');
    assert.notEqual(closed.json.closed_at, null);
    const reopened = await server.request<PullJson>('PATCH', `/repos/${full}/pulls/${pr.number}`, {
      token: owner.token,
      body: { state: 'open' },
    });
    assert.equal(reopened.json.state, 'open');
    assert.equal(reopened.json.closed_at, null);
  });

  test('a WIP title makes a draft that is not mergeable', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-jon');
    pushCommit(ws, 'draft', { 'w.txt': 'w\n' }, 'wip');
    const pr = await openPull(server, owner, full, { head: 'draft', base: 'main', title: 'WIP: not yet' });
    assert.equal(pr.draft, true);
    assert.equal(pr.mergeable, false);
    const merge = await server.request<{ message: string }>(
      'POST',
      `/repos/${full}/pulls/${pr.number}/merge`,
      {
        token: owner.token,
        body: { Do: 'merge' },
      },
    );
    assert.equal(merge.status, 405);
    assert.match(merge.json.message, /Work in progress/);
  });
});

describe('diffs, commits and files', () => {
  test('.diff, .patch, commits and files describe the changes of the pull request', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-kim');
    const first = pushCommit(ws, 'docs', { 'docs/guide.md': '# Guide\n' }, 'Add the guide');
    const second = pushCommit(
      ws,
      'docs',
      { 'docs/guide.md': '# Guide\n\nMore.\n', 'notes.txt': 'n\n' },
      'Extend the guide',
    );
    const pr = await openPull(server, owner, full, { head: 'docs', base: 'main', title: 'Docs' });

    const diff = await server.request('GET', `/repos/${full}/pulls/${pr.number}.diff`);
    assert.equal(diff.status, 200);
    assert.match(diff.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(diff.text, /^diff --git a\/docs\/guide\.md b\/docs\/guide\.md$/m);
    assert.match(diff.text, /^\+More\.$/m);
    assert.match(diff.text, /^diff --git a\/notes\.txt b\/notes\.txt$/m);

    const patch = await server.request('GET', `/repos/${full}/pulls/${pr.number}.patch`);
    assert.equal(patch.status, 200);
    assert.match(patch.text, new RegExp(`^From ${first} `, 'm'));
    assert.match(patch.text, new RegExp(`^From ${second} `, 'm'));
    assert.match(patch.text, /^Subject: \[PATCH 1\/2\] Add the guide$/m);
    assert.equal((await server.request('GET', `/repos/${full}/pulls/${pr.number}.txt`)).status, 404);

    const commits = await server.request<
      { sha: string; commit: { message: string }; files: { filename: string }[] }[]
    >('GET', `/repos/${full}/pulls/${pr.number}/commits`);
    assert.equal(commits.status, 200);
    assert.deepEqual(
      commits.json.map((c) => c.sha),
      [second, first],
    );
    assert.equal(commits.headers.get('x-total-count'), '2');
    assert.deepEqual(commits.json[0]!.files.map((f) => f.filename).sort(), ['docs/guide.md', 'notes.txt']);

    const files = await server.request<
      { filename: string; status: string; additions: number; changes: number; raw_url: string }[]
    >('GET', `/repos/${full}/pulls/${pr.number}/files`);
    assert.equal(files.status, 200);
    assert.deepEqual(
      files.json.map((f) => [f.filename, f.status, f.additions]),
      [
        ['docs/guide.md', 'added', 3],
        ['notes.txt', 'added', 1],
      ],
    );
    assert.equal(files.headers.get('x-total-count'), '2');
    assert.equal(files.json[1]!.raw_url, `${server.url}pr-kim/app/raw/commit/${second}/notes.txt`);
  });
});

describe('through gitea-js', () => {
  test('gitea-js creates, reads, lists, edits and checks a pull request with the field names it expects', async () => {
    const { owner, full, ws } = await ownerWithRepo('pr-lou');
    const head = pushCommit(ws, 'js', { 'js.txt': 'js\n' }, 'from js');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const created = await api.repos.repoCreatePullRequest('pr-lou', 'app', {
      head: 'js',
      base: 'main',
      title: 'Via gitea-js',
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.head?.sha, head);
    assert.equal(created.data.base?.ref, 'main');
    const fetched = await api.repos.repoGetPullRequest('pr-lou', 'app', created.data.number!);
    assert.equal(fetched.data.title, 'Via gitea-js');
    assert.equal(fetched.data.mergeable, true);
    const listed = await api.repos.repoListPullRequests('pr-lou', 'app', { state: 'open' });
    assert.deepEqual(
      listed.data.map((p) => p.number),
      [created.data.number],
    );
    const edited = await api.repos.repoEditPullRequest('pr-lou', 'app', created.data.number!, {
      title: 'Renamed',
    });
    assert.equal(edited.status, 201);
    assert.equal(edited.data.title, 'Renamed');
    await assert.rejects(
      api.repos.repoPullRequestIsMerged('pr-lou', 'app', created.data.number!),
      (error: unknown) => {
        assert.equal((error as { status?: number }).status, 404);
        return true;
      },
    );
    assert.equal(full, 'pr-lou/app');
  });
});
