import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GitTreeResponse } from '../../../src/api/types';
import { PendingChanges } from '../../../src/extension/remoteRepository/pendingChanges';
import {
  accountAuthority,
  accountOfAuthority,
  formatRepoUri,
  parseRepoUri,
} from '../../../src/extension/remoteRepository/repoUri';
import { TreeListing } from '../../../src/extension/remoteRepository/treeListing';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => (data ? new TextDecoder().decode(data) : undefined);

test('a repository path and its URI map both ways, for the Local account and a remote one', () => {
  const local = { account: 'local', owner: 'ann', repo: 'tools', path: 'src/a b/#x.ts' };
  const formatted = formatRepoUri(local);
  assert.deepEqual(formatted, { authority: 'local', path: '/ann/tools/src/a b/#x.ts' });
  assert.deepEqual(parseRepoUri(formatted), local);

  const remote = { account: 'https://git.example.com/#ann', owner: 'org', repo: 'site', path: '' };
  const uri = formatRepoUri(remote);
  assert.match(uri.authority, /^x[0-9a-f]+$/, 'a URL with # and : is no authority: hex');
  assert.deepEqual(parseRepoUri(uri), remote);
  assert.equal(accountOfAuthority(accountAuthority('xavier')), 'xavier', 'an id starting with x is hex too');
});

test('paths with . or .. never become repository paths, and a URI without owner and repo is none', () => {
  assert.throws(() => formatRepoUri({ account: 'local', owner: 'a', repo: 'b', path: 'src/../../etc' }));
  assert.equal(parseRepoUri({ authority: 'local', path: '/only-owner' }), undefined);
  assert.equal(parseRepoUri({ authority: 'x-not-hex', path: '/a/b' }), undefined);
});

test('writes, creations and deletions become the changes git needs, each against the blob it replaces', () => {
  const changes = new PendingChanges();
  changes.write('README.md', bytes('new'), { sha: 'aaa' });
  changes.write('docs/new.md', bytes('hello'), undefined);
  changes.delete('old.txt', { sha: 'bbb' });
  assert.deepEqual(
    changes
      .list()
      .map((change) => [change.kind, change.path, 'baseSha' in change ? change.baseSha : undefined]),
    [
      ['added', 'docs/new.md', undefined],
      ['deleted', 'old.txt', 'bbb'],
      ['modified', 'README.md', 'aaa'],
    ],
  );
  // saved twice: still one change, on the first base
  changes.write('README.md', bytes('newer'), { sha: 'ignored' });
  assert.equal(text((changes.get('README.md') as { content: Uint8Array }).content), 'newer');
  assert.equal((changes.get('README.md') as { baseSha: string }).baseSha, 'aaa');
  // a file added and deleted again leaves nothing; a deleted one written again is modified
  changes.delete('docs/new.md', undefined);
  assert.equal(changes.get('docs/new.md'), undefined);
  changes.write('old.txt', bytes('back'), { sha: 'bbb' });
  assert.equal(changes.get('old.txt')?.kind, 'modified');
});

test('a folder overlay shows new files and folders and hides deleted ones; a deleted folder comes back with a new file', () => {
  const changes = new PendingChanges();
  changes.write('src/new.ts', bytes('x'), undefined);
  changes.write('src/deep/more.ts', bytes('yy'), undefined);
  changes.delete('src/gone.ts', { sha: 'g' });
  changes.createFolder('src/empty');
  const overlay = changes.overlay('src');
  assert.deepEqual([...overlay.files], [['new.ts', 1]]);
  assert.deepEqual([...overlay.folders].sort(), ['deep', 'empty']);
  assert.deepEqual([...overlay.removed], ['gone.ts']);

  changes.deleteFolder('lib', [
    { path: 'lib/a.ts', sha: '1' },
    { path: 'lib/sub/b.ts', sha: '2' },
  ]);
  assert.deepEqual([...changes.overlay('').removed], ['lib']);
  assert.equal(changes.removed('lib/sub'), true);
  changes.write('lib/c.ts', bytes('c'), undefined);
  assert.equal(changes.removed('lib'), false, 'writing in a deleted folder brings it back');
  assert.equal(changes.get('lib/a.ts')?.kind, 'deleted', 'its old files stay deleted');
});

test('pending changes survive storage (a window reload): contents, bases, folders', () => {
  const changes = new PendingChanges();
  changes.write('bin/logo.png', new Uint8Array([0, 255, 1, 254]), { sha: 'p' });
  changes.delete('x', { sha: 'q' });
  changes.createFolder('made');
  const restored = PendingChanges.restore(JSON.parse(JSON.stringify(changes.store())));
  assert.deepEqual(restored.list(), changes.list());
  assert.deepEqual([...restored.overlay('').folders], ['made']);
  restored.discard('x');
  assert.equal(restored.size, 1);
});

function tree(entries: string[], truncated: boolean): GitTreeResponse {
  return {
    sha: 't',
    url: '',
    page: 1,
    total_count: entries.length,
    truncated,
    tree: entries.map((name) => ({
      path: name,
      type: name.endsWith('/') ? 'tree' : 'blob',
      mode: name.endsWith('/') ? '040000' : '100644',
      sha: `sha-${name}`,
      size: name.length,
      url: '',
    })),
  };
}

test('a folder is one tree request (every page of a truncated one), read once per tree id', async () => {
  const asked: string[] = [];
  const listing = new TreeListing((sha, page) => {
    asked.push(`${sha}#${page}`);
    if (sha === 'head')
      return Promise.resolve(page === 1 ? tree(['a.txt', 'src/'], true) : tree(['z.txt'], false));
    if (sha === 'sha-src/') return Promise.resolve(tree(['main.ts'], false));
    return Promise.reject(new Error(`no tree ${sha}`));
  });
  const root = await listing.folder('head', '');
  assert.deepEqual([...(root?.keys() ?? [])], ['a.txt', 'src/', 'z.txt']);
  assert.deepEqual(asked, ['head#1', 'head#2']);
  await listing.folder('head', '');
  assert.equal(asked.length, 2, 'the root again costs nothing');
  assert.equal(await listing.folder('head', 'missing'), undefined);
  assert.equal((await listing.entry('head', 'a.txt'))?.sha, 'sha-a.txt');
});
