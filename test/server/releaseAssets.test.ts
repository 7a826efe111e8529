import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { TeahouseClient } from '../../src/api/client';
import { startServer, type TestResponse, type TestServer } from './harness';
import { releaseFixture } from './releasesFixture';

interface AttachmentBody {
  id: number;
  name: string;
  size: number;
  download_count: number;
  created_at: string;
  uuid: string;
  browser_download_url: string;
  message: string;
}

/** Every byte value and a CRLF with a fake boundary inside: the file must arrive byte for byte. */
const fileBytes = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n------not-the-boundary\r\n'),
  Buffer.alloc(70_000, 7),
]);

/** A multipart POST over node:http, for bodies fetch will not send; the server may cut the upload short. */
function rawUpload(
  root: string,
  apiPath: string,
  token: string,
  headers: Record<string, string>,
  write: (req: http.ClientRequest) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(apiPath.slice(1), root),
      {
        method: 'POST',
        headers: {
          Authorization: `token ${token}`,
          'Content-Type': 'multipart/form-data; boundary=b',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    write(req);
  });
}

describe('release attachments', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--attachment-max-size', '100000', '--body-limit', '200000'] });
  });
  after(async () => {
    await server.stop();
  });
  const { ownerWithRepo, createRelease } = releaseFixture(() => server);

  /** Uploads through a plain fetch with a FormData body (as browsers and gitea-js send it). */
  async function upload(
    token: string | undefined,
    owner: string,
    releaseId: number,
    file: Blob,
    fileName: string,
    query = '',
    field = 'attachment',
  ): Promise<TestResponse<AttachmentBody>> {
    const form = new FormData();
    form.append(field, file, fileName);
    const headers: Record<string, string> = token ? { Authorization: `token ${token}` } : {};
    const response = await fetch(`${server.apiUrl}/repos/${owner}/app/releases/${releaseId}/assets${query}`, {
      method: 'POST',
      headers,
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: (text ? JSON.parse(text) : undefined) as AttachmentBody,
    };
  }

  async function download(
    url: string,
    token?: string,
  ): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
    const response = await fetch(url, { headers: token ? { Authorization: `token ${token}` } : {} });
    return {
      status: response.status,
      bytes: Buffer.from(await response.arrayBuffer()),
      headers: response.headers,
    };
  }

  test('an upload is stored byte for byte, listed in the release, and downloaded at its browser_download_url', async () => {
    const { user } = await ownerWithRepo('att-ann');
    const release = await createRelease(user.token, 'att-ann', { tag_name: 'v1.0' });
    assert.equal(release.status, 201, release.text);
    const created = await upload(
      user.token,
      'att-ann',
      release.json.id,
      new Blob([fileBytes]),
      'tea-1.0.tar.gz',
    );
    assert.equal(created.status, 201, created.text);
    const attachment = created.json;
    assert.equal(attachment.name, 'tea-1.0.tar.gz');
    assert.equal(attachment.size, fileBytes.length);
    assert.equal(attachment.download_count, 0);
    assert.match(attachment.uuid, /^[0-9a-f-]{36}$/);
    assert.match(attachment.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.equal(attachment.browser_download_url, `${server.url}attachments/${attachment.uuid}`);
    assert.ok(
      existsSync(path.join(server.dataDir, 'attachments', attachment.uuid)),
      'the file is under the data folder',
    );

    const got = await download(attachment.browser_download_url);
    assert.equal(got.status, 200);
    assert.ok(got.bytes.equals(fileBytes), 'the same bytes come back');
    assert.match(got.headers.get('content-disposition') ?? '', /attachment; filename="tea-1.0.tar.gz"/);
    const byTag = await download(`${server.url}att-ann/app/releases/download/v1.0/tea-1.0.tar.gz`);
    assert.equal(byTag.status, 200);
    assert.ok(byTag.bytes.equals(fileBytes));

    const one = await server.request<AttachmentBody>(
      'GET',
      `/repos/att-ann/app/releases/${release.json.id}/assets/${attachment.id}`,
    );
    assert.equal(one.status, 200);
    assert.equal(one.json.download_count, 2, 'each download counts');
    const list = await server.request<AttachmentBody[]>(
      'GET',
      `/repos/att-ann/app/releases/${release.json.id}/assets`,
    );
    assert.deepEqual(
      list.json.map((a) => a.id),
      [attachment.id],
    );
    const asRelease = await server.request<{ assets: AttachmentBody[] }>(
      'GET',
      `/repos/att-ann/app/releases/${release.json.id}`,
    );
    assert.deepEqual(asRelease.json.assets, [one.json]);
  });

  test('the name query overrides the file name; a rename answers 201; a delete removes row and file', async () => {
    const { user } = await ownerWithRepo('att-ben');
    const release = await createRelease(user.token, 'att-ben', { tag_name: 'v2' });
    const created = await upload(
      user.token,
      'att-ben',
      release.json.id,
      new Blob(['hello']),
      'a.txt',
      '?name=notes.txt',
    );
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.name, 'notes.txt');
    const base = `/repos/att-ben/app/releases/${release.json.id}/assets/${created.json.id}`;
    const renamed = await server.request<AttachmentBody>('PATCH', base, {
      token: user.token,
      body: { name: 'readme.txt' },
    });
    assert.equal(renamed.status, 201, renamed.text);
    assert.equal(renamed.json.name, 'readme.txt');
    const kept = await server.request<AttachmentBody>('PATCH', base, {
      token: user.token,
      body: { name: '' },
    });
    assert.equal(kept.json.name, 'readme.txt', 'an empty name keeps the old one');
    const byNewName = await download(`${server.url}att-ben/app/releases/download/v2/readme.txt`);
    assert.equal(byNewName.bytes.toString(), 'hello');

    const file = path.join(server.dataDir, 'attachments', created.json.uuid);
    assert.ok(existsSync(file));
    const deleted = await server.request('DELETE', base, { token: user.token });
    assert.equal(deleted.status, 204);
    assert.equal(existsSync(file), false, 'the file is gone');
    assert.equal((await server.request('GET', base)).status, 404);
    assert.equal((await download(created.json.browser_download_url)).status, 404);
  });

  test('deleting a release, by id or by tag, deletes its attachments and their files; the tag stays', async () => {
    const { user, dir } = await ownerWithRepo('att-cal');
    const first = await createRelease(user.token, 'att-cal', { tag_name: 'v1' });
    const second = await createRelease(user.token, 'att-cal', { tag_name: 'v2' });
    const a = await upload(user.token, 'att-cal', first.json.id, new Blob(['one']), 'one.bin');
    const b = await upload(user.token, 'att-cal', second.json.id, new Blob(['two']), 'two.bin');
    const files = [a, b].map((r) => path.join(server.dataDir, 'attachments', r.json.uuid));
    assert.ok(files.every((f) => existsSync(f)));

    const byId = await server.request('DELETE', `/repos/att-cal/app/releases/${first.json.id}`, {
      token: user.token,
    });
    assert.equal(byId.status, 204);
    assert.equal(existsSync(files[0]!), false);
    assert.equal((await download(a.json.browser_download_url)).status, 404);

    const byTag = await server.request('DELETE', '/repos/att-cal/app/releases/tags/v2', {
      token: user.token,
    });
    assert.equal(byTag.status, 204, byTag.text);
    assert.equal(existsSync(files[1]!), false);
    assert.equal((await server.request('GET', '/repos/att-cal/app/releases/tags/v2')).status, 404);
    const { execFileSync } = await import('node:child_process');
    assert.ok(
      execFileSync('git', ['--git-dir', dir, 'tag', '--list']).toString().includes('v2'),
      'the tag is kept, as Gitea keeps it',
    );
    const again = await server.request('DELETE', '/repos/att-cal/app/releases/tags/v2', {
      token: user.token,
    });
    assert.equal(again.status, 404);
  });

  test('deleting the repository removes its attachment files', async () => {
    const { user } = await ownerWithRepo('att-dee');
    const release = await createRelease(user.token, 'att-dee', { tag_name: 'v1' });
    const a = await upload(user.token, 'att-dee', release.json.id, new Blob(['x']), 'x.bin');
    const file = path.join(server.dataDir, 'attachments', a.json.uuid);
    assert.ok(existsSync(file));
    assert.equal((await server.request('DELETE', '/repos/att-dee/app', { token: user.token })).status, 204);
    assert.equal(existsSync(file), false);
  });

  test('limits: a file over --attachment-max-size and a body over --body-limit are 413; nothing is kept', async () => {
    const { user } = await ownerWithRepo('att-eve');
    const release = await createRelease(user.token, 'att-eve', { tag_name: 'v1' });
    const stored = (): number => {
      const dir = path.join(server.dataDir, 'attachments');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const before = stored();
    const big = await upload(
      user.token,
      'att-eve',
      release.json.id,
      new Blob([Buffer.alloc(100_001)]),
      'big.bin',
    );
    assert.equal(big.status, 413, big.text);
    const assets = `/api/v1/repos/att-eve/app/releases/${release.json.id}/assets`;
    const declared = await rawUpload(server.url, assets, user.token, { 'Content-Length': '300000' }, (req) =>
      req.write(Buffer.alloc(1000)),
    );
    assert.equal(declared.status, 413);
    assert.match(declared.body, /larger than the limit of 200000 bytes/);
    // chunked: no length to refuse at once, so the limit is met while the body streams in
    const chunked = await rawUpload(
      server.url,
      assets,
      user.token,
      { 'Transfer-Encoding': 'chunked' },
      (req) => {
        req.write('--b\r\nContent-Disposition: form-data; name="attachment"; filename="h.bin"\r\n\r\n');
        for (let i = 0; i < 30; i++) req.write(Buffer.alloc(10_000));
        req.end('\r\n--b--\r\n');
      },
    );
    assert.equal(chunked.status, 413);
    assert.match(chunked.body, /larger than the limit of 200000 bytes/);
    const exact = await upload(
      user.token,
      'att-eve',
      release.json.id,
      new Blob([Buffer.alloc(100_000)]),
      'ok.bin',
    );
    assert.equal(exact.status, 201, 'a file of exactly the limit is taken');
    assert.equal(stored(), before + 1, 'only the accepted file is kept, no partial one');
  });

  test('bad uploads: no file field is 400, not multipart is 415, a bad name is 422, broken multipart is 400', async () => {
    const { user } = await ownerWithRepo('att-fay');
    const release = await createRelease(user.token, 'att-fay', { tag_name: 'v1' });
    const id = release.json.id;
    const wrongField = await upload(user.token, 'att-fay', id, new Blob(['x']), 'x.bin', '', 'file');
    assert.equal(wrongField.status, 400);
    assert.match(wrongField.json.message, /attachment/);
    const json = await server.request('POST', `/repos/att-fay/app/releases/${id}/assets`, {
      token: user.token,
      body: { attachment: 'x' },
    });
    assert.equal(json.status, 415);
    const badName = await upload(user.token, 'att-fay', id, new Blob(['x']), 'x.bin', '?name=a%2Fb');
    assert.equal(badName.status, 422);
    const broken = await server.request('POST', `/repos/att-fay/app/releases/${id}/assets`, {
      token: user.token,
      body: '--xyz\r\nContent-Disposition: form-data; name="attachment"; filename="a"\r\n\r\nunterminated',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    assert.equal(broken.status, 400, broken.text);
    const listed = await server.request<unknown[]>('GET', `/repos/att-fay/app/releases/${id}/assets`);
    assert.deepEqual(listed.json, []);
  });

  test('permissions: writers of releases upload, edit and delete; readers read; a private repository is 404 to others', async () => {
    const { user: owner } = await ownerWithRepo('att-gus');
    const reader = await server.createUser('att-gus-reader');
    const stranger = await server.createUser('att-gus-stranger');
    const added = await server.request('PUT', '/repos/att-gus/app/collaborators/att-gus-reader', {
      token: owner.token,
      body: { permission: 'read' },
    });
    assert.equal(added.status, 204, added.text);
    const release = await createRelease(owner.token, 'att-gus', { tag_name: 'v1' });
    const id = release.json.id;
    assert.equal((await upload(undefined, 'att-gus', id, new Blob(['x']), 'x.bin')).status, 401);
    assert.equal((await upload(reader.token, 'att-gus', id, new Blob(['x']), 'x.bin')).status, 403);
    const created = await upload(owner.token, 'att-gus', id, new Blob(['secret']), 's.bin');
    assert.equal(created.status, 201);
    const assetPath = `/repos/att-gus/app/releases/${id}/assets/${created.json.id}`;
    assert.equal(
      (await server.request('PATCH', assetPath, { token: reader.token, body: { name: 'y' } })).status,
      403,
    );
    assert.equal((await server.request('DELETE', assetPath, { token: reader.token })).status, 403);

    const priv = await server.request('PATCH', '/repos/att-gus/app', {
      token: owner.token,
      body: { private: true },
    });
    assert.equal(priv.status, 200, priv.text);
    const url = created.json.browser_download_url;
    assert.equal((await download(url)).status, 404, 'anonymous: private is not found');
    assert.equal((await download(url, stranger.token)).status, 404);
    assert.equal((await server.request('GET', assetPath, { token: stranger.token })).status, 404);
    const asReader = await download(url, reader.token);
    assert.equal(asReader.status, 200);
    assert.equal(asReader.bytes.toString(), 'secret');
    assert.equal((await download(`${server.url}att-gus/app/releases/download/v1/s.bin`)).status, 404);
    assert.equal(
      (await download(`${server.url}att-gus/app/releases/download/v1/s.bin`, reader.token)).status,
      200,
    );
  });

  test('a draft release hides its attachments from readers; another release id or a wrong id is 404', async () => {
    const { user: owner } = await ownerWithRepo('att-hal');
    const draft = await createRelease(owner.token, 'att-hal', { tag_name: 'v9', draft: true });
    const other = await createRelease(owner.token, 'att-hal', { tag_name: 'v8' });
    const created = await upload(owner.token, 'att-hal', draft.json.id, new Blob(['d']), 'd.bin');
    assert.equal(created.status, 201, created.text);
    assert.equal((await download(created.json.browser_download_url)).status, 404);
    assert.equal((await download(created.json.browser_download_url, owner.token)).status, 200);
    assert.equal(
      (await server.request('GET', `/repos/att-hal/app/releases/${draft.json.id}/assets`)).status,
      404,
    );
    const elsewhere = `/repos/att-hal/app/releases/${other.json.id}/assets/${created.json.id}`;
    assert.equal((await server.request('GET', elsewhere)).status, 404);
    assert.equal((await server.request('DELETE', elsewhere, { token: owner.token })).status, 404);
    assert.equal((await server.request('GET', `/repos/att-hal/app/releases/999999/assets`)).status, 404);
    assert.equal(
      (await download(`${server.url}attachments/00000000-0000-0000-0000-000000000000`)).status,
      404,
    );
  });

  test('gitea-js and the Teahouse client upload, list and delete', async () => {
    const { user } = await ownerWithRepo('att-ivy');
    const release = await createRelease(user.token, 'att-ivy', { tag_name: 'v1' });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: user.token });
    const viaJs = await api.repos.repoCreateReleaseAttachment(
      'att-ivy',
      'app',
      release.json.id,
      { attachment: new File([fileBytes.subarray(0, 300)], 'js.bin') },
      { name: 'from-js.bin' },
    );
    assert.equal(viaJs.status, 201);
    assert.equal(viaJs.data.name, 'from-js.bin');
    assert.equal(viaJs.data.size, 300);

    const client = new TeahouseClient({
      baseUrl: server.url,
      auth: { kind: 'token', token: user.token },
      proxy: 'none',
      retries: 0,
    });
    try {
      const viaClient = await client.api.repoCreateReleaseAttachment({
        owner: 'att-ivy',
        repo: 'app',
        id: release.json.id,
        name: 'from-client.bin',
        body: new File([fileBytes], 'client.bin'),
      });
      assert.equal(viaClient.size, fileBytes.length);
      const got = await download(viaClient.browser_download_url);
      assert.ok(got.bytes.equals(fileBytes));
    } finally {
      await client.close();
    }
    const listed = await api.repos.repoListReleaseAttachments('att-ivy', 'app', release.json.id);
    assert.deepEqual(
      listed.data.map((a) => a.name),
      ['from-js.bin', 'from-client.bin'],
    );
    const removed = await api.repos.repoDeleteReleaseAttachment(
      'att-ivy',
      'app',
      release.json.id,
      viaJs.data.id!,
    );
    assert.equal(removed.status, 204);
    const gone = await api.repos.repoDeleteReleaseByTag('att-ivy', 'app', 'v1');
    assert.equal(gone.status, 204);
  });
});
