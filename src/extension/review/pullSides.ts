import * as vscode from 'vscode';
import { parseRevision, revisionScheme, revisionUri } from '../webviews/revisionContent';
import { pathSegments } from './changeTree';
import type { DiffSide } from './commentPlacement';

/** A pull request on an account's server. */
export interface PullKey {
  readonly account: string;
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

export function pullKeyString(key: PullKey): string {
  return `${key.account}/${key.owner}/${key.repo}#${key.index}`;
}

/** The two commits a pull request's diff is between. */
export interface PullCommits {
  readonly headSha: string;
  readonly mergeBase: string;
}

/**
 * One side of a pull request's diff (merge base ↔ head) as a read-only document: review threads are
 * placed on exactly these URIs, so the diff editors and the threads must build them here alike.
 */
export function pullSideUri(key: PullKey, commits: PullCommits, side: DiffSide, path: string): vscode.Uri {
  return revisionUri({
    account: key.account,
    owner: key.owner,
    repo: key.repo,
    ref: side === 'head' ? commits.headSha : commits.mergeBase,
    path,
    pull: key.index,
    side,
  });
}

/**
 * A file at a commit of a pull request, the new side of that commit's diff: where the threads made on that
 * commit show once they are outdated (as GitHub shows an outdated comment on the commit it was made on).
 */
export function pullCommitUri(key: PullKey, sha: string, path: string): vscode.Uri {
  return revisionUri({
    account: key.account,
    owner: key.owner,
    repo: key.repo,
    ref: sha,
    path,
    pull: key.index,
    side: 'head',
    commit: true,
  });
}

export interface PullSide {
  readonly key: PullKey;
  readonly side: DiffSide;
  readonly path: string;
  readonly ref: string;
  /** A commit of the pull request rather than a side of its diff: its threads are read-only history. */
  readonly commit?: boolean;
}

/** The pull request side a document shows, or undefined for any other document. */
export function pullSideOf(uri: vscode.Uri): PullSide | undefined {
  if (uri.scheme !== revisionScheme) return undefined;
  try {
    const revision = parseRevision(uri);
    if (revision.pull === undefined || revision.side === undefined) return undefined;
    const { account, owner, repo, pull: index, side, path, ref, commit } = revision;
    return { key: { account, owner, repo, index }, side, path, ref, ...(commit && { commit }) };
  } catch {
    return undefined;
  }
}

/**
 * A file of a workspace folder by a path the server gave: undefined when the path would leave the folder
 * (`..`, an absolute path, a backslash), so a comment's path never reaches a file outside the checkout.
 */
export function workspaceFileUri(root: string, path: string): vscode.Uri | undefined {
  const segments = pathSegments(path);
  return segments && vscode.Uri.joinPath(vscode.Uri.file(root), ...segments);
}
