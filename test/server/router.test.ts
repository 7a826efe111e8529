import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OperationSpec } from '../../src/api/operationSpec';
import { operations } from '../../src/api/operations';
import { HttpError } from '../../src/server/http/httpError';
import { buildRouter } from '../../src/server/http/router';
import { handlers } from '../../src/server/routes';

function op(
  operationId: string,
  method: OperationSpec['method'],
  path: string,
  extra: Partial<OperationSpec> = {},
): OperationSpec {
  return {
    operationId,
    method,
    path,
    group: 'repository',
    summary: operationId,
    success: { status: 200 },
    auth: 'public',
    scope: 'repository',
    ...extra,
  };
}

const sample: OperationSpec[] = [
  op('repoSearch', 'GET', '/repos/search'),
  op('repoGet', 'GET', '/repos/{owner}/{repo}'),
  op('repoDelete', 'DELETE', '/repos/{owner}/{repo}'),
  op('repoGetIssue', 'GET', '/repos/{owner}/{repo}/issues/{index}', {
    aliases: ['/repos/{owner}/{repo}/issue/{id}'],
  }),
  op('repoDeleteHook', 'DELETE', '/repos/{owner}/{repo}/hooks/{id}', {
    aliases: ['/repos/{user}/{repo}/hooks/{id}'],
  }),
  op('repoPullDiff', 'GET', '/repos/{owner}/{repo}/pulls/{index}.{diffType}'),
  op('repoGetPull', 'GET', '/repos/{owner}/{repo}/pulls/{index}'),
  op('repoGetBranch', 'GET', '/repos/{owner}/{repo}/branches/{branch}', {
    pathParams: [
      { name: 'owner', type: 'string' },
      { name: 'repo', type: 'string' },
      { name: 'branch', type: 'string', wildcard: true },
    ],
  }),
  op('repoGetRef', 'GET', '/repos/{owner}/{repo}/git/refs/{ref}'),
  op('orgCreateHook', 'POST', '/orgs/{org}/hooks', { aliases: ['/orgs/{org}/hooks/'] }),
];

function statusOf(fn: () => unknown): number {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
  return 200;
}

describe('router', () => {
  const router = buildRouter(sample);

  test('a static segment beats a placeholder, and a dead-end static branch falls back to the placeholder', () => {
    assert.equal(router.resolve('GET', '/repos/search').op.operationId, 'repoSearch');
    const fallback = router.resolve('GET', '/repos/search/widgets');
    assert.equal(fallback.op.operationId, 'repoGet');
    assert.deepEqual(fallback.params, { owner: 'search', repo: 'widgets' });
  });

  test('aliases route to the operation and their placeholders take the operation names by position', () => {
    const viaAlias = router.resolve('GET', '/repos/o/r/issue/7');
    assert.equal(viaAlias.op.operationId, 'repoGetIssue');
    assert.deepEqual(viaAlias.params, { owner: 'o', repo: 'r', index: '7' });
    const hook = router.resolve('DELETE', '/repos/alice/r/hooks/3');
    assert.deepEqual(hook.params, { owner: 'alice', repo: 'r', id: '3' });
  });

  test('trailing and doubled slashes do not matter', () => {
    assert.equal(router.resolve('GET', '/repos/o/r/').op.operationId, 'repoGet');
    assert.equal(router.resolve('POST', '/orgs/acme/hooks/').op.operationId, 'orgCreateHook');
    assert.equal(router.resolve('POST', '/orgs/acme/hooks').op.operationId, 'orgCreateHook');
    assert.equal(router.resolve('GET', '/repos//o/r').op.operationId, 'repoGet');
  });

  test('a mixed segment splits at its literal; the plain placeholder still takes plain values', () => {
    const diff = router.resolve('GET', '/repos/o/r/pulls/12.diff');
    assert.equal(diff.op.operationId, 'repoPullDiff');
    assert.deepEqual(diff.params, { owner: 'o', repo: 'r', index: '12', diffType: 'diff' });
    assert.equal(router.resolve('GET', '/repos/o/r/pulls/12').op.operationId, 'repoGetPull');
  });

  test('a wildcard takes the rest of the path, decoded per segment', () => {
    const branch = router.resolve('GET', '/repos/o/r/branches/feature/x%20y/z');
    assert.equal(branch.params['branch'], 'feature/x y/z');
  });

  test("after a trailing slash a wildcard takes the empty rest, where nothing else answers (chi's `*`)", () => {
    const contents = buildRouter([
      op('repoGetContentsExt', 'GET', '/repos/{owner}/{repo}/contents-ext/{filepath}', {
        pathParams: [{ name: 'filepath', type: 'string', required: true, wildcard: true }],
      }),
    ]);
    assert.equal(contents.resolve('GET', '/repos/o/r/contents-ext/').params['filepath'], '');
    assert.equal(
      statusOf(() => contents.resolve('GET', '/repos/o/r/contents-ext')),
      404,
    );
    // a static route still wins
    assert.equal(
      buildRouter(operations).resolve('GET', '/repos/o/r/branches/').op.operationId,
      'repoListBranches',
    );
  });

  test('a single-segment placeholder decodes %2F into a slash', () => {
    assert.equal(router.resolve('GET', '/repos/o/r/git/refs/heads%2Fmain').params['ref'], 'heads/main');
    assert.equal(
      statusOf(() => router.resolve('GET', '/repos/o/r/git/refs/heads/main')),
      404,
    );
  });

  test('an unknown path is 404, a known path with another method is 405 with Allow', () => {
    assert.equal(
      statusOf(() => router.resolve('GET', '/nothing/here')),
      404,
    );
    try {
      router.resolve('PUT', '/repos/o/r');
      assert.fail('expected a 405');
    } catch (error) {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 405);
      assert.equal(error.headers['Allow'], 'DELETE, GET');
    }
  });

  test('HEAD is routed as GET', () => {
    assert.equal(router.resolve('HEAD', '/repos/o/r').op.operationId, 'repoGet');
  });

  test('bad percent-encoding is a 400, not a crash', () => {
    assert.equal(
      statusOf(() => router.resolve('GET', '/repos/o/%E0%A4%A')),
      400,
    );
  });

  test('a diff type is diff or patch: any other dotted name is the plain placeholder (a tag v1.2)', () => {
    const router = buildRouter([op('commit', 'GET', '/c/{sha}'), op('diff', 'GET', '/c/{sha}.{diffType}')]);
    assert.equal(router.resolve('GET', '/c/v1.2').op.operationId, 'commit');
    assert.equal(router.resolve('GET', '/c/a..b').op.operationId, 'commit');
    assert.equal(router.resolve('GET', '/c/v1.2.patch').op.operationId, 'diff');
    assert.deepEqual(router.resolve('GET', '/c/v1.2.diff').params, { sha: 'v1.2', diffType: 'diff' });
  });

  test('two operations on the same method and path are reported as a conflict', () => {
    const clash = buildRouter([op('a', 'GET', '/x/{id}'), op('b', 'GET', '/x/{name}')]);
    assert.equal(clash.conflicts.length, 1);
    assert.match(clash.conflicts[0]!, /b collides with a/);
  });
});

describe('the catalogue and the handlers', () => {
  test('the catalogue routes without conflicts', () => {
    assert.deepEqual(buildRouter(operations).conflicts, []);
  });

  test('every operation resolves to itself through its path and each alias', () => {
    const router = buildRouter(operations);
    for (const operation of operations) {
      for (const template of [operation.path, ...(operation.aliases ?? [])]) {
        // a diff type is one Gitea's router accepts there
        const concrete = template.replace(/\{[^}]+\}/g, (p) => (p === '{diffType}' ? 'patch' : 'x1'));
        const { op: found } = router.resolve(operation.method, concrete);
        // another operation may own the concrete path when a static segment wins (e.g. /repos/search)
        if (found !== operation)
          assert.ok(!template.includes('{'), `${operation.operationId} ${template} → ${found.operationId}`);
      }
    }
  });

  test('every handler is registered under an operationId of the catalogue', () => {
    const known = new Set(operations.map((o) => o.operationId));
    const stray = Object.keys(handlers).filter((id) => !known.has(id));
    assert.deepEqual(stray, []);
  });

  test('every operation of the catalogue has a handler', () => {
    const missing = operations.map((o) => o.operationId).filter((id) => !(id in handlers));
    assert.deepEqual(missing, []);
  });
});
