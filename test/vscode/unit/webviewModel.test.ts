import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Reaction, Repository, User } from '../../../src/api/types';
import type { Account } from '../../../src/extension/accounts/account';
import { mergeStyles } from '../../../src/extension/util/mergeStyles';
import { groupReactions, markdownContext } from '../../../src/extension/webviews/viewModel';

const reaction = (content: string, login: string): Reaction => ({
  content,
  created_at: '2026-01-01T00:00:00Z',
  user: { login } as User,
});

const repository = (flags: Partial<Repository>): Repository => flags as Repository;

test('reactions are grouped by content with a count, in first-seen order, marking the ones I gave', () => {
  const groups = groupReactions(
    [reaction('heart', 'ann'), reaction('+1', 'me'), reaction('heart', 'me'), reaction('heart', 'bob')],
    'me',
  );
  assert.deepEqual(groups, [
    { content: 'heart', count: 3, mine: true },
    { content: '+1', count: 1, mine: true },
  ]);
  assert.deepEqual(groupReactions([reaction('eyes', 'ann')], 'me'), [
    { content: 'eyes', count: 1, mine: false },
  ]);
});

test("merge styles are the repository's allowed ones with its default first", () => {
  assert.deepEqual(
    mergeStyles(
      repository({
        allow_merge_commits: true,
        allow_rebase: false,
        allow_squash_merge: true,
        allow_fast_forward_only_merge: true,
        default_merge_style: 'squash',
      }),
    ),
    ['squash', 'merge', 'fast-forward-only'],
  );
});

test('a server that sends no merge flags (Gitea 1.1.1) offers a merge commit', () => {
  assert.deepEqual(mergeStyles(repository({})), ['merge']);
  // a default the repository does not allow is not offered
  assert.deepEqual(mergeStyles(repository({ allow_rebase: true, default_merge_style: 'squash' })), [
    'rebase',
  ]);
});

test('the markdown context is the repository URL on the account’s server, path segments encoded', () => {
  const account = { serverUrl: 'https://tea.example.com/sub/' } as Account;
  assert.equal(markdownContext(account, 'ann', 'site'), 'https://tea.example.com/sub/ann/site');
  assert.equal(markdownContext(account, 'ann', 'a b'), 'https://tea.example.com/sub/ann/a%20b');
});
