import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  credited,
  fingerprint,
  pullNote,
  reviewText,
  type AuthorNames,
} from '../../src/server/services/publish/text';
import type { SourcePull } from '../../src/server/store/publishSource';

const names: AuthorNames = {
  publisher: 'carol',
  serverUrl: 'https://git.example.com/sub/',
  onTarget: new Set(['carol', 'bob']),
};
const at = Date.UTC(2026, 0, 2, 3, 4) / 1000;

describe('published text', () => {
  test("the publisher's own text is unchanged; others are credited, linked where they have an account", () => {
    assert.equal(credited('body', 'Carol', at, names), 'body');
    assert.equal(
      credited('body', 'bob', at, names),
      '*Originally by [**bob**](https://git.example.com/sub/bob) on 2026-01-02 03:04 UTC*\n\nbody',
    );
    assert.equal(credited('', 'a_b*', at, names), '*Originally by **a\\_b\\*** on 2026-01-02 03:04 UTC*');
  });

  test("a review quotes the last lines of each code comment's hunk, on the side it was made", () => {
    const review = {
      id: 1,
      issue_id: 1,
      type: 3,
      author: 'bob',
      content: 'Needs work',
      commit_id: '0123456789abcdef',
      dismissed: true,
      created: at,
    };
    const patch =
      'diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,8 +1,8 @@\n 1\n 2\n 3\n 4\n 5\n 6\n-7\n+seven\n';
    const text = reviewText(
      review,
      [
        { id: 2, review_id: 1, author: 'bob', content: 'why?', tree_path: 'f', line: 7, patch, created: at },
        {
          id: 3,
          review_id: 1,
          author: 'dave',
          content: 'old one',
          tree_path: 'g',
          line: -3,
          patch: '',
          created: at,
        },
      ],
      names,
    );
    assert.equal(
      text,
      '[**bob**](https://git.example.com/sub/bob) requested changes at 0123456789 (dismissed) on 2026-01-02 03:04 UTC\n\n' +
        'Needs work\n\n' +
        '`f`, line 7:\n```diff\n 3\n 4\n 5\n 6\n-7\n+seven\n```\n\nwhy?\n\n' +
        '`g`, old line 3 (**dave**):\n\nold one',
    );
  });

  test('a pull request that cannot be one on the target says what it was', () => {
    const pull: SourcePull = {
      issue_id: 1,
      number: 3,
      is_closed: true,
      head_branch: 'feature',
      base_branch: 'main',
      head_repo_id: 1,
      base_repo_id: 1,
      head_commit_id: 'abcdef0123456789',
      has_merged: true,
      merged_commit_id: 'fedcba9876543210',
      merged_unix: at,
      merger: 'alice',
    };
    assert.equal(
      pullNote(pull, 'feature'),
      '*Pull request from `feature` into `main`, merged by alice on 2026-01-02 03:04 UTC as fedcba9876.*',
    );
    assert.equal(
      pullNote({ ...pull, has_merged: false }, 'feature'),
      '*Pull request from `feature` into `main` (head abcdef0123), closed without merging.*',
    );
  });

  test('fingerprints change with any field and only then', () => {
    assert.equal(fingerprint({ a: 1, b: 'x' }), fingerprint({ a: 1, b: 'x' }));
    assert.notEqual(fingerprint({ a: 1, b: 'x' }), fingerprint({ a: 1, b: 'y' }));
  });
});
