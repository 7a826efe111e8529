import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  buildChangeTree,
  pathSegments,
  statusLetter,
  type ChangedFile,
  type ChangeEntry,
} from '../../src/extension/review/changeTree';

const file = (filename: string, status = 'modified', previousFilename = ''): ChangedFile => ({
  filename,
  previousFilename,
  status,
  additions: 1,
  deletions: 0,
});

/** `folder/` lines and file names, indented by depth: the shape a reader sees in the tree. */
function outline(entries: readonly ChangeEntry[], depth = 0): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'file'
      ? [`${'  '.repeat(depth)}${entry.file.filename.split('/').pop() ?? ''}`]
      : [`${'  '.repeat(depth)}${entry.label}/`, ...outline(entry.entries, depth + 1)],
  );
}

const files = [
  file('src/extension/review/b.ts', 'added'),
  file('README.md'),
  file('src/extension/review/a.ts'),
  file('src/api/x.ts', 'deleted'),
  file('docs/guide.md', 'renamed', 'docs/old.md'),
];

test('the tree layout puts folders first, sorted, and joins chains of single folders', () => {
  assert.deepEqual(outline(buildChangeTree(files, 'tree')), [
    'docs/',
    '  guide.md',
    'src/',
    '  api/',
    '    x.ts',
    '  extension/review/',
    '    a.ts',
    '    b.ts',
    'README.md',
  ]);
});

test("a joined folder's path is the full path, so its id and resource stay unique", () => {
  const src = buildChangeTree(files, 'tree').find(
    (entry) => entry.kind === 'folder' && entry.label === 'src',
  );
  assert.ok(src?.kind === 'folder');
  const joined = src.entries.find((entry) => entry.kind === 'folder' && entry.label === 'extension/review');
  assert.ok(joined?.kind === 'folder');
  assert.equal(joined.path, 'src/extension/review');
});

test('the flat layout lists every file once, sorted by path', () => {
  assert.deepEqual(
    buildChangeTree(files, 'flat').map((entry) => (entry.kind === 'file' ? entry.file.filename : entry.path)),
    ['README.md', 'docs/guide.md', 'src/api/x.ts', 'src/extension/review/a.ts', 'src/extension/review/b.ts'],
  );
});

test('a file at the root of a folder with subfolders keeps its folder', () => {
  assert.deepEqual(outline(buildChangeTree([file('a/x.ts'), file('a/b/y.ts')], 'tree')), [
    'a/',
    '  b/',
    '    y.ts',
    '  x.ts',
  ]);
});

test("statuses are badged as git's letters; an unknown one is a modification", () => {
  assert.deepEqual(['added', 'modified', 'deleted', 'removed', 'renamed', 'changed', ''].map(statusLetter), [
    'A',
    'M',
    'D',
    'D',
    'R',
    'M',
    'M',
  ]);
});

test('a path from the server reaches a workspace file only when it stays inside the folder', () => {
  assert.deepEqual(pathSegments('src/a.ts'), ['src', 'a.ts']);
  for (const path of ['', '../x', 'a/../../x', '/etc/passwd', 'a//b', './a', 'a\\..\\b', 'a/']) {
    assert.equal(pathSegments(path), undefined, path);
  }
});
