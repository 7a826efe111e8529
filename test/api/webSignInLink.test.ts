import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TeahouseClient } from '../../src/api/client';
import { requestWebSignInLink } from '../../src/api/webSignInLink';
import { startGitea114Double, type Gitea114Double } from '../helpers/gitea114Double';
import { startServer, type TestServer, type TestUser } from '../server/harness';

/** The client side of one-time sign-in links: Teahouse makes one; a Gitea without the endpoint makes none. */

let server: TestServer;
let double: Gitea114Double;
let carol: TestUser;
const clients: TeahouseClient[] = [];

function client(baseUrl: string, token: string): TeahouseClient {
  const made = new TeahouseClient({ baseUrl, auth: { kind: 'token', token }, proxy: 'none', retries: 0 });
  clients.push(made);
  return made;
}

before(async () => {
  [server, double] = await Promise.all([startServer(), startGitea114Double()]);
  carol = await server.createUser('link-carol');
});

after(async () => {
  await Promise.all(clients.map((one) => one.close()));
  await Promise.all([server?.stop(), double?.close()]);
});

test('Teahouse answers a link that signs the token holder in and leads to the path', async () => {
  const url = await requestWebSignInLink(client(server.url, carol.token), '/link-carol?tab=stars#top');
  assert.ok(url !== undefined && url.startsWith(`${server.url}user/login/link/`), url);
  const followed = await fetch(url, { redirect: 'manual' });
  assert.equal(followed.status, 303);
  assert.equal(followed.headers.get('location'), `${server.url}link-carol?tab=stars#top`);
  assert.ok(followed.headers.getSetCookie().some((line) => line.startsWith('teahouse_session=')));
});

test('a refusal other than a missing endpoint is thrown', async () => {
  await assert.rejects(requestWebSignInLink(client(server.url, carol.token), 'https://evil.example/'), {
    name: 'ApiError',
    status: 422,
  });
});

test('a Gitea without the endpoint: no link, no error', async () => {
  assert.equal(await requestWebSignInLink(client(double.url, 'root-token'), '/acme/widgets'), undefined);
});
