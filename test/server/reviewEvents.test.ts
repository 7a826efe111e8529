import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import {
  header,
  payloadOf,
  startHookReceiver,
  type HookReceiver,
  type ReceivedHook,
} from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit } from './pullsFixture';

/** Review requests and reviews as Gitea announces them: webhooks and the requested reviewer's notification. */

interface Payload {
  action?: string;
  number?: number;
  pull_request?: { number: number };
  requested_reviewer?: { login: string } | null;
  review?: { type: string; content: string } | null;
  sender?: { login: string };
}

interface ThreadBody {
  id: number;
  subject: { title: string; type: string };
  unread: boolean;
}

let server: TestServer;
let receiver: HookReceiver;
let owner: TestUser;
let author: TestUser;
let reviewer: TestUser;
let bystander: TestUser;
const workspaces: GitWorkspace[] = [];
const full = 're-owner/app';

before(async () => {
  receiver = await startHookReceiver();
  server = await startServer();
  owner = await server.createUser('re-owner');
  author = await server.createUser('re-author');
  reviewer = await server.createUser('re-reviewer');
  bystander = await server.createUser('re-bystander');
  await createRepo(server, owner, 'app');
  for (const user of [author, reviewer, bystander]) {
    const added = await server.request('PUT', `/repos/${full}/collaborators/${user.user.login}`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    assert.equal(added.status, 204, added.text);
  }
  // One hook for review requests alone, one for reviews alone (Gitea's separate choices).
  for (const [path, events] of [
    ['/requests', ['pull_request_review_request']],
    ['/reviews', ['pull_request_review']],
  ] as const) {
    const hook = await server.request('POST', `/repos/${full}/hooks`, {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: `${receiver.url}${path}`, content_type: 'json' },
        events,
        active: true,
      },
    });
    assert.equal(hook.status, 200, hook.text);
  }
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
  await receiver.close();
});

async function pullOf(branch: string, title: string): Promise<number> {
  const ws = cloneAs(server, author, full);
  workspaces.push(ws);
  pushCommit(ws, branch, { [`${branch}.txt`]: `${branch}\n` }, title);
  return (await openPull(server, author, full, { head: branch, base: 'main', title })).number;
}

const delivered = (path: string, eventType: string, match: (p: Payload) => boolean): Promise<ReceivedHook> =>
  receiver.delivered(
    (hook) =>
      hook.path === path &&
      header(hook, 'x-gitea-event-type') === eventType &&
      match(payloadOf<Payload>(hook)),
  );

async function threadOf(user: TestUser, title: string): Promise<ThreadBody | undefined> {
  const res = await server.request<ThreadBody[]>('GET', '/notifications?all=true', { token: user.token });
  assert.equal(res.status, 200, res.text);
  return res.json.find((t) => t.subject.title === title);
}

describe('review events', () => {
  test('a review request: pull_request_review_request (X-Gitea-Event pull_request), a thread for the reviewer only', async () => {
    const number = await pullOf('asked', 'Asked for review');
    assert.equal(await threadOf(reviewer, 'Asked for review'), undefined);
    const requested = await server.request('POST', `/repos/${full}/pulls/${number}/requested_reviewers`, {
      token: owner.token,
      body: { reviewers: ['re-reviewer'] },
    });
    assert.equal(requested.status, 201, requested.text);

    const hook = await delivered('/requests', 'pull_request_review_request', (p) => p.number === number);
    assert.equal(header(hook, 'x-gitea-event'), 'pull_request');
    const payload = payloadOf<Payload>(hook);
    assert.equal(payload.action, 'review_requested');
    assert.equal(payload.requested_reviewer?.login, 're-reviewer');
    assert.equal(payload.sender?.login, 're-owner');
    assert.equal(payload.pull_request?.number, number);

    const thread = await threadOf(reviewer, 'Asked for review');
    assert.ok(thread, 'the requested reviewer has a thread');
    assert.equal(thread.unread, true);
    assert.equal(thread.subject.type, 'Pull');
    assert.equal(await threadOf(bystander, 'Asked for review'), undefined, 'nobody else hears of it');

    const read = await server.request('PATCH', `/notifications/threads/${thread.id}`, {
      token: reviewer.token,
    });
    assert.equal(read.status, 205, read.text);
    const removed = await server.request('DELETE', `/repos/${full}/pulls/${number}/requested_reviewers`, {
      token: owner.token,
      body: { reviewers: ['re-reviewer'] },
    });
    assert.equal(removed.status, 204, removed.text);
    const gone = payloadOf<Payload>(
      await delivered(
        '/requests',
        'pull_request_review_request',
        (p) => p.number === number && p.action === 'review_request_removed',
      ),
    );
    assert.equal(gone.requested_reviewer?.login, 're-reviewer');
    assert.equal(
      (await threadOf(reviewer, 'Asked for review'))?.unread,
      false,
      'a withdrawal notifies nobody',
    );
  });

  test('reviewers named when the pull request is opened are announced the same way', async () => {
    const ws = cloneAs(server, author, full);
    workspaces.push(ws);
    pushCommit(ws, 'named', { 'named.txt': 'named\n' }, 'Named reviewers');
    const pull = await server.request<{ number: number }>('POST', `/repos/${full}/pulls`, {
      token: author.token,
      body: { head: 'named', base: 'main', title: 'Named reviewers', reviewers: ['re-reviewer'] },
    });
    assert.equal(pull.status, 201, pull.text);
    const hook = await delivered(
      '/requests',
      'pull_request_review_request',
      (p) => p.number === pull.json.number && p.action === 'review_requested',
    );
    assert.equal(payloadOf<Payload>(hook).requested_reviewer?.login, 're-reviewer');
    assert.equal(payloadOf<Payload>(hook).sender?.login, 're-author');
    assert.ok(await threadOf(reviewer, 'Named reviewers'));
  });

  test('reviews: approved, rejected and comment events with their X-Gitea-Event; a pending one waits for its submission', async () => {
    const number = await pullOf('judged', 'Judge me');
    const reviews = `/repos/${full}/pulls/${number}/reviews`;
    const post = async (token: string, body: Record<string, unknown>) => {
      const res = await server.request<{ id: number }>('POST', reviews, { token, body });
      assert.equal(res.status, 200, res.text);
      return res.json;
    };
    await post(reviewer.token, { event: 'REQUEST_CHANGES', body: 'please fix' });
    const rejected = await delivered('/reviews', 'pull_request_review_rejected', (p) => p.number === number);
    assert.equal(header(rejected, 'x-gitea-event'), 'pull_request_rejected');
    const rejectedPayload = payloadOf<Payload>(rejected);
    assert.equal(rejectedPayload.action, 'reviewed');
    assert.deepEqual(rejectedPayload.review, { type: 'pull_request_review_rejected', content: 'please fix' });

    await post(owner.token, { event: 'APPROVED', body: 'fine now' });
    const approved = await delivered('/reviews', 'pull_request_review_approved', (p) => p.number === number);
    assert.equal(header(approved, 'x-gitea-event'), 'pull_request_approved');

    const pending = await post(bystander.token, {
      event: 'PENDING',
      body: 'draft',
      comments: [{ path: 'judged.txt', body: 'hm, @re-author', new_position: 1 }],
    });
    const submitted = await server.request('POST', `${reviews}/${pending.id}`, {
      token: bystander.token,
      body: { event: 'COMMENT', body: 'my notes' },
    });
    assert.equal(submitted.status, 200, submitted.text);
    const comment = await delivered(
      '/reviews',
      'pull_request_review_comment',
      (p) => p.number === number && p.review?.content === 'my notes',
    );
    assert.equal(header(comment, 'x-gitea-event'), 'pull_request_comment');
    const forPull = receiver.received.filter((hook) => payloadOf<Payload>(hook).number === number);
    assert.deepEqual(
      forPull
        .filter((hook) => hook.path === '/reviews')
        .map((hook) => payloadOf<Payload>(hook).review?.content),
      ['please fix', 'fine now', 'my notes'],
      'the pending review sent nothing before its submission',
    );
    assert.deepEqual(
      forPull.filter((hook) => hook.path === '/requests'),
      [],
      'a hook for review requests hears nothing of reviews',
    );
  });
});
