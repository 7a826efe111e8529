import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AddressPolicy } from '../../src/server/services/addressPolicy';
import { SourceApi } from '../../src/server/services/migration/sourceApi';
import { TargetApi } from '../../src/server/services/publish/targetApi';
import { gitea122Tokens, startGitea122Double, type Gitea122Double } from '../helpers/gitea122Double';

/**
 * The server's readers of another server's answers, against the Gitea 1.22 double: the migration's source
 * API and publish's target API take Gitea's `null` lists as empty ones.
 */

let double: Gitea122Double;
let source: SourceApi;
let target: TargetApi;
const recorded = '/repos/root/rec-1128165022';

before(async () => {
  double = await startGitea122Double();
  source = new SourceApi(new AddressPolicy({ listenHost: '127.0.0.1' }), `${double.url}api/v1`, {
    kind: 'token',
    token: gitea122Tokens.root,
  });
  await source.readPageSize();
  target = new TargetApi(double.url, gitea122Tokens.root, {});
});

after(async () => {
  await Promise.all([source.close(), target.close()]);
  await double.close();
});

test("the migration's source reads take null lists: reactions paged and whole, and null list fields", async () => {
  assert.deepEqual(await source.list(`${recorded}/issues/2/reactions`), []);
  assert.deepEqual(await source.getList(`${recorded}/issues/comments/400/reactions`), []);
  const reactions = await source.list<{ content: string }>(`${recorded}/issues/1/reactions`);
  assert.deepEqual(
    reactions.map((reaction) => reaction.content),
    ['+1'],
  );
  const issues = await source.list<{ number: number; assignees: unknown[] }>(`${recorded}/issues`, {
    state: 'all',
    type: 'issues',
  });
  // #1 is assigned to bob; Gitea answers `"assignees": null` for #2 and #3
  assert.deepEqual(issues.map((issue) => [issue.number, issue.assignees.length]).sort(), [
    [1, 1],
    [2, 0],
    [3, 0],
  ]);
});

test('a source that answers something else than a list where one belongs still fails the migration', async () => {
  await assert.rejects(source.getList(recorded), /the source did not answer a list to GET/);
});

test("publish's target reads take null lists and null list fields", async () => {
  await target.call('POST', '/user/repos', { name: 'readers', default_branch: 'main' });
  assert.deepEqual(await target.list('/repos/root/readers/branches'), []);
  const issue = await target.call<{ assignees: unknown; labels: unknown }>(
    'POST',
    '/repos/root/readers/issues',
    {
      title: 'one',
    },
  );
  assert.deepEqual(issue.assignees, []);
  const found = await target.find<{ assignees: unknown }>(`${recorded}/issues/3`);
  assert.deepEqual(found?.assignees, []);
});
