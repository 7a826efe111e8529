import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import packageJson from '../../package.json';
import { startServer, type TestServer } from './harness';

describe('GET /version', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('answers the package version to anonymous callers', async () => {
    const res = await server.request<{ version: string }>('GET', '/version');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { version: packageJson.version });
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  });
});
