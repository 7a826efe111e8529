import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseUnifiedDiff, unquotePath } from '../../src/server/http/web/layout/unifiedDiff';
import { highlightLanguage, highlightLines } from '../../src/server/http/web/pages/repo/highlight';

const diff = [
  'diff --git a/src/a.ts b/src/a.ts',
  'index 1111111..2222222 100644',
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  '@@ -1,3 +1,3 @@ function f()',
  ' keep',
  '-old',
  '+new',
  ' tail',
  '\\ No newline at end of file',
  'diff --git "a/docs/\\303\\251 x.txt" "b/docs/\\303\\251 x.txt"',
  'new file mode 100644',
  'index 0000000..3333333',
  '--- /dev/null',
  '+++ "b/docs/\\303\\251 x.txt"',
  '@@ -0,0 +1 @@',
  '+hello',
  'diff --git a/old.txt b/new.txt',
  'similarity index 100%',
  'rename from old.txt',
  'rename to new.txt',
  'diff --git a/img.png b/img.png',
  'new file mode 100644',
  'index 0000000..4444444',
  'Binary files /dev/null and b/img.png differ',
  '',
].join('\n');

describe('unified diff parsing', () => {
  test('files, statuses, numbered lines, quoted unicode paths, renames, binary files', () => {
    const { files, truncated } = parseUnifiedDiff(diff);
    assert.equal(truncated, false);
    assert.deepEqual(
      files.map((f) => [f.oldPath, f.newPath, f.status, f.binary, f.additions, f.deletions]),
      [
        ['src/a.ts', 'src/a.ts', 'modified', false, 1, 1],
        ['docs/é x.txt', 'docs/é x.txt', 'added', false, 1, 0],
        ['old.txt', 'new.txt', 'renamed', false, 0, 0],
        ['img.png', 'img.png', 'added', true, 0, 0],
      ],
    );
    assert.deepEqual(
      files[0]!.lines.map((l) => [l.kind, l.text, l.oldNumber, l.newNumber]),
      [
        ['hunk', '@@ -1,3 +1,3 @@ function f()', undefined, undefined],
        ['context', 'keep', 1, 1],
        ['del', 'old', 2, undefined],
        ['add', 'new', undefined, 2],
        ['context', 'tail', 3, 3],
        ['note', '\\ No newline at end of file', undefined, undefined],
      ],
    );
  });

  test('lines past the caps are counted, not kept', () => {
    const { files, truncated } = parseUnifiedDiff(diff, { linesPerFile: 3, totalLines: 4, files: 2 });
    assert.equal(truncated, true);
    assert.equal(files.length, 2);
    assert.equal(files[0]!.lines.length, 3);
    assert.equal(files[0]!.truncated, true);
    assert.equal(files[0]!.additions, 1, 'counted all the same');
    assert.equal(files[1]!.lines.length, 1, 'the total cap');
  });

  test('C-quoted paths decode escapes as UTF-8', () => {
    assert.equal(unquotePath('"a\\tb\\\\c\\"d\\303\\274"'), 'a\tb\\c"dü');
    assert.equal(unquotePath('plain'), 'plain');
  });
});

describe('highlighting', () => {
  test('languages by file name', () => {
    assert.equal(highlightLanguage('src/a.ts', Buffer.from('')), 'typescript');
    assert.equal(highlightLanguage('x.py', Buffer.from('')), 'python');
    assert.equal(highlightLanguage('run', Buffer.from('#!/bin/sh\necho')), 'bash');
    assert.equal(highlightLanguage('notes.unknownext', Buffer.from('')), undefined);
  });

  test('each line closes the spans it opened and the next line reopens them; text stays escaped', () => {
    const lines = highlightLines('/* one\ntwo */ const a = "<b>";', 'typescript');
    assert.equal(lines.length, 2);
    assert.equal(lines[0], '<span class="hl-comment">/* one</span>');
    assert.ok(lines[1]!.startsWith('<span class="hl-comment">two */</span>'));
    assert.ok(lines[1]!.includes('&quot;&lt;b&gt;&quot;'));
    for (const line of lines) {
      assert.equal(line.split('<span').length, line.split('</span>').length, line);
    }
  });
});
