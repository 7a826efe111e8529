import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  carryOver,
  changeOperations,
  decideCommit,
  defaultMessage,
  singleFileRequests,
} from '../../../src/extension/remoteRepository/commitPlan';
import { PendingChanges } from '../../../src/extension/remoteRepository/pendingChanges';

const bytes = (text: string) => new TextEncoder().encode(text);

function threeChanges(): PendingChanges {
  const changes = new PendingChanges();
  changes.write('a.md', bytes('A'), { sha: 'sha-a' });
  changes.write('b/new.md', bytes('B'), undefined);
  changes.delete('c.md', { sha: 'sha-c' });
  return changes;
}

test('the commit body carries every change with the blob id it replaces, contents in base64', () => {
  assert.deepEqual(changeOperations(threeChanges().list()), [
    { operation: 'update', path: 'a.md', content: 'QQ==', sha: 'sha-a' },
    { operation: 'create', path: 'b/new.md', content: 'Qg==' },
    { operation: 'delete', path: 'c.md', sha: 'sha-c' },
  ]);
});

test('a branch whose head is where the changes were made is committed to; one that moved is not', () => {
  assert.deepEqual(decideCommit('h1', 'h1'), { kind: 'commit' });
  assert.deepEqual(decideCommit('h1', 'h2'), { kind: 'moved', from: 'h1', to: 'h2' });
});

test('carrying over: files the server did not touch carry, files changed on both sides are refused', () => {
  const changes = threeChanges().list();
  const untouched = new Map<string, string | undefined>([
    ['a.md', 'sha-a'],
    ['b/new.md', undefined],
    ['c.md', 'sha-c'],
  ]);
  assert.deepEqual(carryOver(changes, untouched).conflicts, []);
  const touched = new Map<string, string | undefined>([
    ['a.md', 'sha-a2'],
    ['b/new.md', 'made-there-too'],
    ['c.md', undefined],
  ]);
  assert.deepEqual(carryOver(changes, touched).conflicts, ['a.md', 'b/new.md', 'c.md']);
});

test('on an older server each file is one request; only the first makes the new branch', () => {
  const requests = singleFileRequests(threeChanges().list(), {
    branch: 'main',
    newBranch: 'fix',
    message: 'm',
  });
  assert.deepEqual(
    requests.map((request) => [
      request.operation,
      request.path,
      request.body.branch,
      request.body.new_branch,
    ]),
    [
      ['update', 'a.md', 'main', 'fix'],
      ['create', 'b/new.md', 'fix', undefined],
      ['delete', 'c.md', 'fix', undefined],
    ],
  );
  assert.equal(requests[0]?.body.sha, 'sha-a');
  const onBranch = singleFileRequests(threeChanges().list(), { branch: 'main', message: 'm' });
  assert.ok(
    onBranch.every((request) => request.body.branch === 'main' && request.body.new_branch === undefined),
  );
});

test('the default message names one file, or counts several', () => {
  const one = new PendingChanges();
  one.delete('x.md', { sha: 's' });
  assert.equal(defaultMessage(one.list()), 'Delete x.md');
  assert.equal(defaultMessage(threeChanges().list()), 'Update 3 files');
});
