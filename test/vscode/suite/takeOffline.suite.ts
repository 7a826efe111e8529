/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TeahouseClient } from '../../../src/api/client';
import type { Repository } from '../../../src/api/types';
import type { Account } from '../../../src/extension/accounts/account';
import { labelOf, localServer, nodeAt, teahouse, unique } from './helpers';
import { addRemoteAccount, createRemoteUser, removeRemoteAccounts, type RemoteUser } from './remoteServer';
import { seedBasics } from './seed';

type Ref = { owner: string; repo: string };

/**
 * On the remote server: labels, an open and a closed milestone, two issues (one closed) with comments by two
 * users, a pull request from a branch with a label, a milestone and a comment, a release and a pre-release.
 */
async function seedRemoteRepository(owner: RemoteUser, other: RemoteUser, name: string): Promise<Ref> {
  const api = owner.client.api;
  await api.createCurrentUserRepo({ body: { name, auto_init: true, description: 'Taken offline' } });
  const ref = { owner: owner.username, repo: name };
  await api.repoAddCollaborator({ ...ref, collaborator: other.username, body: { permission: 'write' } });
  const bug = await api.issueCreateLabel({
    ...ref,
    body: { name: 'bug', color: '#ee0701', description: 'Something is broken' },
  });
  const docs = await api.issueCreateLabel({ ...ref, body: { name: 'docs', color: '#0075ca' } });
  const v1 = await api.issueCreateMilestone({
    ...ref,
    body: { title: 'v1', description: 'The first release', due_on: '2030-01-02T03:04:05Z' },
  });
  const v0 = await api.issueCreateMilestone({ ...ref, body: { title: 'v0' } });
  await api.issueEditMilestone({ ...ref, id: String(v0.id), body: { state: 'closed' } });
  const first = await api.issueCreateIssue({
    ...ref,
    body: {
      title: 'The first issue',
      body: 'Steps:\n\n1. *open* it\n2. read ✓',
      labels: [bug.id],
      milestone: v1.id,
    },
  });
  await other.client.api.issueCreateComment({ ...ref, index: first.number, body: { body: 'I see it too' } });
  await api.issueCreateComment({ ...ref, index: first.number, body: { body: 'Fixing it' } });
  const second = await other.client.api.issueCreateIssue({
    ...ref,
    body: { title: 'Already done', body: 'by the other user', milestone: v0.id },
  });
  await other.client.api.issueCreateComment({ ...ref, index: second.number, body: { body: 'closing' } });
  await api.issueEditIssue({ ...ref, index: second.number, body: { state: 'closed' } });
  await api.repoCreateFile({
    ...ref,
    filepath: 'feature.txt',
    body: {
      content: Buffer.from('a feature\n').toString('base64'),
      message: 'Add the feature',
      branch: 'main',
      new_branch: 'feature',
    },
  });
  const pull = await api.repoCreatePullRequest({
    ...ref,
    body: {
      head: 'feature',
      base: 'main',
      title: 'Add the feature',
      body: 'Please review',
      labels: [docs.id],
      milestone: v1.id,
    },
  });
  await other.client.api.issueCreateComment({ ...ref, index: pull.number, body: { body: 'Looks good' } });
  await api.repoCreateRelease({
    ...ref,
    body: { tag_name: 'v1.0', target_commitish: 'main', name: 'One', body: 'Release notes' },
  });
  await api.repoCreateRelease({
    ...ref,
    body: { tag_name: 'v1.1-rc', target_commitish: 'main', name: 'RC', body: '', prerelease: true },
  });
  return ref;
}

/** Who wrote it, as the copy keeps it: the local user of that name, else the original author's name. */
const author = (item: { user?: { login: string } | null; original_author?: string }): string =>
  item.original_author || (item.user?.login ?? '');

/** Every field the copy must keep, read the same way from either server. */
async function trackerFields(client: TeahouseClient, ref: Ref): Promise<unknown> {
  const api = client.api;
  const issues = await api.issueListIssues({ ...ref, state: 'all', type: 'issues', limit: 50 });
  const pullIssues = await api.issueListIssues({ ...ref, state: 'all', type: 'pulls', limit: 50 });
  const pulls = await api.repoListPullRequests({ ...ref, state: 'all', limit: 50 });
  const comments = async (index: number) =>
    (await api.issueGetComments({ ...ref, index })).map((comment) => [author(comment), comment.body]);
  const byNumber = <T extends { number: number }>(list: T[]): T[] =>
    [...list].sort((a, b) => a.number - b.number);
  return {
    labels: (await api.issueListLabels({ ...ref, limit: 50 }))
      .map((label) => [label.name, label.color, label.description])
      .sort(),
    milestones: (await api.issueGetMilestones({ ...ref, state: 'all', limit: 50 }))
      .map((milestone) => [milestone.title, milestone.description, milestone.state, milestone.due_on])
      .sort(),
    issues: await Promise.all(
      byNumber(issues).map(async (issue) => ({
        number: issue.number,
        title: issue.title,
        body: issue.body,
        state: issue.state,
        author: author(issue),
        labels: issue.labels.map((label) => label.name),
        milestone: issue.milestone?.title,
        comments: await comments(issue.number),
      })),
    ),
    pulls: await Promise.all(
      byNumber(pulls).map(async (pull) => ({
        number: pull.number,
        title: pull.title,
        body: pull.body,
        state: pull.state,
        author: author(pullIssues.find((issue) => issue.number === pull.number) ?? {}),
        head: pull.head.ref,
        base: pull.base.ref,
        merged: pull.merged,
        labels: pull.labels.map((label) => label.name),
        milestone: pull.milestone?.title,
        comments: await comments(pull.number),
      })),
    ),
    releases: (await api.repoListReleases({ ...ref, limit: 50 }))
      .map((release) => [release.tag_name, release.name, release.body, release.prerelease, release.draft])
      .sort(),
    branches: (await api.repoListBranches({ ...ref, limit: 50 })).map((branch) => branch.name).sort(),
  };
}

export function takeOfflineSuite(): void {
  suite('take repository offline', () => {
    let owner: RemoteUser;
    let other: RemoteUser;
    let account: Account;
    let source: Ref;
    let expected: unknown;

    suiteSetup(async () => {
      await seedBasics();
      [owner, other] = [await createRemoteUser('carol'), await createRemoteUser('dave')];
      source = await seedRemoteRepository(owner, other, unique('tool'));
      expected = await trackerFields(owner.client, source);
      // the comparison is worth something only if the source has all of it
      const seeded = expected as Record<string, { comments?: unknown[] }[]>;
      assert.deepEqual(
        ['labels', 'milestones', 'issues', 'pulls', 'releases'].map((key) => seeded[key]?.length),
        [2, 2, 2, 1, 2],
      );
      assert.deepEqual(
        [...(seeded['issues'] ?? []), ...(seeded['pulls'] ?? [])].map((item) => item.comments?.length),
        [2, 1, 1],
      );
      account = await addRemoteAccount(owner);
    });

    suiteTeardown(async () => {
      await removeRemoteAccounts();
      await Promise.all([owner?.client.close(), other?.client.close()]);
    });

    test("from a remote repository's context menu: the copy keeps every issue, comment, label, milestone, pull request and release", async () => {
      const api = await teahouse();
      const { me } = await seedBasics();
      const { repositories } = api.trees;
      await vscode.commands.executeCommand('teahouse.repositories.refresh');
      const node = await nodeAt(repositories, `${owner.username} @ `, 'My Repositories', source.repo);
      const item = repositories.getTreeItem(node) as vscode.TreeItem;
      assert.equal(
        item.contextValue,
        'repository.admin.remote',
        'the menu item shows on remote repositories',
      );

      const copy = await vscode.commands.executeCommand<Repository | undefined>(
        'teahouse.takeRepositoryOffline',
        node,
        { owner: me },
      );
      assert.equal(copy?.full_name, `${me}/${source.repo}`, api.errors.last?.message);
      const { client, url } = await localServer();
      assert.ok(copy.clone_url.startsWith(url), 'the copy is on the local server');
      assert.equal(copy.description, 'Taken offline');
      assert.deepEqual(await trackerFields(client, { owner: me, repo: source.repo }), expected);

      const shown = await nodeAt(repositories, `${me} @ Local`, 'My Repositories', source.repo);
      assert.equal(labelOf(repositories, shown), source.repo);
      assert.deepEqual(
        repositories.view.selection.map((selected) => selected.id),
        [shown.id],
        'the copy is revealed and selected in the Repositories view',
      );
    });

    test('from the palette with arguments: into an organization; a name the local owner has is refused', async () => {
      const api = await teahouse();
      const { org } = await seedBasics();
      const name = unique('org-copy');
      const copy = await vscode.commands.executeCommand<Repository | undefined>(
        'teahouse.takeRepositoryOffline',
        { account: account.id, repository: `${source.owner}/${source.repo}`, owner: org, name },
      );
      assert.equal(copy?.full_name, `${org}/${name}`, api.errors.last?.message);
      const { client } = await localServer();
      assert.deepEqual(await trackerFields(client, { owner: org, repo: name }), expected);
      const { repositories } = api.trees;
      await nodeAt(repositories, /@ Local$/, 'By Organization', org, `${org}/${name}`);

      const again = await vscode.commands.executeCommand('teahouse.takeRepositoryOffline', {
        account: account.id,
        repository: `${source.owner}/${source.repo}`,
        owner: org,
        name,
      });
      assert.equal(again, undefined);
      assert.equal(api.errors.last?.command, 'teahouse.takeRepositoryOffline');
      assert.match(api.errors.last?.message ?? '', new RegExp(`already has ${org}/${name}`));
    });

    test('the Local account cannot be a source', async () => {
      const api = await teahouse();
      const { me, myRepo } = await seedBasics();
      const result = await vscode.commands.executeCommand('teahouse.takeRepositoryOffline', {
        account: 'local',
        repository: `${me}/${myRepo}`,
      });
      assert.equal(result, undefined);
      assert.match(api.errors.last?.message ?? '', /on the local server already/);
    });
  });
}
