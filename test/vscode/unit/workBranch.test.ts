import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  branchIssueConfigKey,
  branchNameProblem,
  defaultWorkBranchPattern,
  parseBranchIssue,
  pullRequestBodyFor,
  titleSlug,
  workBranchName,
} from '../../../src/extension/workspace/workBranch';

test('the default pattern gives user/number-title', () => {
  assert.deepEqual(
    workBranchName(defaultWorkBranchPattern, { user: 'alice', number: 12, title: 'Crash on empty file' }),
    { name: 'alice/12-crash-on-empty-file' },
  );
});

test('titles become lower-case ASCII with single dashes, accents dropped, ends trimmed', () => {
  assert.equal(titleSlug('  Fix: the "Save as…" dialog!! '), 'fix-the-save-as-dialog');
  assert.equal(titleSlug('Café crème — naïve'), 'cafe-creme-naive');
  assert.equal(titleSlug('Über_ß/émoji 🎉 test'), 'uber-emoji-test');
  assert.equal(titleSlug('..~^:?*[\\@{}'), '');
});

test('long titles are cut to at most 40 characters at a word boundary', () => {
  const slug = titleSlug('Make the status bar follow the current branch after every checkout');
  assert.equal(slug, 'make-the-status-bar-follow-the-current');
  assert.ok(slug.length <= 40);
  assert.equal(titleSlug('a'.repeat(60)), 'a'.repeat(40));
  assert.equal(titleSlug(`${'word-'.repeat(8)}end`), 'word-word-word-word-word-word-word-word');
});

test('an empty title drops the separator it leaves', () => {
  assert.deepEqual(workBranchName('{user}/{number}-{title}', { user: 'bob', number: 3, title: '???' }), {
    name: 'bob/3',
  });
  assert.deepEqual(workBranchName('issue-{number}', { user: 'bob', number: 3, title: '' }), {
    name: 'issue-3',
  });
});

test('unknown placeholders and a pattern without {number} are refused with the reason', () => {
  const unknown = workBranchName('{user}/{id}', { user: 'bob', number: 3, title: 'x' });
  assert.ok('problem' in unknown && unknown.problem.includes('{id}'));
  const noNumber = workBranchName('{user}/{title}', { user: 'bob', number: 3, title: 'x' });
  assert.ok('problem' in noNumber && noNumber.problem.includes('{number}'));
});

test("patterns breaking git's ref-name rules are refused", () => {
  const bad = [
    '-{number}',
    '.{number}',
    '{number}.lock',
    'a..{number}',
    'a b/{number}',
    'a~{number}',
    'x@{{number}',
  ];
  for (const pattern of bad) {
    const result = workBranchName(pattern, { user: 'bob', number: 3, title: 'x' });
    assert.ok('problem' in result, `${pattern} should be refused`);
  }
});

test('branchNameProblem follows git check-ref-format --branch', () => {
  for (const good of ['main', 'alice/12-fix', 'feature/a.b', 'x@y', 'v1.2-rc']) {
    assert.equal(branchNameProblem(good), undefined, good);
  }
  for (const bad of [
    '',
    '-x',
    '@',
    'a b',
    'a\tb',
    'a\u007fb',
    'a~b',
    'a^b',
    'a:b',
    'a?b',
    'a*b',
    'a[b',
    'a\\b',
    'a..b',
    'a@{b',
    '/a',
    'a/',
    'a//b',
    'a.',
    'a/.b',
    'a.lock',
    'a.lock/b',
  ]) {
    assert.notEqual(branchNameProblem(bad), undefined, JSON.stringify(bad));
  }
});

test('the branch remembers its issue in git config and the pull request body says Fixes #n', () => {
  assert.equal(branchIssueConfigKey('alice/12-fix'), 'branch.alice/12-fix.teahouse-issue');
  assert.equal(parseBranchIssue('12\n'), 12);
  assert.equal(parseBranchIssue(undefined), undefined);
  assert.equal(parseBranchIssue('twelve'), undefined);
  assert.equal(parseBranchIssue('0'), undefined);
  assert.equal(pullRequestBodyFor(12), 'Fixes #12');
  assert.equal(pullRequestBodyFor(undefined), '');
});
