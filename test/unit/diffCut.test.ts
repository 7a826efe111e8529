import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cutDiffAroundLine } from '../../src/server/git/diffCut';

const header = ['diff --git a/f.txt b/f.txt', 'index 1111111..2222222 100644', '--- a/f.txt', '+++ b/f.txt'];
const fileHeaders = 'diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt';

const twoHunks = [
  ...header,
  '@@ -1,4 +1,4 @@',
  ' a',
  '-b',
  '+B',
  ' c',
  ' d',
  '@@ -20,5 +20,6 @@ section',
  ' t',
  ' u',
  '+new',
  ' v',
  '-w',
  '+W',
  ' x',
].join('\n');

describe('cutDiffAroundLine (Gitea CutDiffAroundLine)', () => {
  test('keeps the file headers (not the index line) and the hunk up to the line', () => {
    assert.equal(cutDiffAroundLine(twoHunks, 2, false, 4), `${fileHeaders}\n@@ -1,4 +1,4 @@\n a\n-b\n+B`);
    assert.equal(cutDiffAroundLine(twoHunks, 2, true, 4), `${fileHeaders}\n@@ -1,4 +1,4 @@\n a\n-b`);
  });

  test('finds the line in a later hunk and cuts it to the last lines with a new header', () => {
    assert.equal(
      cutDiffAroundLine(twoHunks, 24, false, 4),
      `${fileHeaders}\n@@ -22,2 +22,3 @@\n+new\n v\n-w\n+W`,
    );
    assert.equal(
      cutDiffAroundLine(twoHunks, 23, true, 4),
      `${fileHeaders}\n@@ -21,3 +21,3 @@\n u\n+new\n v\n-w`,
    );
  });

  test('no hunk holds the line: empty, as for line 0 or an empty diff', () => {
    assert.equal(cutDiffAroundLine(twoHunks, 10, false, 4), '');
    assert.equal(cutDiffAroundLine(twoHunks, 0, false, 4), '');
    assert.equal(cutDiffAroundLine('', 3, false, 4), '');
  });

  test('a new file and a missing newline at its end', () => {
    const added = [
      'diff --git a/n.txt b/n.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/n.txt',
      '@@ -0,0 +1,2 @@',
      '+one',
      '+two',
      '\\ No newline at end of file',
    ].join('\n');
    assert.equal(
      cutDiffAroundLine(added, 2, false, 4),
      'diff --git a/n.txt b/n.txt\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+one\n+two',
    );
    assert.equal(cutDiffAroundLine(added, 1, true, 4), '');
  });
});
