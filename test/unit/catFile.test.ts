import assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { CatFilePool, CatFileReader, streamBlob } from '../../src/server/git/catFile';
import { runGit } from '../../src/server/git/run';
import { waitFor } from '../server/harness';
import { binaryBytes, git, GitWorkspace, removeDirs } from '../helpers/gitFixtures';

let work: GitWorkspace;
let bare: string;
let commit: string;
const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'x');

before(() => {
  work = GitWorkspace.init();
  work.write('hello.txt', 'hello\n').write('bin/data.bin', binaryBytes(4096)).write('big.txt', big);
  commit = work.commit('first');
  bare = work.bareClone();
});

after(() => {
  work.dispose();
  removeDirs(bare);
});

test('read answers an object with its type, size and exact content', async () => {
  const reader = new CatFileReader(bare);
  try {
    const blob = await reader.read(`${commit}:hello.txt`);
    assert.equal(blob?.type, 'blob');
    assert.equal(blob?.size, 6);
    assert.equal(blob?.content.toString(), 'hello\n');
    assert.equal(blob?.sha, git(bare, ['rev-parse', `${commit}:hello.txt`]).trim());
  } finally {
    reader.close();
  }
});

test('binary and multi-megabyte blobs come back byte for byte', async () => {
  const reader = new CatFileReader(bare);
  try {
    const [binary, large] = await Promise.all([
      reader.read(`${commit}:bin/data.bin`),
      reader.read(`${commit}:big.txt`),
    ]);
    assert.ok(binary && large);
    assert.ok(binary.content.equals(binaryBytes(4096)));
    assert.equal(large.size, big.length);
    assert.ok(large.content.equals(big));
  } finally {
    reader.close();
  }
});

test('info answers type and size without content, and missing objects are undefined', async () => {
  const reader = new CatFileReader(bare);
  try {
    const info = await reader.info(`${commit}:big.txt`);
    assert.deepEqual({ type: info?.type, size: info?.size }, { type: 'blob', size: big.length });
    assert.equal(await reader.info(`${commit}:nope.txt`), undefined);
    assert.equal(await reader.read('0'.repeat(40)), undefined);
    assert.equal((await reader.info('refs/heads/main^{commit}'))?.sha, commit);
  } finally {
    reader.close();
  }
});

test('many concurrent requests on one process are each answered with their own object', async () => {
  const reader = new CatFileReader(bare);
  try {
    const specs = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0 ? `${commit}:hello.txt` : i % 3 === 1 ? `${commit}:missing-${i}` : `${commit}:bin/data.bin`,
    );
    const answers = await Promise.all(specs.map((spec) => reader.read(spec)));
    answers.forEach((answer, i) => {
      if (i % 3 === 0) assert.equal(answer?.content.toString(), 'hello\n');
      else if (i % 3 === 1) assert.equal(answer, undefined);
      else assert.equal(answer?.size, 4096);
    });
    assert.equal(reader.runningProcesses, 1);
  } finally {
    reader.close();
  }
});

test('request lines that could split or inject a request are refused before git sees them', async () => {
  const reader = new CatFileReader(bare);
  try {
    await assert.rejects(
      reader.read(`${commit}:hello.txt\n${commit}:bin/data.bin`),
      /unsafe cat-file request/,
    );
    await assert.rejects(reader.info('HEAD\0x'), /unsafe cat-file request/);
    await assert.rejects(reader.info(''), /unsafe cat-file request/);
    assert.equal((await reader.read(`${commit}:hello.txt`))?.content.toString(), 'hello\n');
  } finally {
    reader.close();
  }
});

test('a killed process fails what it owed and the next request starts a new one', async () => {
  const reader = new CatFileReader(bare);
  try {
    assert.ok(await reader.read(`${commit}:hello.txt`));
    const owed = reader.read(`${commit}:big.txt`);
    reader.kill();
    await assert.rejects(owed, /stopped/);
    assert.equal((await reader.read(`${commit}:hello.txt`))?.content.toString(), 'hello\n');
  } finally {
    reader.close();
  }
});

test('a repository that does not exist fails the request instead of hanging', async () => {
  const reader = new CatFileReader(`${bare}-does-not-exist`);
  await assert.rejects(reader.info('HEAD'), /stopped: .*not a git repository/i);
});

test('processes stop after the idle time and restart on the next request', async () => {
  const reader = new CatFileReader(bare, 20);
  try {
    assert.ok(await reader.info(commit));
    assert.equal(reader.runningProcesses, 1);
    await waitFor(() => reader.runningProcesses === 0, 5000, 'the idle reader to stop');
    assert.equal((await reader.read(`${commit}:hello.txt`))?.content.toString(), 'hello\n');
  } finally {
    reader.close();
  }
});

test('objects pushed after the process started are found', async () => {
  const reader = new CatFileReader(bare);
  const other = GitWorkspace.clone(bare);
  try {
    assert.ok(await reader.info('refs/heads/main'));
    other.write('later.txt', 'later\n');
    const later = other.commit('later');
    other.git('push', '--quiet', 'origin', 'HEAD:refs/heads/later');
    assert.equal((await reader.info('refs/heads/later'))?.sha, later);
    assert.equal((await reader.read(`${later}:later.txt`))?.content.toString(), 'later\n');
  } finally {
    reader.close();
    other.dispose();
  }
});

test('the pool keeps one reader per repository and closing it refuses new readers', async () => {
  const pool = new CatFilePool({ maxRepositories: 2 });
  const first = pool.reader(bare);
  assert.equal(pool.reader(bare), first);
  assert.ok(await first.info(commit));
  await pool.close();
  assert.equal(first.runningProcesses, 0);
  assert.throws(() => pool.reader(bare), /closed/);
});

test('a forgotten repository gets a new reader, and closing the pool ends streams still running', async () => {
  const pool = new CatFilePool();
  const first = pool.reader(bare);
  assert.ok(await first.info(commit));
  pool.forget(bare);
  assert.equal(first.runningProcesses, 0);
  assert.notEqual(pool.reader(bare), first);
  const sha = git(bare, ['rev-parse', `${commit}:big.txt`]).trim();
  // Nobody reads the stream, so git blocks on a full pipe until the pool kills it.
  const stream = streamBlob(pool, bare, sha);
  const ended = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  await pool.close();
  await ended;
  assert.equal(stream.destroyed, true);
});

test('a repository replaced under the same path gets a new reader that sees the new refs', async () => {
  const other = GitWorkspace.init();
  const first = work.bareClone();
  const second = other.write('other.txt', 'other\n').commit('other') && other.bareClone();
  const pool = new CatFilePool();
  try {
    const reader = pool.reader(first);
    assert.ok(await reader.info(`${commit}:hello.txt`));
    // The delete-then-create (or rename) the server does: same path, another directory.
    removeDirs(first);
    renameSync(second, first);
    const replaced = pool.reader(first);
    assert.notEqual(replaced, reader);
    assert.equal(reader.runningProcesses, 0);
    assert.equal(await replaced.info(`${commit}:hello.txt`), undefined);
    assert.equal((await replaced.read('HEAD:other.txt'))?.content.toString(), 'other\n');
    assert.equal(pool.reader(first), replaced);
  } finally {
    await pool.close();
    other.dispose();
    removeDirs(first);
  }
});

test('a streamed blob arrives whole', async () => {
  const pool = new CatFilePool();
  try {
    const sha = git(bare, ['rev-parse', `${commit}:big.txt`]).trim();
    const chunks: Buffer[] = [];
    for await (const chunk of streamBlob(pool, bare, sha)) chunks.push(chunk as Buffer);
    assert.ok(Buffer.concat(chunks).equals(big));
  } finally {
    await pool.close();
  }
});

const author = {
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@example.com',
};

test('a reader of a managed repository keeps what references resolve to until a counted change', async () => {
  const dir = work.bareClone();
  const pool = new CatFilePool({ managedRoot: path.dirname(dir) });
  try {
    const reader = pool.reader(dir);
    const first = git(dir, ['rev-parse', 'refs/heads/main']).trim();
    assert.equal((await reader.info('refs/heads/main'))?.sha, first);
    const second = git(dir, ['commit-tree', '-p', first, '-m', 'second', `${first}^{tree}`], author).trim();
    // moved behind the server's back (what a managed repository never sees): the kept answer stands
    git(dir, ['update-ref', 'refs/heads/main', second]);
    assert.equal((await reader.info('refs/heads/main'))?.sha, first);
    // moved by a counted command, as every change the server makes or lets in
    await runGit(['update-ref', 'refs/heads/main', second], { gitDir: dir });
    assert.equal((await reader.info('refs/heads/main'))?.sha, second);
  } finally {
    await pool.close();
    removeDirs(dir);
  }
});

test('a reader of a repository outside the managed root asks git every time', async () => {
  const dir = work.bareClone();
  const pool = new CatFilePool({ managedRoot: path.join(path.dirname(dir), 'elsewhere') });
  try {
    const reader = pool.reader(dir);
    const first = git(dir, ['rev-parse', 'refs/heads/main']).trim();
    assert.equal((await reader.info('refs/heads/main'))?.sha, first);
    const second = git(dir, ['commit-tree', '-p', first, '-m', 'second', `${first}^{tree}`], author).trim();
    git(dir, ['update-ref', 'refs/heads/main', second]);
    assert.equal((await reader.info('refs/heads/main'))?.sha, second);
  } finally {
    await pool.close();
    removeDirs(dir);
  }
});
