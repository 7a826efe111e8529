import assert from 'node:assert/strict';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, waitFor, type TestServer, type TestUser } from './harness';
import { addCollaborator, cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

/** Scheduled merges (`merge_when_checks_succeed`): made when the head's required checks succeed. */

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
  writer: TestUser;
  other: TestUser;
  full: string;
  repoId: number;
  pr: PullJson;
  ws: GitWorkspace;
}

/** `writer`'s pull request into main, whose rule requires the `ci` status (unless `protect` is false). */
async function world(prefix: string, protect = true): Promise<World> {
  const owner = await server.createUser(`${prefix}-owner`);
  const writer = await server.createUser(`${prefix}-writer`);
  const other = await server.createUser(`${prefix}-other`);
  const repo = await createRepo(server, owner, 'app');
  await addCollaborator(server, owner, repo.full_name, writer, 'write');
  await addCollaborator(server, owner, repo.full_name, other, 'write');
  if (protect) {
    const rule = await server.request('POST', `/repos/${repo.full_name}/branch_protections`, {
      token: owner.token,
      body: {
        rule_name: 'main',
        enable_push: true,
        enable_status_check: true,
        status_check_contexts: ['ci'],
      },
    });
    assert.equal(rule.status, 201, rule.text);
  }
  const ws = cloneAs(server, writer, repo.full_name);
  workspaces.push(ws);
  pushCommit(ws, 'change', { 'change.txt': 'a change\n' }, 'Change');
  const pr = await openPull(server, writer, repo.full_name, {
    head: 'change',
    base: 'main',
    title: 'Change',
  });
  return { owner, writer, other, full: repo.full_name, repoId: repo.id, pr, ws };
}

const mergePath = (w: World) => `/repos/${w.full}/pulls/${w.pr.number}/merge`;

const schedule = (w: World, user: TestUser, extra: Record<string, unknown> = {}) =>
  server.request<{ message?: string }>('POST', mergePath(w), {
    token: user.token,
    body: { do: 'merge', merge_when_checks_succeed: true, ...extra },
  });

const cancel = (w: World, user?: TestUser) =>
  server.request<{ message?: string }>('DELETE', mergePath(w), user ? { token: user.token } : {});

const status = (w: World, sha: string, state: string, context = 'ci') =>
  server.request('POST', `/repos/${w.full}/statuses/${sha}`, {
    token: w.owner.token,
    body: { state, context },
  });

async function pull(w: World): Promise<PullJson> {
  const res = await server.request<PullJson>('GET', `/repos/${w.full}/pulls/${w.pr.number}`, {
    token: w.owner.token,
  });
  assert.equal(res.status, 200, res.text);
  return res.json;
}

const merged = async (w: World): Promise<boolean> => (await pull(w)).merged;

async function timelineTypes(w: World): Promise<string[]> {
  const res = await server.request<{ type: string }[]>(
    'GET',
    `/repos/${w.full}/issues/${w.pr.number}/timeline`,
    {
      token: w.owner.token,
    },
  );
  assert.equal(res.status, 200, res.text);
  return res.json.map((event) => event.type);
}

describe('scheduling a merge for when the checks succeed', () => {
  test('answers 201 and waits; a pending status changes nothing; success merges as the scheduler', async () => {
    const w = await world('am-a');
    const scheduled = await schedule(w, w.writer, { merge_title_field: 'Scheduled merge of the change' });
    assert.equal(scheduled.status, 201, scheduled.text);
    assert.equal(await merged(w), false);
    assert.ok((await timelineTypes(w)).includes('pull_scheduled_merge'));
    const again = await schedule(w, w.other);
    assert.equal(again.status, 409, again.text);
    assert.match(again.json.message ?? '', /already scheduled to auto merge/);
    assert.equal((await status(w, w.pr.head.sha, 'pending')).status, 200);
    assert.equal((await status(w, w.pr.head.sha, 'success', 'other-check')).status, 200);
    assert.equal(await merged(w), false, 'the required context has not succeeded');
    assert.equal((await status(w, w.pr.head.sha, 'success')).status, 200);
    await waitFor(() => merged(w), 15_000, 'the scheduled merge');
    const done = await pull(w);
    assert.equal(done.merged_by?.login, 'am-a-writer');
    const main = await server.request<{ commit: { message: string } }>(
      'GET',
      `/repos/${w.full}/branches/main`,
      {
        token: w.owner.token,
      },
    );
    assert.match(main.json.commit.message, /^Scheduled merge of the change/);
    assert.equal((await cancel(w, w.writer)).status, 404, 'a merge ends the schedule');
  });

  test('merging at once while the required checks have not succeeded is refused with 405', async () => {
    const w = await world('am-b');
    const res = await server.request<{ message: string }>('POST', mergePath(w), {
      token: w.writer.token,
      body: { do: 'merge' },
    });
    assert.equal(res.status, 405, res.text);
    assert.match(res.json.message, /status checks/);
    assert.equal(await merged(w), false);
  });

  test('without a required status check the scheduled merge is made straight away, as Gitea queues it', async () => {
    const w = await world('am-c', false);
    assert.equal((await schedule(w, w.writer)).status, 201);
    await waitFor(() => merged(w), 15_000, 'the merge');
  });

  test('a merged or draft pull request cannot be scheduled (405); a reader cannot merge (403)', async () => {
    const w = await world('am-d');
    const reader = await server.createUser('am-d-reader');
    await addCollaborator(server, w.owner, w.full, reader, 'read');
    assert.equal((await schedule(w, reader)).status, 403);
    const draft = await server.request('PATCH', `/repos/${w.full}/pulls/${w.pr.number}`, {
      token: w.writer.token,
      body: { title: 'WIP: Change' },
    });
    assert.equal(draft.status, 201, draft.text);
    assert.equal((await schedule(w, w.writer)).status, 405);
    assert.equal((await cancel(w, w.writer)).status, 404, 'nothing was scheduled');
  });

  test('a moved head waits for the status of its new commit', async () => {
    const w = await world('am-e');
    assert.equal((await schedule(w, w.writer)).status, 201);
    const moved = pushCommit(w.ws, 'change', { 'more.txt': 'more\n' }, 'More');
    await waitFor(async () => (await pull(w)).head.sha === moved, 10_000, 'the new head');
    assert.equal((await status(w, w.pr.head.sha, 'success')).status, 200);
    assert.equal(await merged(w), false, 'the old head passing is not enough');
    assert.equal((await status(w, moved, 'success')).status, 200);
    await waitFor(() => merged(w), 15_000, 'the merge of the new head');
  });
});

describe('cancelling a scheduled merge', () => {
  test('the scheduler cancels (204) with a timeline entry; no merge follows; a second cancel is 404', async () => {
    const w = await world('am-f');
    assert.equal((await schedule(w, w.writer)).status, 201);
    assert.equal((await cancel(w)).status, 401);
    const byOther = await cancel(w, w.other);
    assert.equal(byOther.status, 403, byOther.text);
    assert.equal(byOther.json.message, 'user has no permission to cancel the scheduled auto merge');
    assert.equal((await cancel(w, w.writer)).status, 204);
    assert.ok((await timelineTypes(w)).includes('pull_cancel_scheduled_merge'));
    assert.equal((await status(w, w.pr.head.sha, 'success')).status, 200);
    assert.equal(await merged(w), false);
    assert.equal((await cancel(w, w.writer)).status, 404);
    const unknown = await server.request('DELETE', `/repos/${w.full}/pulls/999/merge`, {
      token: w.owner.token,
    });
    assert.equal(unknown.status, 404);
  });

  test("a repository administrator may cancel another user's schedule", async () => {
    const w = await world('am-g');
    assert.equal((await schedule(w, w.writer)).status, 201);
    assert.equal((await cancel(w, w.owner)).status, 204);
  });
});

describe('scheduled merges across a restart', () => {
  test('a schedule survives a restart and is carried out when the status turns success', async () => {
    const w = await world('am-h');
    assert.equal((await schedule(w, w.writer)).status, 201);
    await server.stop({ keepData: true });
    server = await startServer({ dataDir: server.dataDir, admin: server.admin });
    assert.equal(await merged(w), false);
    assert.equal((await status(w, w.pr.head.sha, 'success')).status, 200);
    await waitFor(() => merged(w), 15_000, 'the merge after the restart');
  });

  test('at start a schedule whose checks passed while the server was down is merged', async () => {
    const w = await world('am-i');
    assert.equal((await schedule(w, w.writer)).status, 201);
    await server.stop({ keepData: true });
    // a status written while no server ran (a restored dump, another tool): only the start can see it
    const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'));
    try {
      db.prepare(
        `INSERT INTO commit_status (repo_id, sha, idx, state, target_url, description, context, creator_id, created, updated)
         VALUES (?, ?, 1, 'success', '', '', 'ci', ?, 0, 0)`,
      ).run(w.repoId, w.pr.head.sha, w.owner.user.id);
    } finally {
      db.close();
    }
    server = await startServer({ dataDir: server.dataDir, admin: server.admin });
    await waitFor(() => merged(w), 15_000, 'the merge at start');
  });
});
