import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperationSpec } from '../../../src/api/operationSpec';
import { operations } from '../../../src/api/operations';
import { operationChoices } from '../../../src/extension/operations/operationChoices';
import { describeItem, presentResult } from '../../../src/extension/operations/resultPresentation';

function operation(id: string): OperationSpec {
  const found = operations.find((candidate) => candidate.operationId === id);
  if (!found) throw new Error(`no ${id} in the catalogue`);
  return found;
}

test('a list becomes pickable entries labelled by what each item is', () => {
  const issues = [
    { id: 11, number: 3, title: 'Crash on start', state: 'open' },
    { id: 12, number: 4, title: 'Typo', state: 'closed' },
  ];
  const shown = presentResult(operation('issueListIssues'), issues);
  assert.equal(shown.kind, 'list');
  assert.deepEqual(
    shown.kind === 'list'
      ? shown.entries.map(({ label, description, value }) => [label, description, value])
      : [],
    [
      ['#3 Crash on start', 'id 11', issues[0]],
      ['#4 Typo', 'id 12', issues[1]],
    ],
  );
  assert.deepEqual(describeItem({ full_name: 'alice/tea', id: 1 }, 0), {
    label: 'alice/tea',
    description: 'id 1',
  });
  assert.deepEqual(describeItem({ sha: '0123456789abcdef' }, 0), { label: '0123456789', description: '' });
  assert.deepEqual(describeItem({}, 2), { label: 'item 3', description: '' });
});

test('an object becomes a JSON document; an empty list or no content a message', () => {
  const repository = { id: 1, full_name: 'alice/tea' };
  assert.deepEqual(presentResult(operation('repoGet'), repository), {
    kind: 'document',
    text: `${JSON.stringify(repository, null, 2)}\n`,
    extension: 'json',
  });
  const deleted = presentResult(operation('repoDelete'), undefined);
  assert.equal(deleted.kind, 'empty');
  assert.match(
    deleted.kind === 'empty' ? deleted.message : '',
    /Delete a repository: done \(204, no content\)/,
  );
  assert.equal(presentResult(operation('issueListIssues'), []).kind, 'empty');
});

test('binary results keep their bytes and the file name they were asked for; html and diffs are documents', () => {
  const bytes = new Uint8Array([80, 75, 3, 4]);
  assert.deepEqual(presentResult(operation('repoGetArchive'), bytes, { archive: 'main.zip' }), {
    kind: 'binary',
    bytes,
    fileName: 'main.zip',
  });
  const raw = presentResult(operation('repoGetRawFile'), bytes, { filepath: 'docs/README.md' });
  assert.equal(raw.kind === 'binary' && raw.fileName, 'README.md');
  assert.deepEqual(presentResult(operation('renderMarkdown'), '<p>hi</p>'), {
    kind: 'document',
    text: '<p>hi</p>',
    extension: 'html',
  });
  const diff = presentResult(operation('repoDownloadPullDiffOrPatch'), 'diff --git a/x b/x', {
    diffType: 'diff',
  });
  assert.equal(diff.kind === 'document' && diff.extension, 'diff');
});

test('"Run API Operation…" lists every operation once under its group, admin ones only for admins', () => {
  const forAdmin = operationChoices(operations, true);
  const picked = forAdmin.filter((choice) => choice.kind === 'operation');
  assert.equal(picked.length, operations.length);
  assert.equal(new Set(picked.map((choice) => choice.operationId)).size, operations.length);
  assert.deepEqual(
    forAdmin.filter((choice) => choice.kind === 'separator').map((choice) => choice.label),
    ['Admin', 'Miscellaneous', 'Organization', 'Repository', 'Issue', 'User', 'Package'],
  );
  const repoGet = picked.find((choice) => choice.operationId === 'repoGet');
  assert.deepEqual(repoGet, {
    kind: 'operation',
    label: 'Get a repository',
    description: 'repoGet',
    detail: 'GET /repos/{owner}/{repo}',
    operationId: 'repoGet',
  });
  const createIssue = picked.find((choice) => choice.operationId === 'issueCreateIssue');
  assert.equal(
    createIssue?.label,
    'Create an issue. If using deadline only the date will be taken into account, and time of day ignored.',
  );
  assert.equal(createIssue?.detail, 'POST /repos/{owner}/{repo}/issues');
  const forUser = operationChoices(operations, false).filter((choice) => choice.kind === 'operation');
  const adminIds = operations.filter((o) => o.auth === 'admin').map((o) => o.operationId);
  assert.ok(adminIds.length > 0);
  assert.equal(forUser.length, operations.length - adminIds.length);
  assert.ok(forUser.every((choice) => !adminIds.includes(choice.operationId)));
  assert.ok(!operationChoices(operations, false).some((choice) => choice.label === 'Admin'));
});
