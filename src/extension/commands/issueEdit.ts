import * as vscode from 'vscode';
import { ApiError, type TeahouseClient } from '../../api/client';
import type { Issue } from '../../api/types';

export interface IssueEditTarget {
  readonly client: TeahouseClient;
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

/**
 * Changes title and/or description (`PATCH /repos/{owner}/{repo}/issues/{index}`, which Gitea also
 * answers for pull requests). A 403 becomes a message saying who may edit.
 */
export async function editIssueText(
  target: IssueEditTarget,
  changes: { readonly title?: string; readonly body?: string },
): Promise<Issue> {
  const { client, owner, repo, index } = target;
  if (changes.title !== undefined && changes.title.trim() === '')
    throw new Error(vscode.l10n.t('The title is required'));
  try {
    return await client.api.issueEditIssue({
      owner,
      repo,
      index,
      body: {
        ...(changes.title !== undefined && { title: changes.title.trim() }),
        ...(changes.body !== undefined && { body: changes.body }),
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      throw new Error(
        vscode.l10n.t(
          "You may not edit #{0} in {1}/{2}: only its author and the repository's writers may. ({3})",
          index,
          owner,
          repo,
          error.serverMessage,
        ),
        { cause: error },
      );
    }
    throw error;
  }
}
