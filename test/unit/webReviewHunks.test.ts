import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PullReviewComment } from '../../src/api/types';
import { ReviewCommentsByFile } from '../../src/server/http/web/pages/tracker/Reviews';

/** Review comments by file under their diff hunk (the API's `diff_hunk`, set for migrated reviews). */

const comment = (id: number, path: string, hunk: string): PullReviewComment => ({
  body: `comment ${id}`,
  commit_id: 'a'.repeat(40),
  created_at: '2026-01-02T03:04:05Z',
  diff_hunk: hunk,
  html_url: `http://localhost/o/r/pulls/1#issuecomment-${id}`,
  id,
  original_commit_id: '',
  original_position: 0,
  path,
  position: 2,
  pull_request_review_id: 1,
  pull_request_url: 'http://localhost/o/r/pulls/1',
  resolver: null,
  updated_at: '2026-01-02T03:04:05Z',
  user: { login: 'ann', avatar_url: '' } as PullReviewComment['user'],
});

test('review comments group by file, each file under its hunk with added and removed lines marked', async () => {
  const hunk = '@@ -1,2 +1,2 @@\n-old <line>\n+new line\n context';
  const items = [
    { comment: comment(7, 'a.txt', hunk), html: '<p>first</p>' },
    { comment: comment(8, 'b.txt', ''), html: '<p>second</p>' },
    { comment: comment(9, 'a.txt', hunk), html: '<p>third</p>' },
  ];
  const html = await Promise.resolve(ReviewCommentsByFile({ comments: items })?.toString() ?? '');
  assert.equal((html.match(/class="box-header mono"/g) ?? []).length, 2, 'one group per file');
  assert.ok(html.indexOf('third') < html.indexOf('b.txt'), 'a file keeps its comments together');
  assert.ok(html.includes('<tr class="hunk"><td class="line">@@ -1,2 +1,2 @@</td></tr>'));
  assert.ok(html.includes('<tr class="del"><td class="line">-old &lt;line&gt;</td></tr>'), 'escaped');
  assert.ok(html.includes('<tr class="add"><td class="line">+new line</td></tr>'));
  assert.equal((html.match(/<table class="code">/g) ?? []).length, 1, 'no table for a file without a hunk');
  for (const id of [7, 8, 9]) assert.ok(html.includes(`id="issuecomment-${id}"`));
});
