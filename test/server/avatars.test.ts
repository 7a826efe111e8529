import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir, runCli, startServer, type TestServer, type TestUser } from './harness';

interface ErrorBody {
  message: string;
}

/** A real PNG of `width`×`height` grey pixels. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF's logical screen descriptor and trailer: enough for its type and size. */
function gif(width: number, height: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x3b])]);
}

const image = (data: Buffer) => ({ image: data.toString('base64') });

let server: TestServer;
let ann: TestUser;
let bob: TestUser;
before(async () => {
  server = await startServer();
  ann = await server.createUser('av-ann');
  bob = await server.createUser('av-bob');
});
after(async () => {
  await server.stop();
});

async function avatarUrlOf(path: string, token: string): Promise<string> {
  return (await server.request<{ avatar_url: string }>('GET', path, { token })).json.avatar_url;
}

async function fetchImage(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe("a user's avatar", () => {
  test('an uploaded image is served at avatar_url; deleting it returns to the generated one', async () => {
    const generated = await avatarUrlOf('/user', ann.token);
    assert.match(generated, /\/avatars\/[0-9a-f]{32}$/);
    const picture = png(3, 2);
    const res = await server.request('POST', '/user/avatar', { token: ann.token, body: image(picture) });
    assert.equal(res.status, 204, res.text);

    const uploaded = await avatarUrlOf('/user', ann.token);
    assert.match(uploaded, /\/avatars\/[0-9a-f]{64}$/);
    assert.equal(await avatarUrlOf('/users/av-ann', bob.token), uploaded, 'as others see it');
    const served = await fetchImage(uploaded);
    assert.equal(served.status, 200);
    assert.equal(served.type, 'image/png');
    assert.deepEqual(served.body, picture);

    const replaced = await server.request('POST', '/user/avatar', {
      token: ann.token,
      body: image(gif(8, 8)),
    });
    assert.equal(replaced.status, 204);
    const second = await avatarUrlOf('/user', ann.token);
    assert.notEqual(second, uploaded);
    assert.equal((await fetchImage(second)).type, 'image/gif');
    assert.equal((await fetchImage(uploaded)).status, 404, 'the replaced image is gone');

    assert.equal((await server.request('DELETE', '/user/avatar', { token: ann.token })).status, 204);
    assert.equal(await avatarUrlOf('/user', ann.token), generated);
    assert.equal((await fetchImage(second)).status, 404);
  });

  test('not base64: 400; not an image, a wrong type or too large: 422; no image: 422; no token: 401', async () => {
    const notBase64 = await server.request<ErrorBody>('POST', '/user/avatar', {
      token: ann.token,
      body: { image: 'not*base64' },
    });
    assert.equal(notBase64.status, 400);
    assert.equal(notBase64.json.message, 'illegal base64 data at input byte 3');
    const text = await server.request<ErrorBody>('POST', '/user/avatar', {
      token: ann.token,
      body: image(Buffer.from('just some text, no picture')),
    });
    assert.equal(text.status, 422);
    assert.equal(text.json.message, 'image.DecodeConfig: image: unknown format');
    const bmp = await server.request('POST', '/user/avatar', {
      token: ann.token,
      body: image(Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])),
    });
    assert.equal(bmp.status, 422, 'a BMP is not an avatar type');
    const wide = await server.request<ErrorBody>('POST', '/user/avatar', {
      token: ann.token,
      body: image(gif(5000, 10)),
    });
    assert.equal(wide.status, 422);
    assert.equal(wide.json.message, 'image width is too large: 5000 > 4096');
    const tall = await server.request<ErrorBody>('POST', '/user/avatar', {
      token: ann.token,
      body: image(gif(10, 4097)),
    });
    assert.equal(tall.json.message, 'image height is too large: 4097 > 4096');
    assert.equal((await server.request('POST', '/user/avatar', { token: ann.token, body: {} })).status, 422);
    assert.equal((await server.request('POST', '/user/avatar', { body: image(png(1, 1)) })).status, 401);
    assert.equal((await server.request('DELETE', '/user/avatar')).status, 401);
    assert.match(await avatarUrlOf('/user', ann.token), /\/avatars\/[0-9a-f]{32}$/, 'nothing changed');
  });
});

describe('organization and repository avatars', () => {
  before(async () => {
    const org = await server.request('POST', '/orgs', { token: ann.token, body: { username: 'av-guild' } });
    assert.equal(org.status, 201, org.text);
    const team = await server.request<{ id: number }>('POST', '/orgs/av-guild/teams', {
      token: ann.token,
      body: { name: 'crew', permission: 'write', units: ['repo.code'] },
    });
    await server.request('PUT', `/teams/${team.json.id}/members/av-bob`, { token: ann.token });
    const repo = await server.request('POST', '/user/repos', { token: ann.token, body: { name: 'easel' } });
    assert.equal(repo.status, 201, repo.text);
    await server.request('PUT', '/repos/av-ann/easel/collaborators/av-bob', {
      token: ann.token,
      body: { permission: 'write' },
    });
  });

  test("an organization's owners set and delete its avatar; members may not (403); unknown 404", async () => {
    const res = await server.request('POST', '/orgs/av-guild/avatar', {
      token: ann.token,
      body: image(png(4, 4)),
    });
    assert.equal(res.status, 204, res.text);
    const url = await avatarUrlOf('/orgs/av-guild', ann.token);
    assert.match(url, /\/avatars\/[0-9a-f]{64}$/);
    assert.equal((await fetchImage(url)).status, 200);
    const member = await server.request('POST', '/orgs/av-guild/avatar', {
      token: bob.token,
      body: image(png(1, 1)),
    });
    assert.equal(member.status, 403);
    assert.equal((await server.request('DELETE', '/orgs/av-guild/avatar', { token: bob.token })).status, 403);
    const missing = await server.request('POST', '/orgs/av-nowhere/avatar', {
      token: ann.token,
      body: image(png(1, 1)),
    });
    assert.equal(missing.status, 404);
    const badImage = await server.request('POST', '/orgs/av-guild/avatar', {
      token: ann.token,
      body: image(Buffer.from('nope')),
    });
    assert.equal(badImage.status, 422);
    assert.equal((await server.request('DELETE', '/orgs/av-guild/avatar', { token: ann.token })).status, 204);
    assert.match(await avatarUrlOf('/orgs/av-guild', ann.token), /\/avatars\/[0-9a-f]{32}$/);
  });

  test("a repository's administrators set and delete its avatar; writers may not (403)", async () => {
    assert.equal(await avatarUrlOf('/repos/av-ann/easel', ann.token), '', 'no avatar at first');
    const picture = png(2, 2);
    const res = await server.request('POST', '/repos/av-ann/easel/avatar', {
      token: ann.token,
      body: image(picture),
    });
    assert.equal(res.status, 204, res.text);
    const url = await avatarUrlOf('/repos/av-ann/easel', ann.token);
    assert.match(url, /\/repo-avatars\/[0-9a-f]{64}$/);
    assert.deepEqual((await fetchImage(url)).body, picture);
    const again = await server.request('POST', '/repos/av-ann/easel/avatar', {
      token: ann.token,
      body: image(picture),
    });
    assert.equal(again.status, 204);
    assert.equal(await avatarUrlOf('/repos/av-ann/easel', ann.token), url, 'the same image, the same URL');

    const writer = await server.request('POST', '/repos/av-ann/easel/avatar', {
      token: bob.token,
      body: image(picture),
    });
    assert.equal(writer.status, 403);
    assert.equal(
      (await server.request('DELETE', '/repos/av-ann/easel/avatar', { token: bob.token })).status,
      403,
    );
    const missing = await server.request('DELETE', '/repos/av-ann/nothing/avatar', { token: ann.token });
    assert.equal(missing.status, 404);

    assert.equal(
      (await server.request('DELETE', '/repos/av-ann/easel/avatar', { token: ann.token })).status,
      204,
    );
    assert.equal(await avatarUrlOf('/repos/av-ann/easel', ann.token), '');
    assert.equal((await fetchImage(url)).status, 404);
  });
});

describe('avatars in a dump', () => {
  test('dump and restore carry the uploaded images', async () => {
    const picture = png(5, 5);
    const res = await server.request('POST', '/user/avatar', { token: bob.token, body: image(picture) });
    assert.equal(res.status, 204, res.text);
    const hash = /[0-9a-f]{64}$/.exec(await avatarUrlOf('/user', bob.token))![0];
    const work = makeTempDir('teahouse-avatar-dump-');
    try {
      const file = path.join(work, 'dump.tar.gz');
      const dump = await runCli(['dump', '--data', server.dataDir, '--file', file]);
      assert.equal(dump.code, 0, dump.stderr);
      const target = path.join(work, 'restored');
      const restore = await runCli(['restore', '--file', file, '--data', target]);
      assert.equal(restore.code, 0, restore.stderr);
      assert.deepEqual(readFileSync(path.join(target, 'avatars', hash)), picture);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
