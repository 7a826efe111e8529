import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { header, payloadOf, startHookReceiver, type HookReceiver } from '../helpers/hookReceiver';
import { startServer, waitFor, type TestServer, type TestUser } from './harness';

interface PushJson {
  ref: string;
  before: string;
  after: string;
  commits: { id: string; message: string }[];
  total_commits: number;
  head_commit: { id: string } | null;
  repository: { full_name: string };
  pusher: { login: string };
}

interface DeliveryJson {
  uuid: string;
  event: string;
  event_type: string;
  state: string;
  is_delivered: boolean;
  is_succeed: boolean;
  attempts: number;
  payload_content: string;
  history: {
    attempt: number;
    is_succeed: boolean;
    error: string;
    duration_ms: number;
    request: { url: string; headers: Record<string, string> };
    response: { status: number; body: string };
  }[];
}

describe('the delivery queue', () => {
  let server: TestServer;
  let receiver: HookReceiver;
  let owner: TestUser;
  let hookId: number;
  const repo = 'dq-owner/queued';

  before(async () => {
    receiver = await startHookReceiver();
    // retries after 50 ms, 300 ms, ...; a receiver gets 1 s to answer
    server = await startServer({ args: ['--webhook-retry-base', '50ms', '--webhook-timeout', '1s'] });
    owner = await server.createUser('dq-owner');
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'queued', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const empty = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'empty' },
    });
    assert.equal(empty.status, 201, empty.text);
    const hook = await server.request<{ id: number }>('POST', `/repos/${repo}/hooks`, {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: `${receiver.url}/queue`, content_type: 'json', secret: 'q' },
        events: ['issues'],
        active: true,
      },
    });
    assert.equal(hook.status, 200, hook.text);
    hookId = hook.json.id;
  });
  after(async () => {
    const { dataDir } = server;
    await server.stop();
    await receiver.close();
    // a restarted server was given the folder, so it leaves it behind
    rmSync(dataDir, { recursive: true, force: true });
  });

  const openIssue = async (title: string): Promise<void> => {
    const res = await server.request('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title },
    });
    assert.equal(res.status, 201, res.text);
  };
  const requestsFor = (title: string) =>
    receiver.received.filter(
      (hook) =>
        hook.path === '/queue' && payloadOf<{ issue?: { title: string } }>(hook).issue?.title === title,
    );

  test('a receiver that fails twice gets the same delivery again until it answers 2xx', async () => {
    receiver.failNext(2, 503);
    await openIssue('Retried');
    await receiver.delivered(
      (hook) =>
        hook.path === '/queue' && payloadOf<{ issue?: { title: string } }>(hook).issue?.title === 'Retried',
    );
    const attempts = requestsFor('Retried');
    assert.deepEqual(
      attempts.map((hook) => hook.status),
      [503, 503, 200],
    );
    assert.equal(
      new Set(attempts.map((hook) => header(hook, 'x-gitea-delivery'))).size,
      1,
      'one delivery, three attempts',
    );
    assert.equal(new Set(attempts.map((hook) => hook.body)).size, 1, 'the same body each time');
  });

  test('the deliveries list shows each attempt with its answer', async () => {
    receiver.failNext(1, 500);
    await openIssue('Listed');
    await receiver.delivered(
      (hook) =>
        hook.path === '/queue' && payloadOf<{ issue?: { title: string } }>(hook).issue?.title === 'Listed',
    );
    let listed: DeliveryJson | undefined;
    await waitFor(async () => {
      const res = await server.request<DeliveryJson[]>('GET', `/repos/${repo}/hooks/${hookId}/deliveries`, {
        token: owner.token,
      });
      listed = res.json.find((d) => d.payload_content.includes('"title": "Listed"'));
      return listed?.state === 'delivered';
    });
    assert.equal(listed!.event, 'issues');
    assert.equal(listed!.is_succeed, true);
    assert.equal(listed!.attempts, 2);
    assert.deepEqual(
      listed!.history.map((a) => [a.attempt, a.response.status, a.is_succeed]),
      [
        [1, 500, false],
        [2, 200, true],
      ],
    );
    assert.equal(listed!.history[0]!.response.body, 'receiver is down');
    assert.equal(listed!.history[0]!.error, 'the receiver answered 500');
    assert.equal(listed!.history[1]!.request.headers['X-Gitea-Event'], 'issues');
    assert.equal(listed!.history[1]!.request.url, `${receiver.url}/queue`);
  });

  test('a receiver that hangs times out, is retried, and does not hold up other hooks', async () => {
    const other = await startHookReceiver();
    try {
      const hook = await server.request('POST', `/repos/${repo}/hooks`, {
        token: owner.token,
        body: {
          type: 'gitea',
          config: { url: `${other.url}/other`, content_type: 'json' },
          events: ['issues'],
          active: true,
        },
      });
      assert.equal(hook.status, 200, hook.text);
      receiver.hang(true);
      await openIssue('Hanging');
      // the other hook's delivery arrives while the first receiver still holds its request
      await other.delivered((h) => payloadOf<{ issue?: { title: string } }>(h).issue?.title === 'Hanging');
      await waitFor(() => requestsFor('Hanging').length === 1, 10_000, 'the hanging request');
      assert.equal(requestsFor('Hanging')[0]!.status, 0, 'still unanswered');
      receiver.hang(false);
      await receiver.delivered(
        (h) => h.path === '/queue' && payloadOf<{ issue?: { title: string } }>(h).issue?.title === 'Hanging',
        15_000,
      );
      const attempts = requestsFor('Hanging');
      assert.equal(attempts.length, 2);
      assert.equal(header(attempts[0]!, 'x-gitea-delivery'), header(attempts[1]!, 'x-gitea-delivery'));
    } finally {
      receiver.hang(false);
      await other.close();
    }
  });

  test('the tests endpoint sends a push of the default branch head to the hook, whatever it selects', async () => {
    const branch = await server.request<{ commit: { id: string } }>('GET', `/repos/${repo}/branches/main`, {
      token: owner.token,
    });
    assert.equal(branch.status, 200, branch.text);
    const res = await server.request('POST', `/repos/${repo}/hooks/${hookId}/tests`, { token: owner.token });
    assert.equal(res.status, 204, res.text);
    const hook = await receiver.delivered(
      (h) => h.path === '/queue' && header(h, 'x-gitea-event') === 'push',
    );
    assert.equal(header(hook, 'x-gitea-event-type'), 'push');
    const push = payloadOf<PushJson>(hook);
    assert.equal(push.ref, 'refs/heads/main');
    assert.equal(push.before, branch.json.commit.id);
    assert.equal(push.after, branch.json.commit.id);
    assert.equal(push.total_commits, 1);
    assert.equal(push.commits[0]?.id, branch.json.commit.id);
    assert.equal(push.commits[0]?.message, 'Initial commit\n');
    assert.equal(push.head_commit?.id, branch.json.commit.id);
    assert.equal(push.repository.full_name, repo);
    assert.equal(push.pusher.login, 'dq-owner');
  });

  test('testing a hook of an empty repository sends a push without commits', async () => {
    const hook = await server.request<{ id: number }>('POST', '/repos/dq-owner/empty/hooks', {
      token: owner.token,
      body: { type: 'gitea', config: { url: `${receiver.url}/empty`, content_type: 'json' } },
    });
    assert.equal(hook.status, 200, hook.text);
    const res = await server.request('POST', `/repos/dq-owner/empty/hooks/${hook.json.id}/tests`, {
      token: owner.token,
    });
    assert.equal(res.status, 204, res.text);
    const push = payloadOf<PushJson>(await receiver.delivered((h) => h.path === '/empty'));
    assert.deepEqual(push.commits, []);
    assert.equal(push.after, '0'.repeat(40));
    assert.equal(push.head_commit, null);
  });

  test('testing an unknown hook or ref answers 404', async () => {
    const missing = await server.request('POST', `/repos/${repo}/hooks/99999/tests`, { token: owner.token });
    assert.equal(missing.status, 404);
    const ref = await server.request('POST', `/repos/${repo}/hooks/${hookId}/tests?ref=no-such-branch`, {
      token: owner.token,
    });
    assert.equal(ref.status, 404);
  });

  test('a delivery queued while the server stops is sent after it starts again', async () => {
    receiver.hang(true);
    await openIssue('Across a restart');
    await waitFor(() => requestsFor('Across a restart').length === 1, 10_000, 'the first attempt');
    // stop while the attempt hangs: it is given up and stays queued
    const stopped = await server.stop({ keepData: true });
    assert.equal(stopped.code, 0);
    receiver.hang(false);
    server = await startServer({
      dataDir: server.dataDir,
      args: ['--webhook-retry-base', '50ms', '--webhook-timeout', '1s'],
    });
    const delivered = await receiver.delivered(
      (h) =>
        h.path === '/queue' &&
        payloadOf<{ issue?: { title: string } }>(h).issue?.title === 'Across a restart',
    );
    const attempts = requestsFor('Across a restart');
    assert.equal(attempts.length, 2);
    assert.equal(header(attempts[0]!, 'x-gitea-delivery'), header(delivered, 'x-gitea-delivery'));
  });
});
