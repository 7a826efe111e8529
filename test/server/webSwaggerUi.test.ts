import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

/** `/api/swagger`: the Swagger UI page and the swagger-ui-dist files it loads, all from this server. */

let server: TestServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

describe('the Swagger UI', () => {
  test('the page loads its scripts and styles from here under a CSP without inline script', async () => {
    const page = await server.requestRoot('GET', '/api/swagger');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /connect-src 'self'/);
    assert.doesNotMatch(csp, /unsafe/);
    assert.match(page.text, /<div id="swagger-ui" data-url="\/swagger.v1.json">/);
    const sources = [...page.text.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1]);
    assert.deepEqual(sources, ['/api/swagger/swagger-ui-bundle.js', '/api/swagger/teahouse-init.js']);
    assert.doesNotMatch(page.text, /<script>/, 'no inline script');
    assert.equal((await server.requestRoot('GET', '/api/swagger/')).status, 200);
  });

  test('the files: types, caching by ETag, nothing else of the package', async () => {
    for (const [path, type] of [
      ['/api/swagger/swagger-ui-bundle.js', /^text\/javascript/],
      ['/api/swagger/swagger-ui.css', /^text\/css/],
      ['/api/swagger/favicon-32x32.png', /^image\/png/],
      ['/api/swagger/teahouse-init.js', /^text\/javascript/],
    ] as const) {
      const res = await fetch(`${server.url}${path.slice(1)}`);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', type, path);
      const etag = res.headers.get('etag')!;
      assert.ok(etag, path);
      await res.arrayBuffer();
      const again = await fetch(`${server.url}${path.slice(1)}`, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304, path);
    }
    const init = await server.requestRoot('GET', '/api/swagger/teahouse-init.js');
    assert.match(init.text, /SwaggerUIBundle\(/);
    assert.match(init.text, /validatorUrl: null/, 'no call to the public validator');
    for (const path of [
      '/api/swagger/index.html',
      '/api/swagger/package.json',
      '/api/swagger/../package.json',
    ]) {
      assert.equal((await server.requestRoot('GET', path)).status, 404, path);
    }
  });
});
