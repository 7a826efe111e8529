import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import type { RepoRef, TreeNode } from './nodes';
import { repoRefOf } from './nodes';

/** A repository whose issues or pull requests the extension just changed (created, closed, merged, …). */
export interface TrackerChange {
  readonly account: string;
  readonly ref: RepoRef;
  /** The issue or pull request changed, when the change was to one: its open view follows. */
  readonly index?: number;
}

/**
 * The one path by which a successful write reaches every view that shows the repository: commands announce,
 * views and the status bar listen, and nobody calls another view's refresh.
 */
export class TrackerChanges extends Disposable {
  readonly #changed = this._register(new vscode.EventEmitter<TrackerChange>());
  readonly onDidChange = this.#changed.event;

  announce(change: TrackerChange): void {
    this.#changed.fire(change);
  }
}

export function sameRepository(a: RepoRef, b: RepoRef): boolean {
  return a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase();
}

/** Whether `node` is the changed repository's node (whose JSON carries the counts). */
export function showsRepository(node: TreeNode, change: TrackerChange): boolean {
  return (
    node.kind === 'repository' &&
    node.account.id === change.account &&
    sameRepository(repoRefOf(node.repository), change.ref)
  );
}
