import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { readTarGz, readZip } from '../helpers/archiveReaders';
import { binaryBytes, createRepository, pushTo, serverRepoPath } from '../helpers/gitFixtures';

let server: TestServer;
let owner: TestUser;
const ids: Record<string, string> = {};
const binary = binaryBytes(70_000);
const large = Buffer.alloc(9 * 1024 * 1024 + 3, 'L');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), binaryBytes(64)]);

before(async () => {
  server = await startServer();
  owner = await server.createUser('ra-owner');
  await createRepository(server, owner.token, 'files');
  pushTo(serverRepoPath(server.dataDir, 'ra-owner', 'files'), (work) => {
    work
      .write('text.txt', 'hello\n')
      .write('ünï code.txt', 'unicode\n')
      .write('bin.dat', binary)
      .write('image.png', png)
      .write('page.html', '<script>alert(1)</script>\n')
      .write('docs/guide.md', '# guide\n')
      .write('large.txt', large);
    ids.main = work.commit('content');
    work.tag('v1.0', 'first release');
    work.branch('feature/x').write('text.txt', 'feature\n');
    ids.feature = work.commit('feature change');
    work.checkout('main');
  });
});

after(async () => {
  await server.stop();
});

/** A GET whose path is sent exactly as written (fetch would resolve `..` and `%2e%2e` first). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/v1${path}`,
        headers: { Authorization: `token ${owner.token}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const raw = (path: string, headers?: Record<string, string>) =>
  rawGet(`/repos/ra-owner/files/raw/${path}`, headers);

describe('raw files', () => {
  test('a text file is served byte for byte as UTF-8 text, with nosniff, its length and its name', async () => {
    const res = await raw('text.txt');
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'hello\n');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.headers['content-length'], '6');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(
      res.headers['content-disposition'],
      `inline; filename="text.txt"; filename*=UTF-8''text.txt`,
    );
  });

  test('binary files come back byte for byte as octet-stream attachments', async () => {
    const res = await raw('bin.dat');
    assert.equal(res.status, 200);
    assert.ok(res.body.equals(binary));
    assert.equal(res.headers['content-type'], 'application/octet-stream');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="bin.dat"/);
  });

  test('HTML is served as plain text in a sandbox, images inline with their own type', async () => {
    const page = await raw('page.html');
    assert.equal(page.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(String(page.headers['content-security-policy']), /sandbox/);
    const image = await raw('image.png');
    assert.equal(image.headers['content-type'], 'image/png');
    assert.ok(image.body.equals(png));
  });

  test('a file name outside ASCII is encoded in the disposition', async () => {
    const res = await raw(encodeURIComponent('ünï code.txt'));
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'unicode\n');
    assert.equal(
      res.headers['content-disposition'],
      `inline; filename="_n_ code.txt"; filename*=UTF-8''%C3%BCn%C3%AF%20code.txt`,
    );
  });

  test('the path may start with a branch (with slashes), a tag or a full commit id', async () => {
    assert.equal((await raw('feature/x/text.txt')).body.toString(), 'feature\n');
    assert.equal((await raw('main/text.txt')).body.toString(), 'hello\n');
    assert.equal((await raw('v1.0/text.txt')).body.toString(), 'hello\n');
    assert.equal((await raw(`${ids.feature}/text.txt`)).body.toString(), 'feature\n');
    assert.equal((await raw('docs/guide.md')).body.toString(), '# guide\n');
  });

  test('?ref= names a branch, tag or short commit id for the whole path', async () => {
    assert.equal((await raw('text.txt?ref=feature/x')).body.toString(), 'feature\n');
    assert.equal((await raw('text.txt?ref=v1.0')).body.toString(), 'hello\n');
    assert.equal((await raw(`text.txt?ref=${ids.feature!.slice(0, 8)}`)).body.toString(), 'feature\n');
    assert.equal((await raw('main/text.txt?ref=main')).status, 404);
  });

  test('a file over 8 MiB is streamed whole with its length', async () => {
    const res = await raw('large.txt');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], String(large.length));
    assert.ok(res.body.equals(large));
  });

  test('a client holding the current ETag gets 304 without the body', async () => {
    const first = await raw('text.txt');
    const again = await raw('text.txt', { 'If-None-Match': String(first.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(
      (await raw('text.txt?ref=feature/x', { 'If-None-Match': String(first.headers.etag) })).status,
      200,
    );
  });

  test('missing files, unknown refs, folders and the root answer 404', async () => {
    for (const path of [
      'nope.txt',
      'nope/text.txt?ref=nope',
      'text.txt?ref=nope',
      'docs',
      'docs/',
      '',
      'main',
    ]) {
      const res = await raw(path);
      assert.equal(res.status, 404, path);
      assert.equal(typeof JSON.parse(res.body.toString()).message, 'string');
    }
  });

  test('traversal, option injection and rev syntax in paths and refs answer 404 and read nothing', async () => {
    const attempts = [
      '../../config',
      '..%2F..%2Fconfig',
      '%2e%2e/%2e%2e/config',
      'main/..%2F..%2FHEAD',
      'docs/%2E%2E/text.txt',
      'text.txt%00.png',
      'text.txt?ref=--upload-pack=touch%20/tmp/pwned',
      'text.txt?ref=-x',
      'text.txt?ref=main%00',
      'text.txt?ref=main%0Abin.dat',
      'text.txt?ref=main:bin.dat',
      'text.txt?ref=main%5E%7Btree%7D',
      'text.txt?ref=HEAD@%7B0%7D',
      'text.txt?ref=..%2Fmain',
      '--output=x/text.txt',
    ];
    for (const path of attempts) {
      const res = await raw(path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.body.toString(), /hello|repositoryformatversion/, path);
    }
    assert.doesNotMatch(server.output().stderr, / 500 |failed/);
  });

  test('gitea-js reads a raw file', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const res = await api.repos.repoGetRawFile(
      'ra-owner',
      'files',
      'docs/guide.md',
      { ref: 'v1.0' },
      { format: 'text' },
    );
    assert.equal(res.status, 200);
    assert.equal(res.data as unknown, '# guide\n');
  });
});

describe('archives', () => {
  const archive = (name: string) => rawGet(`/repos/ra-owner/files/archive/${name}`);

  test('a zip of a branch holds every file under <repo>-<ref>/ and is named after them', async () => {
    const res = await archive('main.zip');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="files-main.zip"/);
    const entries = readZip(res.body);
    const names = entries.map((e) => e.name);
    assert.ok(
      names.every((n) => n.startsWith('files-main/')),
      names.join(),
    );
    assert.ok(names.includes('files-main/docs/guide.md'));
    assert.equal(entries.find((e) => e.name === 'files-main/text.txt')?.content?.toString(), 'hello\n');
    assert.ok(entries.find((e) => e.name === 'files-main/bin.dat')?.content?.equals(binary));
  });

  test('a tar.gz of a ref with slashes uses dashes in its name and prefix', async () => {
    const res = await archive('feature/x.tar.gz');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/gzip');
    assert.match(String(res.headers['content-disposition']), /filename="files-feature-x.tar.gz"/);
    const entries = readTarGz(res.body);
    assert.equal(
      entries.find((e) => e.name === 'files-feature-x/text.txt')?.content?.toString(),
      'feature\n',
    );
    assert.ok(entries.find((e) => e.name === 'files-feature-x/large.txt')?.content?.equals(large));
  });

  test('tags and commit ids can be archived, and ?path= keeps only those paths', async () => {
    const tagged = readZip((await archive('v1.0.zip')).body);
    assert.equal(tagged.find((e) => e.name === 'files-v1.0/text.txt')?.content?.toString(), 'hello\n');
    const short = ids.feature!.slice(0, 10);
    const byId = await rawGet(`/repos/ra-owner/files/archive/${short}.tar.gz?path=docs&path=text.txt`);
    assert.equal(byId.status, 200);
    const names = readTarGz(byId.body)
      .map((e) => e.name)
      .filter((n) => !n.endsWith('/'));
    assert.deepEqual(names.sort(), [`files-${short}/docs/guide.md`, `files-${short}/text.txt`]);
  });

  test('unknown formats, unknown refs, bad paths and injection attempts answer 404', async () => {
    for (const name of [
      'main.tar',
      'main.rar',
      'main',
      '.zip',
      'nope.zip',
      '--format=tar.zip',
      '-o.zip',
      '..%2F..%2Fconfig.zip',
      'main%00.zip',
      'main.zip?path=..%2F..',
      'main.zip?path=nope',
      'main.zip?path=--output=/tmp/x',
      'main.zip?path=%3A(glob)*',
    ]) {
      const res = await archive(name);
      assert.equal(res.status, 404, name);
      assert.equal(typeof JSON.parse(res.body.toString()).message, 'string', name);
    }
  });

  test('gitea-js downloads an archive', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const res = await api.repos.repoGetArchive('ra-owner', 'files', 'main.zip');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/zip');
  });
});
