import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parsePaging } from '../../src/server/http/paging';
import {
  accountNameProblem,
  isValidEmail,
  sanitizeAccountName,
} from '../../src/server/services/accountNames';
import { hashPassword, randomPassword, verifyPassword } from '../../src/server/services/passwords';
import {
  generateToken,
  hashToken,
  normalizeScopes,
  requiredScope,
  scopesGrant,
} from '../../src/server/services/tokens';

describe('account names', () => {
  test('Gitea-valid names pass', () => {
    for (const name of ['alice', 'a', 'A1', 'john.doe', 'jane_doe', 'x-y-z', '1st', 'a'.repeat(40)]) {
      assert.equal(accountNameProblem(name), undefined, name);
    }
  });

  test('bad characters, leading or trailing or doubled punctuation, length and reserved names fail', () => {
    for (const name of [
      '',
      '-a',
      '.a',
      '_a',
      'a-',
      'a.',
      'a..b',
      'a-_b',
      'a b',
      'ä',
      'a/b',
      'a'.repeat(41),
      'api',
      'ADMIN',
      'x.gpg',
    ]) {
      assert.notEqual(accountNameProblem(name), undefined, name);
    }
  });

  test('OS user names are sanitised into valid names, or nothing', () => {
    assert.equal(sanitizeAccountName('jdoe'), 'jdoe');
    assert.equal(sanitizeAccountName('John Doe'), 'JohnDoe');
    assert.equal(sanitizeAccountName('_svc..build_'), 'svc.build');
    assert.equal(sanitizeAccountName('José'), 'Jose');
    assert.equal(sanitizeAccountName('###'), undefined);
    assert.equal(sanitizeAccountName('api'), undefined, 'reserved names are not produced');
  });

  test('e-mail addresses are checked loosely, as Gitea does', () => {
    assert.ok(isValidEmail('a@example.com'));
    assert.ok(isValidEmail('first.last+tag@sub.example.org'));
    assert.ok(isValidEmail('root@localhost'));
    for (const email of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@-example.com',
      '-a@example.com',
      'a b@example.com',
    ]) {
      assert.equal(isValidEmail(email), false, email);
    }
  });
});

describe('passwords', () => {
  test('a hash verifies its password only, and two hashes of one password differ', async () => {
    const first = hashPassword('correct horse');
    const second = hashPassword('correct horse');
    assert.notEqual(first.hash, second.hash);
    assert.notEqual(first.salt, second.salt);
    assert.match(first.hash, /^scrypt\$16384\$8\$1\$[0-9a-f]{64}$/);
    assert.equal(await verifyPassword('correct horse', first), true);
    assert.equal(await verifyPassword('correct horse!', first), false);
    assert.equal(await verifyPassword('', first), false);
    assert.equal(await verifyPassword('anything', { hash: '', salt: '' }), false);
  });

  test('random passwords are 20 characters and differ', () => {
    const a = randomPassword();
    assert.equal(a.length, 20);
    assert.notEqual(a, randomPassword());
  });
});

describe('tokens', () => {
  test('tokens are 40 hex characters; their hash is sha256 hex', () => {
    const token = generateToken();
    assert.match(token, /^[0-9a-f]{40}$/);
    assert.match(hashToken(token), /^[0-9a-f]{64}$/);
    assert.notEqual(hashToken(token), hashToken(generateToken()));
  });

  test('scope lists are normalised and unknown scopes reported', () => {
    assert.deepEqual(normalizeScopes(['write:user', ' read:issue ', 'write:user']), {
      scopes: ['read:issue', 'write:user'],
      unknown: [],
    });
    assert.deepEqual(normalizeScopes(['read:user,write:repository']), {
      scopes: ['read:user', 'write:repository'],
      unknown: [],
    });
    assert.deepEqual(normalizeScopes(['all', 'sudo', 'read:nothing']).unknown, ['sudo', 'read:nothing']);
  });

  test('reads need read:<category>, writes write:<category>; write implies read; all and none grant everything', () => {
    assert.equal(requiredScope('GET', 'user'), 'read:user');
    assert.equal(requiredScope('DELETE', 'repository'), 'write:repository');
    assert.equal(scopesGrant('read:user', 'read:user'), true);
    assert.equal(scopesGrant('write:user', 'read:user'), true);
    assert.equal(scopesGrant('read:user', 'write:user'), false);
    assert.equal(scopesGrant('write:repository', 'read:user'), false);
    assert.equal(scopesGrant('all', 'write:admin'), true);
    assert.equal(scopesGrant('', 'write:admin'), true);
  });
});

describe('paging', () => {
  const paging = (query: string) => parsePaging(new URLSearchParams(query));
  test('defaults to page 1 of 30', () => assert.deepEqual(paging(''), { page: 1, limit: 30, offset: 0 }));
  test('page 3 of 20 skips 40', () =>
    assert.deepEqual(paging('page=3&limit=20'), { page: 3, limit: 20, offset: 40 }));
  test('clamps and ignores nonsense', () => {
    assert.deepEqual(paging('page=-2&limit=80'), { page: 1, limit: 50, offset: 0 });
    assert.deepEqual(paging('page=x&limit=0'), { page: 1, limit: 30, offset: 0 });
    assert.deepEqual(paging('page=2.5&limit=1e3'), { page: 1, limit: 30, offset: 0 });
  });
});
