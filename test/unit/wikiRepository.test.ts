import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { managedWikiDir } from '../../src/server/git/paths';
import {
  wikiFile,
  wikiFileCommits,
  wikiTip,
  wikiTopFiles,
  writeWiki,
} from '../../src/server/git/wikiRepository';

const root = mkdtempSync(path.join(os.tmpdir(), 'teahouse-wiki-'));
after(() => rmSync(root, { recursive: true, force: true }));
const author = { name: 'Alice', email: 'alice@example.com' };
const write = (wikiDir: string, pagePath: string, text: string, message: string): Promise<boolean> =>
  writeWiki(wikiDir, {
    branch: 'main',
    objectFormat: 'sha1',
    message,
    author,
    changes: [{ kind: 'write', path: pagePath, content: Buffer.from(text), mode: '100644' }],
  });

test('the wiki lives beside the repository', () => {
  assert.equal(
    managedWikiDir('/data', 'Alice', 'Notes'),
    path.join('/data', 'repositories', 'alice', 'notes.wiki.git'),
  );
});

test('the first page creates the wiki; pages are read, listed and their history paged', async () => {
  const wikiDir = managedWikiDir(root, 'alice', 'notes');
  assert.equal(await wikiTip(wikiDir, 'main'), undefined);
  assert.equal(await write(wikiDir, 'Home.md', '# Welcome\n', 'Add Home'), true);
  assert.equal(await write(wikiDir, 'Setup Guide.md', 'one\n', 'Add Setup Guide'), true);
  assert.equal(await write(wikiDir, 'Setup Guide.md', 'two\n', 'Update Setup Guide'), true);
  const tip = await wikiTip(wikiDir, 'main');
  assert.ok(tip);
  assert.deepEqual(
    (await wikiTopFiles(wikiDir, tip)).map((f) => f.path),
    ['Home.md', 'Setup Guide.md'],
  );
  assert.equal((await wikiFile(wikiDir, tip, 'Setup Guide.md'))?.content, 'two\n');
  assert.equal(await wikiFile(wikiDir, tip, 'Missing.md'), undefined);
  const first = await wikiFileCommits(wikiDir, tip, 'Setup Guide.md', 0, 1);
  assert.equal(first.total, 2);
  assert.deepEqual(
    first.commits.map((c) => [c.message.trim(), c.author.name, c.committer.email]),
    [['Update Setup Guide', 'Alice', 'alice@example.com']],
  );
  const second = await wikiFileCommits(wikiDir, tip, 'Setup Guide.md', 1, 5);
  assert.deepEqual(
    second.commits.map((c) => c.message.trim()),
    ['Add Setup Guide'],
  );
});
