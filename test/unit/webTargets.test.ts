import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedTarget } from '../../src/server/http/web/webTargets';

describe('web paths served by an API operation', () => {
  test('served files keep their encoding and move a commit into ?ref=', () => {
    assert.deepEqual(servedTarget('/o/r/pulls/3.patch'), { apiPath: '/repos/o/r/pulls/3.patch' });
    assert.deepEqual(servedTarget('/o/r/pulls/3.diff'), { apiPath: '/repos/o/r/pulls/3.diff' });
    assert.deepEqual(servedTarget('/o/r/archive/release/1.0.tar.gz'), {
      apiPath: '/repos/o/r/archive/release/1.0.tar.gz',
    });
    assert.deepEqual(servedTarget('/o/r/raw/commit/abc123/a%20b/c.txt'), {
      apiPath: '/repos/o/r/raw/a%20b/c.txt',
      query: { ref: 'abc123' },
    });
    assert.deepEqual(servedTarget('/o/r/raw/branch/feature/x/c.txt'), {
      apiPath: '/repos/o/r/raw/feature/x/c.txt',
    });
    assert.deepEqual(servedTarget('/o/r/raw/tag/v1/c.txt'), { apiPath: '/repos/o/r/raw/v1/c.txt' });
  });

  test('pages and paths that name nothing here are left to the pages', () => {
    for (const path of [
      '/',
      '/someone',
      '/o/r',
      '/o/r.git',
      '/o//r',
      '/o/r/../x',
      '/o/r/./x',
      '/o/r/info/refs',
      '/o/r/raw/blob/main/a',
      '/o/r/raw/branch',
      '/o/r/pulls/3',
      '/o/r/pulls/x.diff',
      '/o/r/issues/1',
      '/o/r/src/branch/main/a.md',
    ]) {
      assert.equal(servedTarget(path), undefined, path);
    }
  });
});
