import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupThreads, placeComment, positionsFor } from '../../src/extension/review/commentPlacement';

const head = 'a'.repeat(40);
const older = 'b'.repeat(40);

const comment = (id: number, path: string, position: number, original: number, commit = head, at = id) => ({
  id,
  path,
  position,
  original_position: original,
  commit_id: commit,
  created_at: `2026-01-01T00:00:${String(at).padStart(2, '0')}Z`,
});

test("Gitea's position is a line of the head's file, original_position one of the base's", () => {
  assert.deepEqual(placeComment(comment(1, 'a.ts', 12, 0), head), {
    side: 'head',
    line: 12,
    outdated: false,
  });
  assert.deepEqual(placeComment(comment(2, 'a.ts', 0, 7), head), { side: 'base', line: 7, outdated: false });
  assert.equal(placeComment(comment(3, 'a.ts', 0, 0), head), undefined);
});

test('a comment made on another commit than the head is outdated', () => {
  assert.equal(placeComment(comment(1, 'a.ts', 3, 0, older), head)?.outdated, true);
  // a server that does not say which commit: not judged outdated
  assert.equal(placeComment(comment(1, 'a.ts', 3, 0, ''), head)?.outdated, false);
});

test('new comments send the line as new_position or old_position, the other 0', () => {
  assert.deepEqual(positionsFor('head', 5), { new_position: 5, old_position: 0 });
  assert.deepEqual(positionsFor('base', 9), { new_position: 0, old_position: 9 });
});

test('positions round-trip: what is sent for a side and line is placed there again', () => {
  for (const side of ['head', 'base'] as const) {
    const sent = positionsFor(side, 42);
    const placed = placeComment(comment(1, 'a.ts', sent.new_position, sent.old_position), head);
    assert.deepEqual(placed, { side, line: 42, outdated: false });
  }
});

test('threads group by path, side and line, oldest comment first', () => {
  const threads = groupThreads(
    [
      comment(4, 'a.ts', 10, 0, head, 9),
      comment(1, 'a.ts', 10, 0, head, 1),
      comment(2, 'a.ts', 0, 10, head, 2),
      comment(3, 'b.ts', 10, 0, head, 3),
    ],
    head,
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
  const [mixed] = groupThreads([comment(1, 'a.ts', 4, 0, older, 1), comment(2, 'a.ts', 4, 0, head, 2)], head);
  assert.equal(mixed?.placement.outdated, false);
  const [old] = groupThreads([comment(1, 'a.ts', 4, 0, older, 1)], head);
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
