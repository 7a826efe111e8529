import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { toHookDelivery } from '../../src/server/convert/hook';
import { createLogger } from '../../src/server/log';
import { AddressPolicy } from '../../src/server/services/addressPolicy';
import type { RepositoryEvent } from '../../src/server/services/events';
import { DeliveryQueue } from '../../src/server/services/webhooks/deliveryQueue';
import { DeliverySender, type AttemptOutcome } from '../../src/server/services/webhooks/deliverySender';
import { queueDeliveries } from '../../src/server/services/webhooks/hookQueueing';
import { createHook } from '../../src/server/services/webhooks/hookRules';
import { attemptsOf, findDelivery } from '../../src/server/store/hookDeliveries';
import { waitFor } from './harness';
import { openRulesStore } from './webhookFixture';

const quietLog = createLogger('info', () => undefined);
const anyAddress = async (): Promise<string[]> => ['127.0.0.1'];

describe('the delivery worker', () => {
  const { db, ownerId, repoId, close } = openRulesStore('teahouse-webhook-queue-');
  const issueEvent: RepositoryEvent = {
    event: 'issues',
    repoId,
    senderId: ownerId,
    payload: {
      action: 'opened',
      number: 1,
      issue: { number: 1, title: 'T' },
      repository: { full_name: 'rules-owner/rules' },
      sender: { login: 'rules-owner' },
    },
  };
  after(close);

  const hookInput = {
    type: 'gitea',
    config: { url: 'http://127.0.0.1:1/hook', content_type: 'json' },
    events: ['issues'],
    active: true,
  };

  test('the worker records failed attempts, retries with back-off, and marks the delivery delivered', async () => {
    const policy = new AddressPolicy({ listenHost: '127.0.0.1', lookup: anyAddress });
    await createHook({ db, policy }, { repoId }, hookInput);
    assert.equal(queueDeliveries(db, issueEvent), 1);
    const outcomes: AttemptOutcome[] = [
      {
        status: 502,
        headers: {},
        bodyExcerpt: 'bad gateway',
        error: 'the receiver answered 502',
        succeeded: false,
        startedAt: Date.now(),
        durationMs: 3,
      },
      {
        status: 0,
        headers: {},
        bodyExcerpt: '',
        error: 'timed out after 5 ms',
        succeeded: false,
        startedAt: Date.now(),
        durationMs: 5,
      },
      {
        status: 200,
        headers: { 'x-ok': '1' },
        bodyExcerpt: 'ok',
        error: '',
        succeeded: true,
        startedAt: Date.now(),
        durationMs: 1,
      },
    ];
    const sent: string[] = [];
    const sender = {
      send: async (request: { headers: Readonly<Record<string, string>> }) => {
        sent.push(request.headers['X-Gitea-Delivery']!);
        return outcomes.shift()!;
      },
      close: async () => undefined,
    } as unknown as DeliverySender;
    const queue = new DeliveryQueue({
      db,
      log: quietLog,
      sender,
      retryBaseMs: 1,
      concurrency: 2,
      userAgent: 'test',
    });
    queue.start();
    const id = db.get<{ id: number }>('SELECT id FROM hook_delivery')!.id;
    await waitFor(() => findDelivery(db, id)?.state === 'delivered', 5_000, 'the delivery');
    await queue.stop();
    assert.equal(new Set(sent).size, 1);
    assert.equal(sent.length, 3);
    const row = findDelivery(db, id)!;
    const json = toHookDelivery(row, attemptsOf(db, [id]).get(id)!);
    assert.equal(json.attempts, 3);
    assert.equal(json.is_succeed, true);
    assert.equal(json.next_attempt_at, null);
    assert.deepEqual(
      json.history.map((a) => [a.attempt, a.response.status, a.error]),
      [
        [1, 502, 'the receiver answered 502'],
        [2, 0, 'timed out after 5 ms'],
        [3, 200, ''],
      ],
    );
    assert.equal(json.history[2]!.response.headers['x-ok'], '1');
    assert.equal(json.history[0]!.request.headers['X-Gitea-Event'], 'issues');
  });

  test('a delivery still failing after its last retry is given up', async () => {
    db.run('DELETE FROM hook_delivery');
    queueDeliveries(db, issueEvent);
    let calls = 0;
    const sender = {
      send: async (): Promise<AttemptOutcome> => {
        calls++;
        return {
          status: 500,
          headers: {},
          bodyExcerpt: '',
          error: 'the receiver answered 500',
          succeeded: false,
          startedAt: Date.now(),
          durationMs: 1,
        };
      },
    } as unknown as DeliverySender;
    const queue = new DeliveryQueue({
      db,
      log: quietLog,
      sender,
      retryBaseMs: 1,
      concurrency: 1,
      userAgent: 'test',
    });
    queue.start();
    const id = db.get<{ id: number }>('SELECT id FROM hook_delivery')!.id;
    await waitFor(() => findDelivery(db, id)?.state === 'failed', 10_000, 'giving up');
    await queue.stop();
    assert.equal(calls, 6);
    assert.equal(findDelivery(db, id)!.attempts, 6);
  });

  test('stopping the worker mid-attempt leaves the delivery queued, its attempt not counted', async () => {
    db.run('DELETE FROM hook_delivery');
    queueDeliveries(db, issueEvent);
    let started = false;
    const sender = {
      send: (_request: unknown, stop: AbortSignal): Promise<AttemptOutcome> =>
        new Promise((resolve) => {
          started = true;
          stop.addEventListener('abort', () =>
            resolve({
              status: 0,
              headers: {},
              bodyExcerpt: '',
              error: 'aborted',
              succeeded: false,
              startedAt: Date.now(),
              durationMs: 1,
            }),
          );
        }),
    } as unknown as DeliverySender;
    const queue = new DeliveryQueue({
      db,
      log: quietLog,
      sender,
      retryBaseMs: 1,
      concurrency: 1,
      userAgent: 'test',
    });
    queue.start();
    await waitFor(() => started, 5_000, 'the attempt');
    await queue.stop();
    const row = db.get<{ state: string; attempts: number }>('SELECT state, attempts FROM hook_delivery')!;
    assert.deepEqual({ ...row }, { state: 'pending', attempts: 0 });
  });
});

describe('the sender', () => {
  const hanging: ServerResponse[] = [];
  const receiver = createServer((_req, res) => hanging.push(res));
  after(() => {
    for (const res of hanging) res.destroy();
    receiver.close();
  });

  test('a receiver that does not answer in time is a timed-out attempt', async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const sender = new DeliverySender(new AddressPolicy({ listenHost: '127.0.0.1' }), 200);
    const outcome = await sender.send(
      { url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}', recordedHeaders: {} },
      new AbortController().signal,
    );
    await sender.close();
    assert.equal(outcome.status, 0);
    assert.equal(outcome.succeeded, false);
    assert.equal(outcome.error, 'timed out after 200 ms');
  });

  test('a target the policy refuses at delivery time is a failed attempt naming the reason', async () => {
    const sender = new DeliverySender(new AddressPolicy({ listenHost: '0.0.0.0' }), 1_000);
    const outcome = await sender.send(
      { url: 'http://127.0.0.1:9/', headers: {}, body: '{}', recordedHeaders: {} },
      new AbortController().signal,
    );
    await sender.close();
    assert.equal(outcome.status, 0);
    assert.match(outcome.error, /loopback address/);
  });
});
