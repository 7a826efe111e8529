import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml } from '../../src/server/http/web/placeholderPage';
import { webTarget, type PageTarget } from '../../src/server/http/web/webTargets';

const pageOf = (path: string): PageTarget => {
  const target = webTarget(path);
  assert.equal(target?.mode, 'page', path);
  return target as PageTarget;
};

describe('web paths mapped onto API operations', () => {
  test('served files keep their encoding and move a commit into ?ref=', () => {
    assert.deepEqual(webTarget('/o/r/pulls/3.patch'), { mode: 'serve', apiPath: '/repos/o/r/pulls/3.patch' });
    assert.deepEqual(webTarget('/o/r/archive/release/1.0.tar.gz'), {
      mode: 'serve',
      apiPath: '/repos/o/r/archive/release/1.0.tar.gz',
    });
    assert.deepEqual(webTarget('/o/r/raw/commit/abc123/a%20b/c.txt'), {
      mode: 'serve',
      apiPath: '/repos/o/r/raw/a%20b/c.txt',
      query: { ref: 'abc123' },
    });
    assert.deepEqual(webTarget('/o/r/raw/branch/feature/x/c.txt'), {
      mode: 'serve',
      apiPath: '/repos/o/r/raw/feature/x/c.txt',
    });
  });

  test('an account is an organization or else a user; a clone URL is its repository', () => {
    assert.deepEqual(
      pageOf('/someone').candidates.map((c) => c.apiPath),
      ['/orgs/someone', '/users/someone'],
    );
    assert.deepEqual(
      pageOf('/o/r.git').candidates.map((c) => c.apiPath),
      ['/repos/o/r'],
    );
  });

  test('a branch with slashes: each split of ref and path is a candidate, shortest ref first, at most 8', () => {
    const candidates = pageOf('/o/r/src/branch/feature/x/docs/a.md').candidates;
    assert.deepEqual(
      candidates.map((c) => [c.apiPath, c.query?.['ref']]),
      [
        ['/repos/o/r/contents/x/docs/a.md', 'feature'],
        ['/repos/o/r/contents/docs/a.md', 'feature/x'],
        ['/repos/o/r/contents/a.md', 'feature/x/docs'],
        ['/repos/o/r/contents', 'feature/x/docs/a.md'],
      ],
    );
    assert.equal(pageOf(`/o/r/src/tag/${'a/'.repeat(20)}f`).candidates.length, 8);
  });

  test('a release tag with a slash is one escaped API segment', () => {
    assert.equal(
      pageOf('/o/r/releases/tag/release/1.0').candidates[0]?.apiPath,
      '/repos/o/r/releases/tags/release%2F1.0',
    );
  });

  test('paths that name nothing here are left to the next route', () => {
    for (const path of [
      '/',
      '/o//r',
      '/o/r/../x',
      '/o/r/./x',
      '/o/r/info/refs',
      '/o/r/raw/blob/main/a',
      '/o/r/issues/x',
      '/o/r/src/nothing/main',
    ]) {
      assert.equal(webTarget(path), undefined, path);
    }
  });

  test('titles are escaped for HTML', () => {
    assert.equal(
      escapeHtml(`<a href="x" onclick='y'>&</a>`),
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
