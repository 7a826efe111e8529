import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRelay } from '../../src/server/cluster/relay';

/** A server on a loopback port; its address as a URL. */
async function listen(server: http.Server): Promise<URL> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** One request through `url`: its status and body, or 'cut off' when the connection ends without an answer. */
function send(url: URL, method: string): Promise<{ status: number; body: string } | 'cut off'> {
  return new Promise((resolve) => {
    const request = http.request(url, { method, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', () => resolve('cut off'));
    request.end(method === 'POST' ? '{"title":"x"}' : undefined);
  });
}

function assertAnswered(
  answer: { status: number; body: string } | 'cut off',
): asserts answer is { status: number; body: string } {
  assert.notEqual(answer, 'cut off', 'an answer came');
}

describe('the relay of a worker when the primary goes', () => {
  // a primary that dies in the middle of every request: it read the request, then its connection ends
  const dying = http.createServer((req) => req.socket.destroy());
  const workers: http.Server[] = [];
  let dyingUrl: URL;
  let goneUrl: URL;

  before(async () => {
    dyingUrl = await listen(dying);
    // a port nobody listens on any more: the primary has gone before the request
    const closed = http.createServer();
    goneUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
  });

  after(async () => {
    dying.closeAllConnections();
    await new Promise((resolve) => dying.close(resolve));
    for (const worker of workers) {
      worker.closeAllConnections();
      await new Promise((resolve) => worker.close(resolve));
    }
  });

  const workerTo = async (primary: URL): Promise<URL> => {
    const worker = http.createServer(createRelay(primary, 'secret'));
    workers.push(worker);
    return listen(worker);
  };

  test('a write the primary may have done is cut off, never answered as failed', async () => {
    const worker = await workerTo(dyingUrl);
    assert.equal(await send(worker, 'POST'), 'cut off');
  });

  test('a read answers 502 "try again", changing nothing', async () => {
    const worker = await workerTo(dyingUrl);
    const answer = await send(worker, 'GET');
    assertAnswered(answer);
    assert.equal(answer.status, 502);
    assert.match(answer.body, /try again/);
  });

  test('a write that never reached the primary answers 502 "try again"', async () => {
    const worker = await workerTo(goneUrl);
    const answer = await send(worker, 'POST');
    assertAnswered(answer);
    assert.equal(answer.status, 502);
  });
});
