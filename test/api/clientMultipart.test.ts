import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { TeahouseClient } from '../../src/api/client';

/*
 * A release asset upload is multipart/form-data. A bare node:http server keeps the body as bytes, so the
 * boundary, the part's headers and every byte of the file are checked as they arrive on the wire.
 */

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

const attachment = {
  id: 9,
  name: 'tea-1.0.tar.gz',
  size: 256,
  download_count: 0,
  created_at: '2021-04-01T00:00:00Z',
  uuid: 'a0b1',
  browser_download_url: 'http://example/attachments/a0b1',
};

/** Every byte value, with CRLF and a fake boundary inside, so nothing may be read as text or as a delimiter. */
const fileBytes = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n--not-the-boundary\r\n'),
]);

/** The one part of a multipart body, split by hand from the boundary the content-type announces. */
function onlyPart(received: Received): { headers: string; data: Buffer } {
  const contentType = received.headers['content-type'] ?? '';
  const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
  assert.ok(boundary, `a multipart content-type with a boundary: ${contentType}`);
  const open = Buffer.from(`--${boundary}\r\n`);
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { body } = received;
  assert.ok(body.subarray(0, open.length).equals(open), 'the body opens with the boundary');
  assert.ok(body.subarray(body.length - close.length).equals(close), 'the body closes with the boundary');
  const inner = body.subarray(open.length, body.length - close.length);
  assert.equal(inner.indexOf(`--${boundary}`), -1, 'one part only');
  const headerEnd = inner.indexOf('\r\n\r\n');
  assert.ok(headerEnd > 0, 'the part has headers');
  return { headers: inner.subarray(0, headerEnd).toString('utf8'), data: inner.subarray(headerEnd + 4) };
}

describe('a multipart upload (repoCreateReleaseAttachment)', () => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(attachment));
    });
  });
  let client: TeahouseClient;

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new TeahouseClient({ baseUrl: `http://127.0.0.1:${port}`, proxy: 'none', retries: 0 });
  });
  after(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('a File arrives in the `attachment` field with its name and every byte', async () => {
    received.length = 0;
    const file = new File([fileBytes], 'tea-1.0.tar.gz', { type: 'application/gzip' });
    const created = await client.api.repoCreateReleaseAttachment({
      owner: 'alice',
      repo: 'tea',
      id: 3,
      name: 'tea.tgz',
      body: file,
    });
    assert.deepEqual(created, attachment);
    assert.equal(received.length, 1);
    const [request] = received;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.url, '/api/v1/repos/alice/tea/releases/3/assets?name=tea.tgz');
    assert.equal(Number(request!.headers['content-length']), request!.body.length);
    const part = onlyPart(request!);
    assert.match(
      part.headers,
      /^Content-Disposition: form-data; name="attachment"; filename="tea-1\.0\.tar\.gz"\r\nContent-Type: application\/gzip$/,
    );
    assert.ok(part.data.equals(fileBytes), 'the file bytes arrive unchanged');

    // and the platform's own multipart parser reads the same file back
    const form = await new Response(request!.body, {
      headers: { 'content-type': request!.headers['content-type']! },
    }).formData();
    const parsed = form.get('attachment');
    assert.ok(parsed instanceof File);
    assert.equal(parsed.name, 'tea-1.0.tar.gz');
    assert.ok(Buffer.from(await parsed.arrayBuffer()).equals(fileBytes));
  });

  test('a bare Blob arrives as "blob", so the `name` query names it', async () => {
    received.length = 0;
    await client.api.repoCreateReleaseAttachment({
      owner: 'alice',
      repo: 'tea',
      id: 3,
      name: 'notes.txt',
      body: new Blob(['release notes']),
    });
    const part = onlyPart(received[0]!);
    assert.match(part.headers, /name="attachment"; filename="blob"/);
    assert.equal(part.data.toString('utf8'), 'release notes');
  });

  test('anything but a Blob is refused before a request is sent', async () => {
    received.length = 0;
    const release = { owner: 'alice', repo: 'tea', id: 3 };
    await assert.rejects(
      client.request('repoCreateReleaseAttachment', {
        ...release,
        body: 'not a file' as unknown as Blob,
      }),
      /takes a file/,
    );
    assert.equal(received.length, 0);
  });
});
