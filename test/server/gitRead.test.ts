import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseArchiveName } from '../../src/server/git/archive';
import { CatFileReader } from '../../src/server/git/catFile';
import {
  commitChanges,
  identTime,
  lastChangeOf,
  parseCommit,
  readCommit,
} from '../../src/server/git/commits';
import { commitFileChanges, moveBranch } from '../../src/server/git/fileCommit';
import {
  createBranch,
  deleteBranch,
  listBranches,
  resolveRef,
  resolveRefPrefix,
} from '../../src/server/git/refs';
import { blobSizes, entryAt, readTree, submoduleUrl } from '../../src/server/git/trees';
import { binaryBytes, git, GitWorkspace, removeDirs } from '../helpers/gitFixtures';

let work: GitWorkspace;
let bare: string;
let reader: CatFileReader;
const ids: Record<string, string> = {};

before(() => {
  work = GitWorkspace.init();
  work
    .write('README.md', '# fixture\n')
    .write('dir/a.txt', 'one\n')
    .write('exec.sh', '#!/bin/sh\n', { executable: true })
    .write('bin.dat', binaryBytes(512))
    .symlink('link', 'dir/a.txt')
    .submodule('sub', 'a'.repeat(40), 'https://example.com/sub.git');
  ids.c1 = work.commit('first');
  work.tag('v1');
  work.write('dir/a.txt', 'one\ntwo\n');
  ids.c2 = work.commit('second\n\nwith a body', { date: '1700000000 +0530' });
  work.tag('v2', 'annotated');
  work.branch('feature/x').write('f.txt', 'feature\n');
  ids.f1 = work.commit('feature work');
  work.checkout('main').write('other.txt', 'other\n');
  ids.m1 = work.commit('main work');
  work.git('merge', '--no-ff', '--quiet', '-m', 'merge feature', 'feature/x');
  ids.merge = work.head();
  bare = work.bareClone();
  reader = new CatFileReader(bare);
});

after(() => {
  reader.close();
  work.dispose();
  removeDirs(bare);
});

describe('refs', () => {
  test('branches are listed with their tips, the most recently committed first', async () => {
    const branches = await listBranches(bare);
    assert.deepEqual(branches, [
      { name: 'main', commit: ids.merge },
      { name: 'feature/x', commit: ids.f1 },
    ]);
  });

  test('a ref resolves as a branch, a tag (annotated ones peeled) or a full or short commit id', async () => {
    assert.deepEqual(await resolveRef(reader, 'feature/x'), {
      kind: 'branch',
      name: 'feature/x',
      commit: ids.f1,
    });
    assert.deepEqual(await resolveRef(reader, 'v1'), { kind: 'tag', name: 'v1', commit: ids.c1 });
    assert.deepEqual(await resolveRef(reader, 'v2'), { kind: 'tag', name: 'v2', commit: ids.c2 });
    assert.deepEqual(await resolveRef(reader, 'refs/heads/main'), {
      kind: 'branch',
      name: 'main',
      commit: ids.merge,
    });
    assert.deepEqual(await resolveRef(reader, ids.c2!), { kind: 'commit', name: ids.c2, commit: ids.c2 });
    assert.equal((await resolveRef(reader, ids.c2!.slice(0, 10).toUpperCase()))?.commit, ids.c2);
    for (const nothing of [
      'nope',
      'deadbeef',
      '../main',
      '--upload-pack=x',
      'main^{tree}',
      'main:README.md',
    ]) {
      assert.equal(await resolveRef(reader, nothing), undefined, nothing);
    }
  });

  test('a path that starts with a ref splits into the ref and the rest', async () => {
    const branch = await resolveRefPrefix(reader, 'feature/x/f.txt');
    assert.deepEqual(branch, { ref: { kind: 'branch', name: 'feature/x', commit: ids.f1 }, rest: 'f.txt' });
    assert.equal((await resolveRefPrefix(reader, 'v2/dir/a.txt'))?.rest, 'dir/a.txt');
    assert.equal((await resolveRefPrefix(reader, 'v2/dir/a.txt'))?.ref.kind, 'tag');
    const commit = await resolveRefPrefix(reader, `${ids.c1}/README.md`);
    assert.deepEqual(commit, { ref: { kind: 'commit', name: ids.c1, commit: ids.c1 }, rest: 'README.md' });
    assert.equal(await resolveRefPrefix(reader, 'main'), undefined);
    assert.equal(await resolveRefPrefix(reader, ids.c1!), undefined);
    assert.equal(await resolveRefPrefix(reader, 'dir/a.txt'), undefined);
  });

  test('creating a branch refuses an existing name and a name that collides with a folder of branches', async () => {
    assert.equal(await createBranch(bare, 'made/here', ids.c1!), 'created');
    assert.equal(git(bare, ['rev-parse', 'refs/heads/made/here']).trim(), ids.c1);
    assert.equal(await createBranch(bare, 'made/here', ids.c2!), 'exists');
    assert.equal(await createBranch(bare, 'made', ids.c2!), 'conflict');
    assert.equal(await createBranch(bare, 'feature/x/deeper', ids.c2!), 'conflict');
    await assert.rejects(createBranch(bare, '--force', ids.c1!), /invalid branch/);
  });

  test('deleting a branch happens only while it still points where the caller saw it', async () => {
    await createBranch(bare, 'to-delete', ids.c1!);
    assert.equal(await deleteBranch(bare, 'to-delete', ids.c2!), false);
    assert.equal(await deleteBranch(bare, 'to-delete', ids.c1!), true);
    assert.equal(await resolveRef(reader, 'to-delete'), undefined);
  });
});

describe('commits', () => {
  test('a commit object is read with its tree, parents, people and whole message', async () => {
    const commit = await readCommit(reader, ids.c2!);
    assert.ok(commit);
    assert.equal(commit.tree, git(bare, ['rev-parse', `${ids.c2}^{tree}`]).trim());
    assert.deepEqual(commit.parents, [ids.c1]);
    assert.deepEqual(commit.author, {
      name: 'Fixture Author',
      email: 'fixture@example.com',
      when: 1700000000,
      zone: '+0530',
    });
    assert.equal(commit.message, 'second\n\nwith a body\n');
    assert.equal(commit.signature, undefined);
    assert.deepEqual((await readCommit(reader, ids.merge!))?.parents, [ids.m1, ids.f1]);
    assert.equal(await readCommit(reader, git(bare, ['rev-parse', `${ids.c1}:README.md`]).trim()), undefined);
  });

  test('commit times keep the zone they were made in', () => {
    assert.equal(identTime({ when: 1700000000, zone: '+0530' }), '2023-11-15T03:43:20+05:30');
    assert.equal(identTime({ when: 1700000000, zone: '-0800' }), '2023-11-14T14:13:20-08:00');
    assert.equal(identTime({ when: 1700000000, zone: '+0000' }), '2023-11-14T22:13:20Z');
  });

  test('a signed commit keeps its signature and the payload it signs', () => {
    const raw = [
      'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'author A <a@x> 1700000000 +0000',
      'committer A <a@x> 1700000000 +0000',
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' ',
      ' abc',
      ' -----END PGP SIGNATURE-----',
      '',
      'signed\n',
    ].join('\n');
    const commit = parseCommit('f'.repeat(40), Buffer.from(raw));
    assert.equal(commit.signature, '-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n');
    assert.equal(
      commit.signedPayload,
      'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor A <a@x> 1700000000 +0000\ncommitter A <a@x> 1700000000 +0000\n\nsigned\n',
    );
  });

  test('a commit’s changed files and line counts match git diff', async () => {
    const second = await commitChanges(bare, (await readCommit(reader, ids.c2!))!);
    assert.deepEqual(second, {
      files: [{ filename: 'dir/a.txt', status: 'modified' }],
      additions: 1,
      deletions: 0,
    });
    const first = await commitChanges(bare, (await readCommit(reader, ids.c1!))!);
    assert.deepEqual(
      first.files.map((f) => `${f.status} ${f.filename}`),
      [
        'added .gitmodules',
        'added README.md',
        'added bin.dat',
        'added dir/a.txt',
        'added exec.sh',
        'added link',
        'added sub',
      ],
    );
  });

  test('the last change of every path agrees with git log -1', async () => {
    const paths = ['', 'README.md', 'dir', 'dir/a.txt', 'f.txt', 'other.txt', 'exec.sh', 'sub'];
    for (const path of paths) {
      const expected = git(bare, [
        'log',
        '-1',
        '--format=%H',
        ids.merge!,
        '--',
        ...(path ? [path] : []),
      ]).trim();
      assert.equal(await lastChangeOf(reader, bare, ids.merge!, path), expected, path || '(root)');
    }
  });
});

describe('trees', () => {
  test('entries are found by path with their kind, mode and id', async () => {
    const root = (await readCommit(reader, ids.c1!))!.tree;
    const kinds = await Promise.all(
      ['dir', 'dir/a.txt', 'exec.sh', 'link', 'sub', 'bin.dat'].map(
        async (p) => (await entryAt(reader, root, p))?.kind,
      ),
    );
    assert.deepEqual(kinds, ['dir', 'file', 'executable', 'symlink', 'submodule', 'file']);
    assert.equal((await entryAt(reader, root, 'sub'))?.sha, 'a'.repeat(40));
    assert.equal((await entryAt(reader, root, 'exec.sh'))?.mode, '100755');
    assert.equal(await entryAt(reader, root, 'dir/missing'), undefined);
    assert.equal(await entryAt(reader, root, 'dir/a.txt/below'), undefined);
    assert.equal((await entryAt(reader, root, ''))?.kind, 'dir');
  });

  test('blob sizes and submodule URLs are read from the repository', async () => {
    const root = (await readCommit(reader, ids.c1!))!.tree;
    const entries = (await readTree(reader, root))!;
    const bin = entries.find((e) => e.name === 'bin.dat')!;
    assert.equal((await blobSizes(reader, [bin.sha, bin.sha])).get(bin.sha), 512);
    assert.equal(await submoduleUrl(reader, root, 'sub'), 'https://example.com/sub.git');
    assert.equal(await submoduleUrl(reader, root, 'dir'), undefined);
  });
});

describe('archives and file commits', () => {
  test('archive names split into ref and format; other suffixes are not archives', () => {
    assert.deepEqual(parseArchiveName('main.zip'), { ref: 'main', format: 'zip' });
    assert.deepEqual(parseArchiveName('feature/x.tar.gz'), { ref: 'feature/x', format: 'tar.gz' });
    assert.equal(parseArchiveName('main.tar'), undefined);
    assert.equal(parseArchiveName('.zip'), undefined);
    assert.equal(parseArchiveName('main.bundle'), undefined);
  });

  test('a file commit writes and deletes through a temporary index and moves the branch by compare-and-swap', async () => {
    const person = { name: 'Writer', email: 'w@example.com', date: '@1700000100 +0200' };
    const commit = await commitFileChanges(bare, {
      parent: ids.merge,
      changes: [
        { kind: 'write', path: 'new/file.txt', content: Buffer.from('new\n'), mode: '100644' },
        { kind: 'delete', path: 'other.txt' },
      ],
      message: 'edit\n',
      author: person,
      committer: person,
    });
    assert.equal(git(bare, ['show', `${commit}:new/file.txt`]), 'new\n');
    assert.equal(git(bare, ['ls-tree', '--name-only', commit, 'other.txt']), '');
    assert.equal(
      git(bare, ['log', '-1', '--format=%an <%ae> %ad %P', '--date=raw', commit]).trim(),
      `Writer <w@example.com> 1700000100 +0200 ${ids.merge}`,
    );
    assert.equal(git(bare, ['rev-parse', 'refs/heads/main']).trim(), ids.merge, 'no ref moves yet');
    assert.equal(await moveBranch(bare, 'main', commit, ids.c1), false);
    assert.equal(await moveBranch(bare, 'main', commit, ids.merge), true);
    assert.equal(await moveBranch(bare, 'brand-new', commit, undefined), true);
    assert.equal(await moveBranch(bare, 'brand-new', commit, undefined), false);
    assert.equal(git(bare, ['rev-parse', 'refs/heads/main']).trim(), commit);
  });
});
