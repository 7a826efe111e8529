import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  completionTrigger,
  findReferences,
  referenceAt,
  type Reference,
} from '../../../src/extension/editor/references';

const texts = (line: string) =>
  findReferences(line).map((reference: Reference) => line.slice(reference.start, reference.end));

test('#12, owner/repo#34 and @user are references, with their spans', () => {
  assert.deepEqual(findReferences('Fixes #12 and alice/tea.pot#34, thanks @bob_1.'), [
    { kind: 'issue', owner: undefined, repo: undefined, number: 12, start: 6, end: 9 },
    { kind: 'issue', owner: 'alice', repo: 'tea.pot', number: 34, start: 14, end: 30 },
    { kind: 'user', login: 'bob_1', start: 39, end: 45 },
  ]);
});

test('references at the start of a line, in brackets and before punctuation count', () => {
  assert.deepEqual(texts('#1'), ['#1']);
  assert.deepEqual(texts('(#2) [@carol], see #3.'), ['#2', '@carol', '#3']);
  assert.deepEqual(texts('@dave: look at #4!'), ['@dave', '#4']);
});

test('emails, URLs, HTML entities, words and headings are not references', () => {
  assert.deepEqual(texts('mail me@example.com'), []);
  assert.deepEqual(texts('https://host/alice/tea#12 and https://host/#3'), []);
  assert.deepEqual(texts('&#39; abc#5 #5a #x ## @'), []);
  assert.deepEqual(texts('##6'), []);
  assert.deepEqual(texts('npm i @types/node'), []);
});

test('referenceAt finds the reference under the cursor, touching either end', () => {
  const line = 'see #12 and @eve';
  assert.equal(referenceAt(line, 3), undefined);
  assert.deepEqual(referenceAt(line, 4), {
    kind: 'issue',
    owner: undefined,
    repo: undefined,
    number: 12,
    start: 4,
    end: 7,
  });
  assert.equal(referenceAt(line, 7)?.kind, 'issue');
  assert.equal(referenceAt(line, 8), undefined);
  assert.deepEqual(referenceAt(line, 14), { kind: 'user', login: 'eve', start: 12, end: 16 });
});

test('a completion trigger is # or @ and what follows, where a reference may start', () => {
  assert.deepEqual(completionTrigger('fix #'), { trigger: '#', query: '', start: 4 });
  assert.deepEqual(completionTrigger('#log'), { trigger: '#', query: 'log', start: 0 });
  assert.deepEqual(completionTrigger('thanks @al'), { trigger: '@', query: 'al', start: 7 });
  assert.equal(completionTrigger('me@exa'), undefined);
  assert.equal(completionTrigger('see #12 done'), undefined);
  assert.equal(completionTrigger('&#'), undefined);
  assert.equal(completionTrigger(''), undefined);
});
