import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  parseSuggestion,
  selectedLines,
  suggestedLineCount,
  suggestionBody,
  withoutSuggestionMarker,
} from '../../src/extension/review/suggestion';

test('a suggestion on one line has no marker and replaces that line', () => {
  const body = suggestionBody(['TWO']);
  assert.equal(body, '```suggestion\nTWO\n```');
  assert.equal(suggestedLineCount(body), 1);
  assert.deepEqual(parseSuggestion(body), ['TWO']);
});

test('a suggestion over several lines records how many it replaces in a hidden marker', () => {
  const body = suggestionBody(['one', 'two', 'three']);
  assert.equal(body, '```suggestion\none\ntwo\nthree\n```\n<!-- teahouse-suggestion-lines: 3 -->');
  assert.equal(suggestedLineCount(body), 3);
  assert.deepEqual(parseSuggestion(body), ['one', 'two', 'three']);
  // edited to fewer lines, it still replaces the lines it was made over
  assert.equal(suggestedLineCount(suggestionBody(['just one'], 3)), 3);
  assert.equal(withoutSuggestionMarker(body), '```suggestion\none\ntwo\nthree\n```');
});

test('a body without a sensible marker replaces the anchor line only', () => {
  assert.equal(suggestedLineCount('```suggestion\nx\n```'), 1);
  assert.equal(suggestedLineCount('<!-- teahouse-suggestion-lines: 0 -->'), 1);
  assert.equal(suggestedLineCount('<!-- teahouse-suggestion-lines: 99999999999999999999 -->'), 1);
});

test("a selection ending at a line's start leaves that line out; a cursor is its line", () => {
  assert.deepEqual(selectedLines({ line: 2, character: 3 }, { line: 2, character: 3 }), {
    first: 2,
    last: 2,
  });
  assert.deepEqual(selectedLines({ line: 1, character: 0 }, { line: 3, character: 0 }), {
    first: 1,
    last: 2,
  });
  assert.deepEqual(selectedLines({ line: 1, character: 0 }, { line: 2, character: 4 }), {
    first: 1,
    last: 2,
  });
  assert.deepEqual(selectedLines({ line: 4, character: 0 }, { line: 4, character: 0 }), {
    first: 4,
    last: 4,
  });
});
