import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import type { Log } from '../util/log';
import { staticSource } from '../views/paging';
import {
  childId,
  type ChangeRange,
  type NodeOf,
  type PullHeads,
  type RepoRef,
  type TreeNode,
} from '../views/nodes';
import { messageNode, type ChildSource } from '../views/treeModel';
import { loadPullCommits, loadPullFiles, type ViewSource } from '../webviews/viewModel';
import { buildChangeTree, type ChangedFile, type ChangeEntry, type ChangeLayout } from './changeTree';
import type { ViewedFiles } from './viewedFiles';

export const changesLayoutSetting = 'teahouse.pullRequests.changesLayout';

function layout(): ChangeLayout {
  return vscode.workspace.getConfiguration().get<string>(changesLayoutSetting) === 'flat' ? 'flat' : 'tree';
}

interface Context {
  readonly account: Account;
  readonly ref: RepoRef;
  readonly pull: PullHeads;
  readonly range: ChangeRange;
  readonly viewed: ReadonlySet<string> | undefined;
}

function entryNodes(
  parent: TreeNode,
  context: Context,
  entries: readonly ChangeEntry[],
  flat: boolean,
): TreeNode[] {
  const { account, ref, pull, range } = context;
  return entries.map((entry): TreeNode => {
    if (entry.kind === 'folder') {
      return {
        kind: 'changeFolder',
        id: childId(parent, `dir:${entry.path}`),
        parent,
        account,
        ref,
        pull,
        range,
        path: entry.path,
        label: entry.label,
        entries: entry.entries,
      };
    }
    return {
      kind: 'changedFile',
      id: childId(parent, `file:${entry.file.filename}`),
      parent,
      account,
      ref,
      pull,
      range,
      file: entry.file,
      flat,
      ...(context.viewed && { viewed: context.viewed.has(entry.file.filename) }),
    };
  });
}

/** The children of a pull request and its Changes: commits, then the changed files (merge base ↔ head). */
export function changesResolver(
  accounts: AccountService,
  viewed: ViewedFiles,
  log: Log,
): (parent: TreeNode) => Promise<ChildSource | undefined> {
  const source = async (account: Account): Promise<ViewSource> => ({
    account,
    client: await accounts.client(account),
    log,
    capabilities: accounts.capabilities(account),
  });
  const filesUnder = (parent: TreeNode, context: Context, files: readonly ChangedFile[]): TreeNode[] => {
    const shape = layout();
    return entryNodes(parent, context, buildChangeTree(files, shape), shape === 'flat');
  };
  return async (parent) => {
    if (parent.kind === 'issue' && parent.issue.isPull) {
      const { account, ref } = parent;
      const index = parent.issue.number;
      const view = await source(account);
      const pull = await view.client.api.repoGetPullRequest({ ...ref, index });
      const heads: PullHeads = { index, headSha: pull.head.sha, mergeBase: pull.merge_base || pull.base.sha };
      const target = { kind: 'pullRequest' as const, account: account.id, ...ref, index };
      const files = await loadPullFiles(view, target);
      const context: Context = {
        account,
        ref,
        pull: heads,
        range: { base: heads.mergeBase, head: heads.headSha },
        viewed: viewed.get(account.id, ref, index),
      };
      const commits: TreeNode = {
        kind: 'pullCommits',
        id: childId(parent, 'commits'),
        parent,
        account,
        ref,
        pull: heads,
      };
      const nodes = filesUnder(parent, context, files.items);
      if (files.note !== undefined) nodes.push(messageNode(parent, files.note));
      return staticSource([commits, ...nodes]);
    }
    if (parent.kind === 'pullCommits') {
      const { account, ref, pull } = parent;
      const commits = await loadPullCommits(await source(account), {
        kind: 'pullRequest',
        account: account.id,
        ...ref,
        index: pull.index,
      });
      const nodes = commits.items.map((commit): TreeNode => ({
        kind: 'pullCommit',
        id: childId(parent, commit.sha),
        parent,
        account,
        ref,
        pull,
        sha: commit.sha,
        message: commit.message,
        author: commit.author,
      }));
      if (commits.note !== undefined) nodes.push(messageNode(parent, commits.note));
      return staticSource(nodes);
    }
    if (parent.kind === 'pullCommit') return commitFiles(await source(parent.account), parent, filesUnder);
    if (parent.kind === 'changeFolder') {
      const viewedPaths =
        parent.range.commit === undefined
          ? viewed.get(parent.account.id, parent.ref, parent.pull.index)
          : undefined;
      return staticSource(entryNodes(parent, { ...parent, viewed: viewedPaths }, parent.entries, false));
    }
    return undefined;
  };
}

/** One commit's own changes (its first parent ↔ it), from the single commit's `files`. */
async function commitFiles(
  view: ViewSource,
  parent: NodeOf<'pullCommit'>,
  filesUnder: (parent: TreeNode, context: Context, files: readonly ChangedFile[]) => TreeNode[],
): Promise<ChildSource> {
  const { account, ref, pull, sha } = parent;
  const commit = await view.client.api.repoGetSingleCommit({ ...ref, sha });
  const files: ChangedFile[] = (commit.files ?? []).map((file) => ({
    filename: file.filename,
    previousFilename: '',
    status: file.status ?? 'modified',
    additions: 0,
    deletions: 0,
  }));
  const base = commit.parents?.[0]?.sha ?? pull.mergeBase;
  const context: Context = { account, ref, pull, range: { base, head: sha, commit: sha }, viewed: undefined };
  return staticSource(filesUnder(parent, context, files));
}
