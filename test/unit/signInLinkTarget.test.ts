import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInRedirectPath } from '../../src/extension/local/signInLinkTarget';

test('a page of the local server becomes a site path with its query and fragment', () => {
  const root = 'http://127.0.0.1:3000/';
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3000/alice/repo'), '/alice/repo');
  assert.equal(
    signInRedirectPath(root, 'http://127.0.0.1:3000/alice/repo/src/commit/abc/a.ts#L3-L5'),
    '/alice/repo/src/commit/abc/a.ts#L3-L5',
  );
  assert.equal(
    signInRedirectPath(root, 'http://127.0.0.1:3000/alice/repo/issues?state=closed'),
    '/alice/repo/issues?state=closed',
  );
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3000/'), '/');
  assert.equal(signInRedirectPath('http://127.0.0.1:3000', 'http://127.0.0.1:3000/alice'), '/alice');
});

test('a root URL with a path: the site path is relative to it', () => {
  const root = 'http://127.0.0.1:3000/git/';
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3000/git/alice/repo'), '/alice/repo');
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3000/git'), '/');
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3000/gitx/alice'), undefined);
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3000/other/alice'), undefined);
});

test('a page of another server gets no sign-in link', () => {
  const root = 'http://127.0.0.1:3000/';
  assert.equal(signInRedirectPath(root, 'http://127.0.0.1:3001/alice/repo'), undefined);
  assert.equal(signInRedirectPath(root, 'https://127.0.0.1:3000/alice/repo'), undefined);
  assert.equal(signInRedirectPath(root, 'https://gitea.example/alice/repo'), undefined);
  assert.equal(signInRedirectPath(root, 'not a url'), undefined);
});
