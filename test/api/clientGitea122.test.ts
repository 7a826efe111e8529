import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TeahouseClient } from '../../src/api/client';
import { readServerProfile } from '../../src/api/readServerProfile';
import { loadViewModel } from '../../src/extension/webviews/viewModel';
import { remoteViewSource } from '../helpers/remoteViewSource';
import {
  gitea122Client,
  gitea122Tokens,
  startGitea122Double,
  type Gitea122Double,
} from '../helpers/gitea122Double';

/**
 * The client, and the extension's readers through it, against a double of the Gitea 1.22 the team recorded:
 * every list Gitea answers as `null` (its nil slices) reads as a list.
 */

let double: Gitea122Double;
let client: TeahouseClient;
const recordedRepo = { owner: 'root', repo: 'rec-1128165022' };

before(async () => {
  double = await startGitea122Double();
  client = gitea122Client(double);
});

after(async () => {
  await client.close();
  await double.close();
});

/** The body the double answered for a GET, as it went over the wire. */
async function raw(apiPath: string): Promise<unknown> {
  const response = await fetch(`${double.url}api/v1${apiPath}`, {
    headers: { authorization: `token ${gitea122Tokens.root}` },
  });
  return response.json();
}

test('lists Gitea answers as null read as empty lists: reactions, and the branches of an empty repository', async () => {
  assert.equal(await raw('/repos/root/rec-1128165022/issues/2/reactions'), null);
  assert.deepEqual(await client.api.issueGetIssueReactions({ ...recordedRepo, index: 2 }), []);
  const page = await client.page('issueGetIssueReactions', { ...recordedRepo, index: 2 });
  assert.deepEqual(page.items, []);

  await client.api.createCurrentUserRepo({ body: { name: 'empty-one', default_branch: 'main' } });
  assert.equal(await raw('/repos/root/empty-one/branches'), null);
  assert.deepEqual(await client.api.repoListBranches({ owner: 'root', repo: 'empty-one' }), []);
});

test('list fields Gitea leaves nil read as empty lists, other nulls stay', async () => {
  const issue = await client.api.issueGetIssue({ ...recordedRepo, index: 3 });
  assert.deepEqual(issue.assignees, []);
  assert.equal(issue.milestone, null);
  const created = await client.api.issueCreateIssue({
    owner: 'root',
    repo: 'empty-one',
    body: { title: 'nobody assigned' },
  });
  assert.deepEqual(created.assignees, []);
  const branch = await client.api.repoGetBranch({ ...recordedRepo, branch: 'feature/x' });
  assert.deepEqual([branch.commit.added, branch.commit.removed, branch.commit.modified], [[], [], []]);
});

test("the extension's issue and pull request views read Gitea 1.22's answers", async () => {
  const profile = await readServerProfile(client);
  const source = remoteViewSource(client, double.url, profile);
  const issue = await loadViewModel(source, {
    kind: 'issue',
    account: source.account.id,
    ...recordedRepo,
    index: 3,
  });
  assert.equal(issue.issue.title, 'Typo in README');
  assert.deepEqual(issue.issue.assignees, []);
  const pull = await loadViewModel(source, {
    kind: 'pullRequest',
    account: source.account.id,
    ...recordedRepo,
    index: 4,
  });
  assert.equal(pull.issue.title, 'Add feature X');
  assert.deepEqual(
    pull.pull?.files.map((file) => file.filename),
    ['README.md', 'docs/feature-x.md'],
  );
});
