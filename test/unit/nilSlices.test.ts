import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isBodyType, nilSliceFields, withoutNilSlices } from '../../src/api/nilSlices';
import { operations } from '../../src/api/operations';

describe("Gitea's nil slices", () => {
  test('every request body of the catalogue is named …Option(s), and no answer is (what isBodyType relies on)', () => {
    for (const operation of operations) {
      if (operation.body !== undefined && operation.body.type !== 'string' && operation.body.type !== 'file')
        assert.ok(isBodyType(operation.body.type), `${operation.operationId} sends ${operation.body.type}`);
      if (operation.success.type !== undefined)
        assert.ok(
          !isBodyType(operation.success.type),
          `${operation.operationId} answers ${operation.success.type}`,
        );
    }
  });

  test('the list fields Gitea leaves nil are taken as lists; fields that are not lists everywhere are not', () => {
    // read in Gitea 1.22's services/convert and routers/api/v1: appended-to or unset slices
    for (const name of [
      'assignees',
      'requested_reviewers',
      'labels',
      'assets',
      'added',
      'removed',
      'modified',
      'statuses',
      'scopes',
      'topics',
      'status_check_contexts',
      'push_whitelist_usernames',
      'merge_whitelist_teams',
      'approvals_whitelist_username',
      'events',
      'units',
    ])
      assert.ok(nilSliceFields.has(name), name);
    // a string of an issue, a list of an issue template; an issue's comment count; a commit's tree object
    for (const name of ['body', 'comments', 'tree', 'milestone', 'pull_request', 'parent'])
      assert.ok(!nilSliceFields.has(name), name);
  });

  test('an answered object gets [] for its nil list fields, at any depth, and keeps other nulls', () => {
    const pull = {
      assignees: null,
      requested_reviewers: null,
      milestone: null,
      merged_at: null,
      body: null,
      head: { repo: { parent: null, topics: null } },
      labels: [{ name: 'bug' }],
    };
    assert.deepEqual(withoutNilSlices(pull, false), {
      assignees: [],
      requested_reviewers: [],
      milestone: null,
      merged_at: null,
      body: null,
      head: { repo: { parent: null, topics: [] } },
      labels: [{ name: 'bug' }],
    });
    assert.deepEqual(withoutNilSlices([{ commit: { added: null } }], false), [{ commit: { added: [] } }]);
  });

  test('a list answered as null is the empty list, and its null items are left out', () => {
    assert.deepEqual(withoutNilSlices(null, true), []);
    assert.deepEqual(withoutNilSlices([null, { assignees: null }, null], true), [{ assignees: [] }]);
    // an answer that is not a list stays as it is, for the caller to refuse
    assert.deepEqual(withoutNilSlices({ message: 'x' }, true), { message: 'x' });
    assert.equal(withoutNilSlices(null, false), null);
  });
});
