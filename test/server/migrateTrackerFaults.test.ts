import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepo } from './pullsFixture';

/**
 * Sources that misbehave, played by a Teahouse behind a small rewriting proxy: a page size of 0, a list
 * that ignores `page`, and an error halfway through the import.
 */

type Rewrite = (pathname: string, query: URLSearchParams) => { status: number; body: unknown } | undefined;

let source: TestServer;
let target: TestServer;
let aliceSource: TestUser;
let aliceTarget: TestUser;
let proxy: Server;
let proxyUrl: string;
let rewrite: Rewrite = () => undefined;
const requests: string[] = [];

before(async () => {
  [source, target] = await Promise.all([startServer(), startServer()]);
  [aliceSource, aliceTarget] = await Promise.all([source.createUser('alice'), target.createUser('alice')]);
  await createRepo(source, aliceSource, 'odd');
  await source.request('POST', '/repos/alice/odd/issues', {
    token: aliceSource.token,
    body: { title: 'one' },
  });
  const upstream = new URL(source.url);
  proxy = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', source.url);
    requests.push(`${url.pathname}${url.search}`);
    const answer = rewrite(url.pathname, url.searchParams);
    if (answer) {
      outgoing
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
      return;
    }
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
});

after(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await Promise.all([source.stop(), target.stop()]);
});

const migrate = (name: string) =>
  target.request<{ message: string }>('POST', '/repos/migrate', {
    token: aliceTarget.token,
    body: {
      clone_addr: `${proxyUrl}alice/odd.git`,
      repo_name: name,
      service: 'gitea',
      auth_token: aliceSource.token,
      labels: true,
      milestones: true,
      issues: true,
      pull_requests: true,
      releases: true,
    },
  });

const fiftyLabels = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `l${i}`, color: 'aabbcc' }));

test('page size 0 falls back to 50, and a list that ignores `page` ends instead of looping', async () => {
  requests.length = 0;
  rewrite = (pathname) => {
    if (pathname === '/api/v1/settings/api') return { status: 200, body: { max_response_items: 0 } };
    if (pathname === '/api/v1/repos/alice/odd/labels') return { status: 200, body: fiftyLabels };
    return undefined;
  };
  const res = await migrate('paged');
  assert.equal(res.status, 201, res.text);
  const labelRequests = requests.filter((r) => r.startsWith('/api/v1/repos/alice/odd/labels'));
  assert.deepEqual(labelRequests, [
    '/api/v1/repos/alice/odd/labels?page=1&limit=50',
    '/api/v1/repos/alice/odd/labels?page=2&limit=50',
  ]);
  const labels = await target.request<unknown[]>('GET', '/repos/alice/paged/labels?limit=50', {
    token: aliceTarget.token,
  });
  assert.equal(labels.json.length, 50);
});

test('an error halfway through (after the clone): 422, and neither rows nor git data are left', async () => {
  rewrite = (pathname) =>
    pathname === '/api/v1/repos/alice/odd/issues/comments'
      ? { status: 500, body: { message: 'boom' } }
      : undefined;
  const res = await migrate('halfway');
  assert.equal(res.status, 422, res.text);
  assert.match(res.json.message, /^Migration failed: the source answered 500 to GET .*\/issues\/comments/);
  const repo = await target.request('GET', '/repos/alice/halfway', { token: aliceTarget.token });
  assert.equal(repo.status, 404);
  const repositories = path.join(target.dataDir, 'repositories');
  assert.equal(existsSync(path.join(repositories, 'alice', 'halfway.git')), false);
  const staging = path.join(repositories, '.staging');
  assert.deepEqual(existsSync(staging) ? readdirSync(staging) : [], []);
});
