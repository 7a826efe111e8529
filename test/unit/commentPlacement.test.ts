import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  groupThreads,
  hunkLine,
  madeOn,
  placeComment,
  positionsFor,
} from '../../src/extension/review/commentPlacement';

/** A hunk as Gitea cuts it: ending at the commented line. */
const hunkAt = (line: string, prefix = '+') => `@@ -1,2 +1,3 @@\n one\n-two\n${prefix}${line}`;
const file = ['one', 'TWO', 'three'];
const lineOf = (_side: 'head' | 'base', line: number) => file[line - 1];

const comment = (id: number, path: string, position: number, original: number, hunk = '', at = id) => ({
  id,
  path,
  position,
  original_position: original,
  diff_hunk: hunk,
  created_at: `2026-01-01T00:00:${String(at).padStart(2, '0')}Z`,
});

test("Gitea's position is a line of the head's file, original_position one of the base's", () => {
  assert.deepEqual(placeComment(comment(1, 'a.ts', 12, 0), lineOf), {
    side: 'head',
    line: 12,
    outdated: false,
  });
  assert.deepEqual(placeComment(comment(2, 'a.ts', 0, 7), lineOf), {
    side: 'base',
    line: 7,
    outdated: false,
  });
  assert.equal(placeComment(comment(3, 'a.ts', 0, 0), lineOf), undefined);
});

test("a comment is outdated when its hunk's last line is no longer the file's line there", () => {
  assert.equal(placeComment(comment(1, 'a.ts', 2, 0, hunkAt('TWO')), lineOf)?.outdated, false);
  assert.equal(placeComment(comment(1, 'a.ts', 2, 0, hunkAt('two')), lineOf)?.outdated, true);
  // a context line and a removed line keep their prefix off too
  assert.equal(placeComment(comment(1, 'a.ts', 3, 0, hunkAt('three', ' ')), lineOf)?.outdated, false);
  assert.equal(placeComment(comment(1, 'a.ts', 0, 2, hunkAt('TWO', '-')), lineOf)?.outdated, false);
  // past the end of the file
  assert.equal(placeComment(comment(1, 'a.ts', 9, 0, hunkAt('nine')), lineOf)?.outdated, true);
  // no hunk (a line outside the diff): nothing to compare, not judged outdated
  assert.equal(placeComment(comment(1, 'a.ts', 9, 0, ''), lineOf)?.outdated, false);
});

test('the line a hunk ends with, without its prefix; none for an empty or header-only hunk', () => {
  assert.equal(hunkLine('@@ -1 +1 @@\n+x\n'), 'x');
  assert.equal(hunkLine('@@ -1 +1 @@\r\n y'), 'y');
  assert.equal(hunkLine(''), undefined);
  assert.equal(hunkLine('@@ -1 +1 @@'), undefined);
});

test('new comments send the line as new_position or old_position, the other 0', () => {
  assert.deepEqual(positionsFor('head', 5), { new_position: 5, old_position: 0 });
  assert.deepEqual(positionsFor('base', 9), { new_position: 0, old_position: 9 });
});

test('positions round-trip: what is sent for a side and line is placed there again', () => {
  for (const side of ['head', 'base'] as const) {
    const sent = positionsFor(side, 42);
    const placed = placeComment(comment(1, 'a.ts', sent.new_position, sent.old_position), lineOf);
    assert.deepEqual(placed, { side, line: 42, outdated: false });
  }
});

test('threads group by path, side and line, oldest comment first', () => {
  const threads = groupThreads(
    [
      comment(4, 'a.ts', 10, 0, '', 9),
      comment(1, 'a.ts', 10, 0, '', 1),
      comment(2, 'a.ts', 0, 10, '', 2),
      comment(3, 'b.ts', 10, 0, '', 3),
    ],
    (_path, side, line) => lineOf(side, line),
  );
  assert.deepEqual(
    threads.map((thread) => [
      thread.path,
      thread.placement.side,
      thread.placement.line,
      thread.comments.map((c) => c.id),
    ]),
    [
      ['a.ts', 'head', 10, [1, 4]],
      ['a.ts', 'base', 10, [2]],
      ['b.ts', 'head', 10, [3]],
    ],
  );
});

test('a thread is outdated only while all of its comments are', () => {
  const byPath = (_path: string, side: 'head' | 'base', line: number) => lineOf(side, line);
  const [mixed] = groupThreads(
    [comment(1, 'a.ts', 2, 0, hunkAt('two'), 1), comment(2, 'a.ts', 2, 0, hunkAt('TWO'), 2)],
    byPath,
  );
  assert.equal(mixed?.placement.outdated, false);
  const [old] = groupThreads([comment(1, 'a.ts', 2, 0, hunkAt('two'), 1)], byPath);
  assert.equal(old?.placement.outdated, true);
});

test('a suggestion block round-trips; the first block counts; an unclosed one is none', async () => {
  const { parseSuggestion, suggestionBody } = await import('../../src/extension/review/suggestion');
  assert.deepEqual(parseSuggestion(suggestionBody(['  const a = 1;', ''])), ['  const a = 1;', '']);
  assert.deepEqual(parseSuggestion('Better:\r\n```suggestion\r\nx\r\n```\n```suggestion\ny\n```'), ['x']);
  assert.deepEqual(parseSuggestion('```suggestion\n```'), []);
  assert.equal(parseSuggestion('```suggestion\nx'), undefined);
  assert.equal(parseSuggestion('```ts\nx\n```'), undefined);
});

test('reactions are counted per kind, every default one offered, yours marked; an emoji maps back', async () => {
  const { countReactions, reactionContent } = await import('../../src/extension/review/reactions');
  const by = (login: string, content: string) => ({ content, created_at: '', user: { login } }) as never;
  const counts = countReactions(
    [by('ann', '+1'), by('Bob', '+1'), by('ann', 'rocket'), by('bob', 'tada')],
    'bob',
  );
  assert.deepEqual(
    counts
      .filter((count) => count.count > 0)
      .map((count) => [count.content, count.emoji, count.count, count.mine]),
    [
      ['+1', '👍', 2, true],
      ['rocket', '🚀', 1, false],
      ['tada', 'tada', 1, true],
    ],
  );
  assert.equal(counts.length, 9);
  assert.equal(reactionContent('👀'), 'eyes');
  assert.equal(reactionContent('tada'), 'tada');
});

test('a comment was made on its original_commit_id (the head then), else on its commit_id', () => {
  assert.equal(madeOn({ original_commit_id: 'aaa', commit_id: 'bbb' }), 'aaa');
  // Gitea 1.14 leaves original_commit_id empty
  assert.equal(madeOn({ original_commit_id: '', commit_id: 'bbb' }), 'bbb');
  assert.equal(madeOn({ original_commit_id: '', commit_id: '' }), undefined);
});
