/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { localServer, seedOrSkip, teahouse, waitFor } from './helpers';
import { bodyOf, openReviewFile, seedReviewPull } from './reviewFixture';
import { seedBasics } from './seed';

/**
 * Review conversations on the local server (Gitea 1.27's API): a reply goes into the thread's conversation,
 * Resolve Conversation collapses it with who resolved it, Unresolve opens it again.
 */
export function reviewConversationsSuite(): void {
  suite('review conversations', () => {
    test('a reply joins the thread, Resolve collapses it "resolved by" me, Unresolve opens it again', async function () {
      this.timeout(90_000);
      const { client } = await localServer();
      const { demo, me, member } = await seedBasics();
      const { index, path, folder } = await seedOrSkip(this, seedReviewPull);
      const review = await client.api.repoCreatePullReview(
        {
          ...demo,
          index,
          body: { event: 'COMMENT', body: '', comments: [{ path, body: 'why three?', new_position: 3 }] },
        },
        { sudo: member },
      );
      const api = await teahouse();
      const head = await openReviewFile(api.trees.pullRequests, index, folder);
      const key = { account: 'local', ...demo, index };
      const threadWith = async (text: string) => {
        await api.review.reload(key);
        const found = (await api.review.threadsOn(head.document.uri)).find((thread) =>
          thread.comments.some((comment) => bodyOf(comment) === text),
        );
        assert.ok(found, `a thread holds "${text}"`);
        return found;
      };

      const thread = await threadWith('why three?');
      assert.equal(thread.contextValue, 'submitted.resolvable');
      assert.equal(thread.state, vscode.CommentThreadState.Unresolved);
      assert.equal(thread.collapsibleState, vscode.CommentThreadCollapsibleState.Expanded);

      const sent = await vscode.commands.executeCommand('teahouse.review.addSingleComment', {
        thread,
        text: 'because of the spec',
      });
      assert.equal(sent, undefined, api.errors.last?.message);
      // a reply, not a review of its own: it belongs to the member's review, in the same conversation
      const inReview = await client.api.repoGetPullReviewComments({ ...demo, index, id: review.id });
      assert.deepEqual(
        inReview.map((comment) => [comment.body, comment.user.login]),
        [
          ['why three?', member],
          ['because of the spec', me],
        ],
      );
      const replied = await threadWith('because of the spec');
      assert.deepEqual(
        replied.comments.map((comment) => bodyOf(comment)),
        ['why three?', 'because of the spec'],
      );

      const lastError = api.errors.last;
      await vscode.commands.executeCommand('teahouse.review.resolveThread', replied);
      assert.equal(api.errors.last, lastError, api.errors.last?.message);
      const [first] = await client.api.repoGetPullReviewComments({ ...demo, index, id: review.id });
      assert.equal(first?.resolver?.login, me);
      const resolved = await threadWith('why three?');
      assert.equal(resolved.state, vscode.CommentThreadState.Resolved);
      assert.equal(resolved.collapsibleState, vscode.CommentThreadCollapsibleState.Collapsed);
      assert.equal(resolved.contextValue, 'submitted.resolved');
      assert.match(resolved.label ?? '', new RegExp(`notes\\.txt, line 3 · resolved by ${me}$`));

      await vscode.commands.executeCommand('teahouse.review.unresolveThread', resolved);
      const [reopened] = await client.api.repoGetPullReviewComments({ ...demo, index, id: review.id });
      assert.equal(reopened?.resolver, null);
      const open = await waitFor(async () => {
        const candidate = await threadWith('why three?');
        return candidate.state === vscode.CommentThreadState.Unresolved ? candidate : undefined;
      }, 'the thread to be open again');
      assert.equal(open.contextValue, 'submitted.resolvable');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('Resolve Conversation and Unresolve show only on threads that offer them', () => {
      interface MenuItem {
        command: string;
        when?: string;
      }
      const manifest = vscode.extensions.getExtension('teahouse.teahouse')!.packageJSON as {
        contributes: { menus: Record<string, MenuItem[]> };
      };
      const title = manifest.contributes.menus['comments/commentThread/title']!;
      const shownFor = (command: string) => {
        const when = title.find((item) => item.command === command)?.when ?? '';
        const pattern = /commentThread =~ \/(.+)\/(?:\s|$)/.exec(when)?.[1];
        assert.ok(pattern, `${command}: ${when}`);
        return [
          'submitted',
          'pending',
          'submitted.resolvable',
          'pending.resolved',
          'submitted.resolved',
        ].filter((value) => new RegExp(pattern).test(value));
      };
      assert.deepEqual(shownFor('teahouse.review.resolveThread'), ['submitted.resolvable']);
      assert.deepEqual(shownFor('teahouse.review.unresolveThread'), [
        'pending.resolved',
        'submitted.resolved',
      ]);
      assert.deepEqual(shownFor('teahouse.review.submit'), ['pending', 'pending.resolved']);
    });
  });
}
