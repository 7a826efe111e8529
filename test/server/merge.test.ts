import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import {
  cloneAs,
  createRepo,
  openPull,
  pushCommit,
  serverGit,
  serverHasAncestor,
  type PullJson,
} from './pullsFixture';

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

interface World {
  owner: TestUser;
  full: string;
  ws: GitWorkspace;
}

async function world(name: string, repoOptions: Record<string, unknown> = {}): Promise<World> {
  const owner = await server.createUser(name);
  const repo = await createRepo(server, owner, 'app', repoOptions);
  const ws = cloneAs(server, owner, repo.full_name);
  workspaces.push(ws);
  return { owner, full: repo.full_name, ws };
}

const merge = (w: World, number: number, body?: Record<string, unknown>, token = w.owner.token) =>
  server.request<{ message: string }>('POST', `/repos/${w.full}/pulls/${number}/merge`, { token, body });

const getPull = async (w: World, number: number): Promise<PullJson> =>
  (await server.request<PullJson>('GET', `/repos/${w.full}/pulls/${number}`)).json;

/** The first-parent subjects of a branch in the server's repository, newest first. */
const subjects = (w: World, ref: string): string[] =>
  serverGit(server, w.full, 'log', '--first-parent', '--format=%s', ref).split('\n');

describe('merging', () => {
  test('a merge commit joins base and head, and the pull request reports who merged what', async () => {
    const w = await world('mg-ann');
    const baseBefore = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    const head = pushCommit(w.ws, 'feature', { 'f.txt': 'f\n' }, 'add f');
    const pr = await openPull(server, w.owner, w.full, { head: 'feature', base: 'main', title: 'Feature' });
    assert.equal((await server.request('GET', `/repos/${w.full}/pulls/${pr.number}/merge`)).status, 404);

    const res = await merge(w, pr.number, { Do: 'merge' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, '');

    const tip = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    assert.equal(serverGit(server, w.full, 'rev-parse', `${tip}^1`), baseBefore);
    assert.equal(serverGit(server, w.full, 'rev-parse', `${tip}^2`), head);
    assert.equal(
      subjects(w, 'main')[0],
      `Merge pull request 'Feature' (#${pr.number}) from feature into main`,
    );
    assert.equal(
      serverGit(server, w.full, 'log', '-1', '--format=%an <%ae>', tip),
      'mg-ann <mg-ann@example.com>',
    );

    assert.equal((await server.request('GET', `/repos/${w.full}/pulls/${pr.number}/merge`)).status, 204);
    const merged = await getPull(w, pr.number);
    assert.equal(merged.merged, true);
    assert.equal(merged.state, 'closed');
    assert.equal(merged.merge_commit_sha, tip);
    assert.equal(merged.merged_by?.login, 'mg-ann');
    assert.notEqual(merged.merged_at, null);
    const asIssue = await server.request<{ pull_request: { merged: boolean }; state: string }>(
      'GET',
      `/repos/${w.full}/issues/${pr.number}`,
    );
    assert.equal(asIssue.json.pull_request.merged, true);
    assert.equal(asIssue.json.state, 'closed');
  });

  test('a squash makes one commit on the base with the merged tree, attributed to the poster', async () => {
    const w = await world('mg-ben');
    const baseBefore = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    pushCommit(w.ws, 'squashme', { 's1.txt': '1\n' }, 'one');
    pushCommit(w.ws, 'squashme', { 's2.txt': '2\n' }, 'two');
    const pr = await openPull(server, w.owner, w.full, { head: 'squashme', base: 'main', title: 'Squash' });
    const res = await merge(w, pr.number, { Do: 'squash', MergeMessageField: 'Both files.' });
    assert.equal(res.status, 200, res.text);
    const tip = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    assert.equal(serverGit(server, w.full, 'rev-parse', `${tip}^@`), baseBefore);
    assert.equal(
      serverGit(server, w.full, 'log', '-1', '--format=%B', tip),
      `Squash (#${pr.number})\n\nBoth files.`,
    );
    assert.equal(
      serverGit(server, w.full, 'ls-tree', '--name-only', tip, 's1.txt', 's2.txt'),
      's1.txt\ns2.txt',
    );
  });

  test('a rebase replays the head commits on the moved base, keeping their authors', async () => {
    const w = await world('mg-cat');
    pushCommit(w.ws, 'topic', { 't1.txt': '1\n' }, 'topic one');
    pushCommit(w.ws, 'topic', { 't2.txt': '2\n' }, 'topic two');
    const pr = await openPull(server, w.owner, w.full, { head: 'topic', base: 'main', title: 'Topic' });
    const moved = pushCommit(w.ws, 'main', { 'other.txt': 'o\n' }, 'base moved', 'main');
    const res = await merge(w, pr.number, { Do: 'rebase' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(subjects(w, 'main').slice(0, 3), ['topic two', 'topic one', 'base moved']);
    const tip = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    assert.equal(serverGit(server, w.full, 'rev-parse', `${tip}~2`), moved);
    assert.equal(serverGit(server, w.full, 'log', '-1', '--format=%an|%cn', tip), 'Fixture Author|mg-cat');
    assert.equal(serverGit(server, w.full, 'rev-list', '--merges', '--count', 'refs/heads/main'), '0');
    assert.equal((await getPull(w, pr.number)).merge_commit_sha, tip);
  });

  test('rebase-merge replays the head and joins it with a merge commit', async () => {
    const w = await world('mg-dan');
    pushCommit(w.ws, 'rm', { 'r.txt': 'r\n' }, 'rebased commit');
    const pr = await openPull(server, w.owner, w.full, { head: 'rm', base: 'main', title: 'RM' });
    const moved = pushCommit(w.ws, 'main', { 'm.txt': 'm\n' }, 'main moved', 'main');
    const res = await merge(w, pr.number, { Do: 'rebase-merge' });
    assert.equal(res.status, 200, res.text);
    const tip = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    assert.equal(serverGit(server, w.full, 'rev-parse', `${tip}^1`), moved);
    assert.equal(serverGit(server, w.full, 'log', '-1', '--format=%s', `${tip}^2`), 'rebased commit');
    assert.equal(serverGit(server, w.full, 'rev-parse', `${tip}^2^`), moved);
  });

  test('fast-forward-only moves the base to the head, and is refused with 405 when the base moved', async () => {
    const w = await world('mg-eve');
    const head = pushCommit(w.ws, 'ff', { 'ff.txt': 'ff\n' }, 'ff');
    const pr = await openPull(server, w.owner, w.full, { head: 'ff', base: 'main', title: 'FF' });
    assert.equal((await merge(w, pr.number, { Do: 'fast-forward-only' })).status, 200);
    assert.equal(serverGit(server, w.full, 'rev-parse', 'refs/heads/main'), head);

    w.ws.git('fetch', '--quiet', 'origin');
    w.ws.git('checkout', '--quiet', '-B', 'main', 'origin/main');
    pushCommit(w.ws, 'ff2', { 'ff2.txt': 'x\n' }, 'ff2', 'main');
    const pr2 = await openPull(server, w.owner, w.full, { head: 'ff2', base: 'main', title: 'FF2' });
    pushCommit(w.ws, 'main', { 'elsewhere.txt': 'e\n' }, 'elsewhere', 'main');
    const refused = await merge(w, pr2.number, { Do: 'fast-forward-only' });
    assert.equal(refused.status, 405);
    assert.match(refused.json.message, /Not a fast-forward/);
  });

  test('a conflicting pull request is not mergeable and its merge is refused with 405 naming the file', async () => {
    const w = await world('mg-fay');
    pushCommit(w.ws, 'left', { 'README.md': 'left side\n' }, 'left');
    const pr = await openPull(server, w.owner, w.full, { head: 'left', base: 'main', title: 'Left' });
    const before = pushCommit(w.ws, 'main', { 'README.md': 'right side\n' }, 'right', 'main');
    const current = await getPull(w, pr.number);
    assert.equal(current.mergeable, false);
    const res = await merge(w, pr.number, { Do: 'merge' });
    assert.equal(res.status, 405);
    assert.match(res.json.message, /conflicts with the base branch: README\.md/);
    assert.equal(serverGit(server, w.full, 'rev-parse', 'refs/heads/main'), before);
    assert.equal((await getPull(w, pr.number)).merged, false);
    const rebase = await merge(w, pr.number, { Do: 'rebase' });
    assert.equal(rebase.status, 405);
  });

  test('merging twice, or a closed pull request, is refused with 405', async () => {
    const w = await world('mg-gus');
    pushCommit(w.ws, 'once', { 'o.txt': 'o\n' }, 'once');
    const pr = await openPull(server, w.owner, w.full, { head: 'once', base: 'main', title: 'Once' });
    // A 1.1.1 client sends no body: a merge commit.
    assert.equal((await merge(w, pr.number)).status, 200);
    assert.equal(serverGit(server, w.full, 'rev-list', '--merges', '--count', 'refs/heads/main'), '1');
    const again = await merge(w, pr.number, {});
    assert.equal(again.status, 405);
    assert.match(again.json.message, /already been merged/);
    const reopen = await server.request<{ message: string }>('PATCH', `/repos/${w.full}/pulls/${pr.number}`, {
      token: w.owner.token,
      body: { state: 'open' },
    });
    assert.equal(reopen.status, 412);

    pushCommit(w.ws, 'closed', { 'c.txt': 'c\n' }, 'closed', 'main');
    const pr2 = await openPull(server, w.owner, w.full, { head: 'closed', base: 'main', title: 'Closed' });
    await server.request('PATCH', `/repos/${w.full}/pulls/${pr2.number}`, {
      token: w.owner.token,
      body: { state: 'closed' },
    });
    const closed = await merge(w, pr2.number);
    assert.equal(closed.status, 405);
    assert.match(closed.json.message, /closed/);
  });

  test('a head_commit_id that is not the head any more answers 409 and merges nothing', async () => {
    const w = await world('mg-hal');
    const old = pushCommit(w.ws, 'moving', { 'm.txt': '1\n' }, 'first');
    const pr = await openPull(server, w.owner, w.full, { head: 'moving', base: 'main', title: 'Moving' });
    const newer = pushCommit(w.ws, 'moving', { 'm.txt': '2\n' }, 'second');
    const baseBefore = serverGit(server, w.full, 'rev-parse', 'refs/heads/main');
    const res = await merge(w, pr.number, { Do: 'merge', head_commit_id: old });
    assert.equal(res.status, 409);
    assert.match(res.json.message, /head out of date/);
    assert.equal(serverGit(server, w.full, 'rev-parse', 'refs/heads/main'), baseBefore);
    const ok = await merge(w, pr.number, { Do: 'merge', head_commit_id: newer });
    assert.equal(ok.status, 200, ok.text);
    assert.ok(serverHasAncestor(server, w.full, newer, 'refs/heads/main'));
  });

  test('delete_branch_after_merge removes the head branch; a style the repository forbids is 405', async () => {
    const w = await world('mg-ida');
    pushCommit(w.ws, 'gone', { 'g.txt': 'g\n' }, 'gone');
    const pr = await openPull(server, w.owner, w.full, { head: 'gone', base: 'main', title: 'Gone' });
    assert.equal((await merge(w, pr.number, { Do: 'merge', delete_branch_after_merge: true })).status, 200);
    assert.equal((await server.request('GET', `/repos/${w.full}/branches/gone`)).status, 404);
    // The merged pull request still knows its head.
    assert.equal(
      (await getPull(w, pr.number)).head.sha,
      serverGit(server, w.full, 'rev-parse', `refs/pull/${pr.number}/head`),
    );

    const edit = await server.request('PATCH', `/repos/${w.full}`, {
      token: w.owner.token,
      body: { allow_squash_merge: false },
    });
    assert.equal(edit.status, 200, edit.text);
    pushCommit(w.ws, 'nosquash', { 'n.txt': 'n\n' }, 'n', 'main');
    const pr2 = await openPull(server, w.owner, w.full, {
      head: 'nosquash',
      base: 'main',
      title: 'No squash',
    });
    const refused = await merge(w, pr2.number, { Do: 'squash' });
    assert.equal(refused.status, 405);
    assert.match(refused.json.message, /squash is not allowed/);
    const unknown = await merge(w, pr2.number, { Do: 'octopus' });
    assert.equal(unknown.status, 422);
  });

  test('gitea-js merges with its capitalised Do field', async () => {
    const w = await world('mg-jon');
    const head = pushCommit(w.ws, 'js', { 'js.txt': 'js\n' }, 'js');
    const pr = await openPull(server, w.owner, w.full, { head: 'js', base: 'main', title: 'JS' });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: w.owner.token });
    const res = await api.repos.repoMergePullRequest('mg-jon', 'app', pr.number, {
      Do: 'merge',
      MergeTitleField: 'Merged by gitea-js',
    });
    assert.equal(res.status, 200);
    assert.equal(subjects(w, 'main')[0], 'Merged by gitea-js');
    assert.ok(serverHasAncestor(server, w.full, head, 'refs/heads/main'));
    const checked = await api.repos.repoPullRequestIsMerged('mg-jon', 'app', pr.number);
    assert.equal(checked.status, 204);
  });
});
