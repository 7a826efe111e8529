import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { operations } from '../../src/api/operations';
import { handlers } from '../../src/server/routes';
import { startServer, type TestServer } from './harness';

interface ErrorBody {
  message: string;
  url: string;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request through node:http, for what fetch does not allow (chunked uploads, exact paths). */
function rawRequest(
  url: string,
  options: http.RequestOptions,
  write?: (req: http.ClientRequest) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // The server may close the connection while we still upload; the answer is what matters.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (write) write(req);
    else req.end();
  });
}

describe('HTTP layer', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--body-limit', '2048'] });
  });
  after(async () => {
    await server.stop();
  });

  test('an unknown API path answers 404 with Gitea JSON', async () => {
    const res = await server.request<ErrorBody>('GET', '/no/such/thing');
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, { message: "The target couldn't be found.", url: `${server.url}api/swagger` });
    assert.equal((await server.requestRoot('GET', '/api/v1')).status, 404);
    assert.equal((await server.requestRoot('GET', '/elsewhere')).status, 404);
  });

  test('a known path with another method answers 405 with Allow', async () => {
    const res = await server.request<ErrorBody>('DELETE', '/version');
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET');
    assert.match(res.json.message, /DELETE/);
  });

  test('a trailing slash and doubled slashes reach the same operation', async () => {
    const slash = await server.request<{ version: string }>('GET', '/version/');
    assert.equal(slash.status, 200);
    assert.equal(typeof slash.json.version, 'string');
    const doubled = await rawRequest(server.url, { path: '//api/v1//version', method: 'GET' });
    assert.equal(doubled.status, 200);
    assert.equal((JSON.parse(doubled.body) as { version: string }).version, slash.json.version);
  });

  test('an alias answers exactly as the path it stands for', async () => {
    const alias = operations.find((o) => o.operationId === 'orgListUserOrgs');
    assert.ok(
      alias?.aliases?.includes('/user/{username}/orgs'),
      'the catalogue has the alias this test uses',
    );
    const viaPath = await server.request('GET', `/users/${server.admin.username}/orgs`, {
      token: server.admin.token,
    });
    const viaAlias = await server.request('GET', `/user/${server.admin.username}/orgs`, {
      token: server.admin.token,
    });
    assert.equal(viaAlias.status, viaPath.status);
    assert.equal(viaAlias.text, viaPath.text);
    assert.notEqual(viaAlias.status, 404);
  });

  test('an operation without a handler yet answers 501 naming it', async (t) => {
    const missing = operations.find((o) => !(o.operationId in handlers) && o.method === 'GET');
    if (!missing) return t.skip('every operation has a handler');
    const path = missing.path.replace(/\{[^}]+\}/g, 'x1');
    const res = await server.request<ErrorBody>('GET', path);
    assert.equal(res.status, 501);
    assert.equal(res.json.message, `not implemented yet: ${missing.operationId}`);
  });

  test('HEAD answers like GET without a body', async () => {
    const res = await rawRequest(server.url, { path: '/api/v1/version', method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.body, '');
  });

  test('a path parameter with %2F is decoded into one value', async () => {
    const res = await server.request<ErrorBody>('GET', '/users/a%2Fb');
    assert.equal(res.status, 404);
    assert.match(res.json.message, /\[name: a\/b\]/);
  });

  test('/swagger.v1.json describes every operation of the catalogue', async () => {
    interface Swagger {
      swagger: string;
      basePath: string;
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      definitions: Record<string, unknown>;
    }
    const res = await server.requestRoot<Swagger>('GET', '/swagger.v1.json');
    assert.equal(res.status, 200);
    assert.equal(res.json.swagger, '2.0');
    assert.equal(res.json.basePath, '/api/v1');
    const described = new Set<string>();
    for (const item of Object.values(res.json.paths))
      for (const o of Object.values(item)) described.add(o.operationId);
    assert.deepEqual(
      operations.map((o) => o.operationId).filter((id) => !described.has(id)),
      [],
    );
    const version = res.json.paths['/version']?.['get'];
    assert.equal(version?.operationId, 'getVersion');
    assert.deepEqual(version?.responses['200'], {
      description: 'OK',
      schema: { $ref: '#/definitions/ServerVersion' },
    });
    assert.ok('ServerVersion' in res.json.definitions);
    const alsoUnderApi = await server.requestRoot('GET', '/api/swagger.v1.json');
    assert.equal(alsoUnderApi.text, res.text);
  });
});

describe('request bodies', () => {
  let server: TestServer;
  let basic: { username: string; password: string };
  before(async () => {
    server = await startServer({ args: ['--body-limit', '2048'] });
    basic = { username: server.admin.username, password: server.admin.password };
  });
  after(async () => {
    await server.stop();
  });
  const tokensPath = (): string => `/users/${server.admin.username}/tokens`;

  test('JSON keys match case-insensitively, as Go decodes them', async () => {
    const res = await server.request<{ name: string }>('POST', tokensPath(), {
      basic,
      body: { NAME: 'upper-case-key' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'upper-case-key');
  });

  test('JSON sent as text/plain is read as JSON', async () => {
    const res = await server.request<{ name: string }>('POST', tokensPath(), {
      basic,
      body: JSON.stringify({ name: 'plain-text-json' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'plain-text-json');
  });

  test('malformed JSON answers 400 and a body that is not an object 422', async () => {
    const malformed = await server.request<ErrorBody>('POST', tokensPath(), { basic, body: '{"name": ' });
    assert.equal(malformed.status, 400);
    assert.match(malformed.json.message, /^invalid JSON body/);
    const array = await server.request<ErrorBody>('POST', tokensPath(), { basic, body: '["name"]' });
    assert.equal(array.status, 422);
    assert.equal(array.json.message, 'the request body must be a JSON object');
  });

  test('a wrong JSON type for a field answers 422 naming the field', async () => {
    const res = await server.request<ErrorBody>('POST', tokensPath(), {
      basic,
      body: { name: 'typed', scopes: 'read:user' },
    });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, '[Scopes]: must be a list of strings');
  });

  test('a body over the limit answers 413 from its Content-Length, without reading it', async () => {
    const res = await rawRequest(
      server.url,
      {
        path: `/api/v1${tokensPath()}`,
        method: 'POST',
        headers: {
          Authorization: basicAuth(basic),
          'Content-Type': 'application/json',
          'Content-Length': String(10 * 1024 * 1024),
        },
      },
      (req) => req.write('{"name":"'),
    );
    assert.equal(res.status, 413);
    assert.match((JSON.parse(res.body) as ErrorBody).message, /larger than the limit of 2048 bytes/);
    assert.equal(res.headers.connection, 'close');
  });

  test('a chunked body over the limit answers 413 too', async () => {
    const res = await rawRequest(
      server.url,
      {
        path: `/api/v1${tokensPath()}`,
        method: 'POST',
        headers: {
          Authorization: basicAuth(basic),
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        },
      },
      (req) => {
        req.write(`{"name":"${'x'.repeat(3000)}`);
        req.end('"}');
      },
    );
    assert.equal(res.status, 413);
  });

  test('the server keeps answering after refused bodies', async () => {
    const res = await server.request<{ version: string }>('GET', '/version');
    assert.equal(res.status, 200);
  });
});

function basicAuth({ username, password }: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
