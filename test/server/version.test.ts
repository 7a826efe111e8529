import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import packageJson from '../../package.json';
import { startServer, type TestServer } from './harness';

/**
 * The form hashicorp/go-version (used by Gitea's Go SDK and its migrator) accepts: numbers, an optional
 * pre-release, optional `+` build metadata of dot-separated identifiers.
 */
const goVersionForm =
  /^v?([0-9]+(\.[0-9]+)*?)(-([0-9]+[0-9A-Za-z\-~]*(\.[0-9A-Za-z\-~]+)*)|(-?([A-Za-z\-~]+[0-9A-Za-z\-~]*(\.[0-9A-Za-z\-~]+)*)))?(\+([0-9A-Za-z\-~]+(\.[0-9A-Za-z\-~]+)*))?$/;

describe('GET /version', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('answers the Gitea API level served, with the Teahouse version as build metadata', async () => {
    const res = await server.request<{ version: string }>('GET', '/version');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { version: `1.27.1+teahouse-${packageJson.version}` });
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  });

  test('parses as go-version does, with no pre-release (which would sort below 1.27.1)', async () => {
    const { version } = (await server.request<{ version: string }>('GET', '/version')).json;
    const match = goVersionForm.exec(version);
    assert.ok(match, `${version} is not a version go-version parses`);
    assert.equal(match[1], '1.27.1');
    assert.equal(match[3], undefined, 'no pre-release part');
  });

  test('the swagger description carries the same version', async () => {
    const res = await server.requestRoot<{ info: { version: string } }>('GET', '/swagger.v1.json');
    assert.equal(res.json.info.version, `1.27.1+teahouse-${packageJson.version}`);
  });
});

describe('GET /api/teahouse/v1/version', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test("answers Teahouse's own version to anonymous callers", async () => {
    const res = await server.requestRoot<{ version: string }>('GET', '/api/teahouse/v1/version');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { version: packageJson.version });
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  });

  test('answers only GET and HEAD', async () => {
    const res = await server.requestRoot('POST', '/api/teahouse/v1/version');
    assert.equal(res.status, 404);
  });
});
