/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Account } from '../../../src/extension/accounts/account';
import type { PublishSummary } from '../../../src/extension/local/publishProcess';
import { localServer, nodeAt, teahouse, unique } from './helpers';
import {
  addRemoteAccount,
  createRemoteUser,
  removeRemoteAccounts,
  userWithToken,
  type RemoteUser,
} from './remoteServer';
import { seedTrackerRepository, trackerFields, type Ref } from './trackerFixture';

/** A user of the local server with a token, shaped like a remote user for the shared seeding. */
async function localUser(prefix: string): Promise<RemoteUser> {
  const { url, client } = await localServer();
  return userWithToken(url, client, prefix);
}

const credit = /^\*Originally by .+? on \d{4}-\d\d-\d\d \d\d:\d\d UTC\*(\n\n)?/;

/**
 * The tracker as published: everything on the target is posted by the publishing account, each item with
 * a line crediting its author first; authors are left out and that line taken off before comparing.
 */
function asPublished(fields: unknown): unknown {
  return JSON.parse(
    JSON.stringify(fields, (key, value: unknown) => {
      if (key === 'author') return undefined;
      // bodies, and release notes (releases are [tag, name, notes, prerelease, draft])
      if (typeof value === 'string') return value.replace(credit, '');
      // comments are [author, body]
      if (key === 'comments' && Array.isArray(value))
        return (value as [string, string][]).map(([, body]) => body.replace(credit, ''));
      return value;
    }),
  ) as unknown;
}

/**
 * "Publish Repository to Server…" between the extension's local server and a second Teahouse: the target
 * ends up with every label, milestone, issue, comment, pull request and release; publishing again after one
 * new comment sends that one request.
 */
export function publishSuite(): void {
  suite('publish repository to a server', () => {
    let owner: RemoteUser;
    let other: RemoteUser;
    let publisher: RemoteUser;
    let account: Account;
    let source: Ref;

    suiteSetup(async () => {
      [owner, other] = [await localUser('pubowner'), await localUser('pubother')];
      source = await seedTrackerRepository(owner, other, unique('shipit'), 'Published');
      publisher = await createRemoteUser('erin');
      account = await addRemoteAccount(publisher);
    });

    suiteTeardown(async () => {
      await removeRemoteAccounts();
      await Promise.all([owner?.client.close(), other?.client.close(), publisher?.client.close()]);
    });

    test('the target gets every label, milestone, issue, comment, pull request and release, numbers kept', async () => {
      const api = await teahouse();
      const summary = await vscode.commands.executeCommand<PublishSummary | undefined>(
        'teahouse.publishRepository',
        { repository: `${source.owner}/${source.repo}`, to: account.id, owner: publisher.username },
      );
      assert.ok(summary, api.errors.last?.message);
      assert.equal(summary.cancelled, false);
      assert.equal(summary.remoteFullName, `${publisher.username}/${source.repo}`);
      assert.deepEqual(summary.refsRejected, []);
      const local = await trackerFields(owner.client, source);
      const remote = await trackerFields(publisher.client, { owner: publisher.username, repo: source.repo });
      // worth comparing only if there is everything
      const seeded = local as Record<string, unknown[]>;
      assert.deepEqual(
        ['labels', 'milestones', 'issues', 'pulls', 'releases'].map((key) => seeded[key]?.length),
        [2, 2, 2, 1, 2],
      );
      assert.deepEqual(asPublished(remote), asPublished(local));
      const firstIssue = (remote as { issues: { body: string; author: string }[] }).issues[0]!;
      assert.equal(firstIssue.author, publisher.username, 'posted by the publishing account');
      assert.match(firstIssue.body, new RegExp(`^\\*Originally by \\*\\*${owner.username}\\*\\* on `));
    });

    test('publishing again after a new comment sends one request for it', async () => {
      await other.client.api.issueCreateComment({ ...source, index: 1, body: { body: 'One more thing' } });
      const api = await teahouse();
      const summary = await vscode.commands.executeCommand<PublishSummary | undefined>(
        'teahouse.publishRepository',
        { repository: `${source.owner}/${source.repo}`, to: account.id, owner: publisher.username },
      );
      assert.ok(summary, api.errors.last?.message);
      assert.equal(summary.repositoryCreated, false);
      assert.equal(summary.created.comment, 1);
      assert.equal(summary.requests.writes, 1);
      const comments = await publisher.client.api.issueGetComments({
        owner: publisher.username,
        repo: source.repo,
        index: 1,
      });
      assert.match(comments.at(-1)?.body ?? '', /One more thing$/);
    });

    test('a repository of another server is refused: publishing starts from the local server', async () => {
      const api = await teahouse();
      const { repositories } = api.trees;
      await vscode.commands.executeCommand('teahouse.repositories.refresh');
      const theirs = unique('theirs');
      await publisher.client.api.createCurrentUserRepo({ body: { name: theirs } });
      await vscode.commands.executeCommand('teahouse.repositories.refresh');
      const node = await nodeAt(repositories, `${publisher.username} @ `, 'My Repositories', theirs);
      const result = await vscode.commands.executeCommand('teahouse.publishRepository', node);
      assert.equal(result, undefined);
      assert.match(api.errors.last?.message ?? '', /Publish works on repositories of the local server/);
    });
  });
}
