import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commitsFromPatch, filesFromDiff } from '../../../src/extension/webviews/pullPatch';

test('files from a diff: added, deleted, renamed and modified, with their line counts', () => {
  const diff = [
    'diff --git a/new.txt b/new.txt',
    'new file mode 100644',
    'index 0000000..1111111',
    '--- /dev/null',
    '+++ b/new.txt',
    '@@ -0,0 +1,2 @@',
    '+one',
    '+two',
    'diff --git a/gone.txt b/gone.txt',
    'deleted file mode 100644',
    '--- a/gone.txt',
    '+++ /dev/null',
    '@@ -1 +0,0 @@',
    '-bye',
    'diff --git a/old name.md b/new name.md',
    'similarity index 90%',
    'rename from old name.md',
    'rename to new name.md',
    '@@ -1,2 +1,2 @@',
    '-a',
    '+b',
    ' c',
    'diff --git a/same.ts b/same.ts',
    'index 2222222..3333333 100644',
    '--- a/same.ts',
    '+++ b/same.ts',
    '@@ -1,3 +1,3 @@',
    '---x',
    '+++y',
    '',
  ].join('\n');
  assert.deepEqual(filesFromDiff(diff), [
    { filename: 'new.txt', previousFilename: '', status: 'added', additions: 2, deletions: 0 },
    { filename: 'gone.txt', previousFilename: '', status: 'deleted', additions: 0, deletions: 1 },
    {
      filename: 'new name.md',
      previousFilename: 'old name.md',
      status: 'renamed',
      additions: 1,
      deletions: 1,
    },
    { filename: 'same.ts', previousFilename: '', status: 'modified', additions: 1, deletions: 1 },
  ]);
});

test('commits from a format-patch: sha, full message, author name (RFC 2047 decoded)', () => {
  const patch = [
    'From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001',
    'From: =?UTF-8?q?J=C3=B6rg?= <j@example.com>',
    'Date: Tue, 24 Nov 2026 22:00:49 +0000',
    'Subject: [PATCH 1/2] First change that has a long',
    ' subject',
    '',
    'Why it was needed.',
    '---',
    ' a | 1 +',
    '',
    'diff --git a/a b/a',
    '',
    'From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001',
    'From: Ann <ann@example.com>',
    'Subject: [PATCH 2/2] Second',
    '',
    '---',
  ].join('\n');
  assert.deepEqual(commitsFromPatch(patch), [
    {
      sha: '1111111111111111111111111111111111111111',
      message: 'First change that has a long subject\n\nWhy it was needed.',
      author: 'Jörg',
    },
    { sha: '2222222222222222222222222222222222222222', message: 'Second', author: 'Ann' },
  ]);
});
