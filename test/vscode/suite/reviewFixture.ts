import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/extension/views/nodes';
import { localServer, nodeAt, unique, waitFor } from './helpers';
import { seedBasics } from './seed';

/** A pull request to review in the editor, seeded on the local server, and the diff it opens as. */

export const baseText = 'one\ntwo\nthree\nfour\nfive\n';
export const headText = 'one\nTWO\nthree\nfour\nfive\nsix\n';

/** A pull request by the suite's member into a branch of its own: one file changed, seen from both sides. */
export async function seedReviewPull(): Promise<{
  index: number;
  path: string;
  folder: string;
  head: string;
}> {
  const { client } = await localServer();
  const { demo, member, me } = await seedBasics();
  await client.api.repoAddCollaborator({ ...demo, collaborator: member, body: { permission: 'write' } });
  const folder = unique('rv');
  const path = `${folder}/notes.txt`;
  const base = `${folder}-base`;
  const head = `${folder}-head`;
  const created = await client.api.repoCreateFile({
    ...demo,
    filepath: path,
    body: {
      content: Buffer.from(baseText).toString('base64'),
      branch: 'main',
      new_branch: base,
      message: 'notes',
    },
  });
  await client.api.repoUpdateFile({
    ...demo,
    filepath: path,
    body: {
      content: Buffer.from(headText).toString('base64'),
      sha: created.content?.sha ?? '',
      branch: base,
      new_branch: head,
      message: 'shout two, add six',
    },
  });
  const pull = await client.api.repoCreatePullRequest(
    { ...demo, body: { head, base, title: `Review me ${folder}` } },
    { sudo: member },
  );
  await client.api.repoCreatePullReviewRequests(
    { ...demo, index: pull.number, body: { reviewers: [me] } },
    { sudo: member },
  );
  return { index: pull.number, path, folder, head };
}

export function bodyOf(comment: vscode.Comment | undefined): string | undefined {
  return comment?.body instanceof vscode.MarkdownString ? comment.body.value : comment?.body;
}

export function editorOf(side: 'base' | 'head'): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find(
    (editor) =>
      editor.document.uri.scheme === 'teahouse-revision' &&
      editor.document.uri.query.includes(`"side":"${side}"`),
  );
}

/** The review pull request's file, opened from the Pull Requests view: the head side of its diff. */
export async function openReviewFile(
  tree: vscode.TreeDataProvider<TreeNode>,
  index: number,
  folder: string,
): Promise<vscode.TextEditor> {
  await vscode.commands.executeCommand('teahouse.pullRequests.refresh');
  await vscode.commands.executeCommand(
    'teahouse.openChangedFile',
    await nodeAt(tree, 'All Open', `#${index} `, folder, 'notes.txt'),
  );
  return waitFor(() => editorOf('head'), 'the head side of the diff');
}
