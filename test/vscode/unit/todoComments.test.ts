import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commentSyntaxOf, type CommentSyntax } from '../../../src/extension/editor/commentSyntax';
import {
  fenced,
  findTodo,
  snippetLines,
  todoIssueBody,
  todoReplacement,
} from '../../../src/extension/editor/todoComments';

function syntax(language: string): CommentSyntax {
  const found = commentSyntaxOf(language);
  assert.ok(found, language);
  return found;
}

/** The TODO on the line of `text` that holds `marker`. */
function todoIn(text: string, language: string, marker: string, triggers = ['TODO', 'FIXME']) {
  const lineStart = text.lastIndexOf('\n', text.indexOf(marker)) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
  return findTodo(text, lineStart, line, triggers, syntax(language));
}

test('a trigger in a line comment: its range, and the text after it (colon dropped) as the title', () => {
  const text = 'const a = 1;\nfoo(); // TODO: handle the empty list\n';
  const todo = todoIn(text, 'typescript', 'foo');
  assert.deepEqual(todo, { trigger: 'TODO', start: 10, end: 14, title: 'handle the empty list' });
});

test('block comments lose their close; FIXME and hash comments count', () => {
  assert.equal(todoIn('/* FIXME - leaks a handle */\n', 'c', 'FIXME')?.title, 'leaks a handle');
  assert.equal(todoIn('<!-- TODO translate -->', 'html', 'TODO')?.title, 'translate');
  assert.equal(todoIn('x = 1  # TODO make it 2\n', 'python', 'TODO')?.trigger, 'TODO');
  // inside a block comment that opened on an earlier line
  assert.equal(todoIn('/*\n * TODO second line\n */', 'typescript', 'second')?.title, 'second line');
});

test('not in code or strings, not part of a word, not already linked, only the configured words', () => {
  assert.equal(todoIn('const TODO = 1;\n', 'typescript', 'TODO'), undefined);
  assert.equal(todoIn('log("TODO: later") // done\n', 'typescript', 'TODO'), undefined);
  assert.equal(todoIn('// TODOS are fine\n', 'typescript', 'TODO'), undefined);
  assert.equal(todoIn('// TODO(#12): linked\n', 'typescript', 'TODO'), undefined);
  assert.equal(todoIn('// HACK: nope\n', 'typescript', 'HACK'), undefined);
  assert.equal(todoIn('// HACK: yes\n', 'typescript', 'HACK', ['HACK'])?.title, 'yes');
  assert.equal(todoIn('// TODO: none\n', 'typescript', 'TODO', []), undefined);
  // a linked one first, an open one later on the same line: the open one
  assert.equal(todoIn('// TODO(#1) and TODO: also this\n', 'typescript', 'TODO')?.start, 16);
});

test('the replacement fills trigger, number and url', () => {
  assert.equal(todoReplacement('{trigger}(#{number})', 'TODO', 12, 'u'), 'TODO(#12)');
  assert.equal(todoReplacement('#{number} ({url}):', 'FIXME', 3, 'http://x/3'), '#3 (http://x/3):');
});

test('the snippet: lines around, clamped; a fence longer than any backtick run inside', () => {
  assert.deepEqual(snippetLines(['a', 'b', 'c', 'd'], 0, 2), { first: 0, text: 'a\nb\nc' });
  assert.deepEqual(snippetLines(['a', 'b', 'c', 'd'], 3, 1), { first: 2, text: 'c\nd' });
  // a file's final newline leaves an empty last line: not part of the snippet
  assert.deepEqual(snippetLines(['a', 'b', '', ' '], 1, 2), { first: 0, text: 'a\nb' });
  assert.equal(fenced('x', 'go'), '```go\nx\n```');
  assert.equal(fenced('a ```` b', ''), '`````\na ```` b\n`````');
});

test('the body: the permalink, else the path and line with the reason', () => {
  const base = { path: 'src/a.ts', line: 4, noPermalinkReason: 'changed', snippet: 'x', language: 'ts' };
  assert.equal(
    todoIssueBody({ ...base, permalink: 'http://s/o/r/src/commit/abc/src/a.ts#L4' }),
    'http://s/o/r/src/commit/abc/src/a.ts#L4\n\n```ts\nx\n```\n',
  );
  assert.equal(
    todoIssueBody({ ...base, permalink: undefined }),
    '`src/a.ts` line 4 (changed)\n\n```ts\nx\n```\n',
  );
});
