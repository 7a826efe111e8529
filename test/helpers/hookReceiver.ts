import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { databaseFile } from '../../src/server/config';
import { Database } from '../../src/server/store/database';
import { waitFor } from '../server/harness';

/** One webhook request as the receiver got it, and what it answered. */
export interface ReceivedHook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The exact body bytes, as text. */
  readonly body: string;
  /** The status answered (0 while hanging, or when the request was never answered). */
  status: number;
}

export interface HookReceiver {
  /** `http://<host>:<port>`; any path is accepted. */
  readonly url: string;
  /** Every request, in arrival order (failed and hanging ones included). */
  readonly received: ReceivedHook[];
  /** The next `count` requests answer `status` (500 by default). */
  failNext(count: number, status?: number): void;
  /** From now on, requests get no answer at all until `hang(false)` (or close). */
  hang(on: boolean): void;
  /** Waits until a request matching `match` arrived and was answered 2xx; answers it. */
  delivered(match: (hook: ReceivedHook) => boolean, timeoutMs?: number): Promise<ReceivedHook>;
  /** Waits until `count` requests arrived (whatever was answered). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A local webhook receiver (on 127.0.0.1 unless told) that records requests and can fail or hang on demand. */
export async function startHookReceiver(host = '127.0.0.1'): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  const hanging: ServerResponse[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let hangAll = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hook: ReceivedHook = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: 0,
      };
      received.push(hook);
      if (hangAll) {
        hanging.push(res);
        return;
      }
      hook.status = failures.count > 0 ? failures.status : 200;
      if (failures.count > 0) failures = { ...failures, count: failures.count - 1 };
      res.writeHead(hook.status, { 'content-type': 'text/plain' });
      res.end(hook.status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    received,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    hang(on) {
      hangAll = on;
    },
    async delivered(match, timeoutMs = 10_000) {
      let found: ReceivedHook | undefined;
      await waitFor(
        () =>
          (found = received.find((hook) => hook.status >= 200 && hook.status < 300 && match(hook))) !==
          undefined,
        timeoutMs,
        'a webhook delivery',
      );
      return found!;
    },
    waitForCount: (count, timeoutMs = 10_000) =>
      waitFor(() => received.length >= count, timeoutMs, `${count} webhook requests`),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A header's single value (Node lower-cases names). */
export const header = (hook: ReceivedHook, name: string): string => {
  const value = hook.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/** The JSON payload of a delivery (from the `payload` field of a form delivery). */
export function payloadOf<T>(hook: ReceivedHook): T {
  const text = header(hook, 'content-type').startsWith('application/x-www-form-urlencoded')
    ? (new URLSearchParams(hook.body).get('payload') ?? '')
    : hook.body;
  return JSON.parse(text) as T;
}

/** The hex HMAC-SHA256 a receiver computes to check `X-Gitea-Signature`. */
export const hmacSha256 = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('hex');
export const hmacSha1 = (secret: string, text: string): string =>
  createHmac('sha1', secret).update(text).digest('hex');

/**
 * The event types queued for a hook, oldest first, read from the server's database (the queue is a
 * table, written before the API call that caused the event answers: so "nothing was queued" is certain
 * at once, where waiting for a request that should never come could not be).
 */
export function queuedEventTypes(dataDir: string, hookId: number): string[] {
  const db = new Database(databaseFile(dataDir));
  try {
    return db
      .all<{ event_type: string }>(
        'SELECT event_type FROM hook_delivery WHERE hook_id = ? ORDER BY id',
        hookId,
      )
      .map((row) => row.event_type);
  } finally {
    db.close();
  }
}
