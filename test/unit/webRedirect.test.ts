import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeRedirectPath } from '../../src/server/http/web/session/redirectTarget';

test('after sign-in only a path of this site is followed', () => {
  assert.equal(safeRedirectPath('/alice/alpha?tab=1#x'), '/alice/alpha?tab=1#x');
  assert.equal(safeRedirectPath('/'), '/');
  for (const foreign of [
    undefined,
    null,
    '',
    'alice',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/a\nSet-Cookie: x=1',
    '/a\\b',
    '/user/login?redirect_to=/x',
    '/user/logout',
  ]) {
    assert.equal(safeRedirectPath(foreign), '/', String(foreign));
  }
});
