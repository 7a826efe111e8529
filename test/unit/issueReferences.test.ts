import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findMarkdownReferences, findPlainReferences } from '../../src/server/services/issueReferences';
import { refAction } from '../../src/server/store/comments';

const root = 'http://tea.test/';
const short = (text: string, markdown = true) =>
  (markdown ? findMarkdownReferences(text, root) : findPlainReferences(text, root)).map(
    (r) => `${r.owner}/${r.name}#${r.index}:${r.action}`,
  );

describe('issue references (Gitea modules/references)', () => {
  test('#n, !n and owner/repo#n at word starts, ended by space, punctuation or a bracket', () => {
    assert.deepEqual(short('See #1, (#2) and [#3]. Also "#4"'), ['/#1:0', '/#2:0', '/#3:0', '/#4:0']);
    assert.deepEqual(short('pull !7 and Org/Repo.x#12?'), ['/#7:0', 'org/repo.x#12:0']);
  });

  test('not inside words, not followed by letters, not in code', () => {
    assert.deepEqual(short('a#1 #2x #3#4 `#5` and\n```\n#6\n```\n'), []);
  });

  test('a keyword right before a reference is its action, a colon allowed', () => {
    assert.deepEqual(short('Closes #1, fixes: #2, Resolved owner/repo#3, reopens #4, closes  #5'), [
      `/#1:${refAction.closes}`,
      `/#2:${refAction.closes}`,
      `/#4:${refAction.reopens}`,
      `/#5:${refAction.none}`,
      `owner/repo#3:${refAction.closes}`,
    ]);
  });

  test('links to this server’s issues and pull requests count, others do not', () => {
    assert.deepEqual(
      short(
        '[x](http://tea.test/o/r/issues/3) <http://tea.test/o/r/pulls/4> http://tea.test/o/r/issues/5. http://else.test/o/r/issues/6',
      ),
      ['o/r#3:0', 'o/r#4:0', 'o/r#5:0'],
    );
    // plain text (titles, commit messages): a link becomes the reference it names, keyword included
    assert.deepEqual(short('Fixes http://tea.test/o/r/issues/9', false), [`o/r#9:${refAction.closes}`]);
  });
});
