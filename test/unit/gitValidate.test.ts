import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import {
  assertNotOption,
  isAbbreviatedObjectId,
  isObjectId,
  isSafeRequestLine,
  isValidBranchName,
  isValidRefName,
  normalizeTreePath,
  touchesGitDir,
} from '../../src/server/git/validate';

const accepted = ['main', 'feature/x', 'release-1.0', 'a.b', 'user@host', 'ünïcode', 'v1.2.3', 'a/b/c'];
const refused = [
  '',
  '@',
  '-x',
  '--upload-pack=x',
  '/main',
  'main/',
  'main.',
  'a..b',
  'a//b',
  'a@{1}',
  '.hidden',
  'dir/.hidden',
  'x.lock',
  'dir/x.lock/y',
  'with space',
  'tab\there',
  'new\nline',
  'nul\0byte',
  'del\x7f',
  'tilde~1',
  'caret^',
  'colon:x',
  'question?',
  'star*',
  'bracket[',
  'back\\slash',
];

test('reference names git accepts are accepted', () => {
  for (const name of accepted) assert.ok(isValidRefName(name), name);
});

test('reference names that break check-ref-format or read as options are refused', () => {
  for (const name of refused) assert.ok(!isValidRefName(name), JSON.stringify(name));
});

function gitAcceptsBranch(name: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('what we accept git accepts, and what git refuses we refuse', () => {
  for (const name of accepted) assert.ok(gitAcceptsBranch(name), name);
  // A NUL cannot even be passed as an argument.
  for (const name of refused.filter((n) => !n.includes('\0'))) {
    if (!gitAcceptsBranch(name)) assert.ok(!isValidBranchName(name), JSON.stringify(name));
  }
});

test('HEAD is not a branch name', () => {
  assert.ok(isValidRefName('HEAD'));
  assert.ok(!isValidBranchName('HEAD'));
});

test('object ids are 40 or 64 lower-case hex digits; abbreviations 4 to 64', () => {
  assert.ok(isObjectId('a'.repeat(40)));
  assert.ok(isObjectId('0'.repeat(64)));
  assert.ok(!isObjectId('A'.repeat(40)));
  assert.ok(!isObjectId('a'.repeat(41)));
  assert.ok(isAbbreviatedObjectId('abcd'));
  assert.ok(isAbbreviatedObjectId('ABCDEF1'));
  assert.ok(!isAbbreviatedObjectId('abc'));
  assert.ok(!isAbbreviatedObjectId('main'));
});

test('tree paths are normalised, and traversal or control characters are refused', () => {
  assert.equal(normalizeTreePath(''), '');
  assert.equal(normalizeTreePath('/'), '');
  assert.equal(normalizeTreePath('a/b.txt'), 'a/b.txt');
  assert.equal(normalizeTreePath('/a//b/'), 'a/b');
  assert.equal(normalizeTreePath('-rf'), '-rf');
  assert.equal(normalizeTreePath('..'), undefined);
  assert.equal(normalizeTreePath('a/../b'), undefined);
  assert.equal(normalizeTreePath('../../etc/passwd'), undefined);
  assert.equal(normalizeTreePath('./a'), undefined);
  assert.equal(normalizeTreePath('a\0b'), undefined);
  assert.equal(normalizeTreePath('a\nb'), undefined);
  assert.equal(normalizeTreePath('..a/b..'), '..a/b..');
});

test('paths into a .git folder are recognised in any case', () => {
  assert.ok(touchesGitDir('.git/config'));
  assert.ok(touchesGitDir('sub/.GIT/hooks/x'));
  assert.ok(!touchesGitDir('.gitignore'));
  assert.ok(!touchesGitDir('a.git/b'));
});

test('arguments starting with a dash are refused as options', () => {
  assert.throws(() => assertNotOption('--upload-pack=touch /tmp/x'), /reads as an option/);
  assert.throws(() => assertNotOption('-x'), /reads as an option/);
  assert.doesNotThrow(() => assertNotOption('main'));
});

test('request lines with a newline, carriage return or NUL are unsafe', () => {
  assert.ok(isSafeRequestLine('main:a b.txt'));
  assert.ok(!isSafeRequestLine('main:a\nHEAD'));
  assert.ok(!isSafeRequestLine('main:a\rb'));
  assert.ok(!isSafeRequestLine('main\0'));
  assert.ok(!isSafeRequestLine(''));
});
