import * as vscode from 'vscode';
import type { RepoRef } from '../views/nodes';

/**
 * The files of a pull request an account marked viewed. Gitea keeps no such mark through its API, so they
 * live in the extension's global state, per account, repository and pull request.
 */
export class ViewedFiles {
  readonly #changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.#changed.event;

  constructor(private readonly state: vscode.Memento) {}

  #key(account: string, ref: RepoRef, index: number): string {
    return `teahouse.viewed/${account}/${ref.owner}/${ref.repo}#${index}`;
  }

  get(account: string, ref: RepoRef, index: number): ReadonlySet<string> {
    return new Set(this.state.get<string[]>(this.#key(account, ref, index), []));
  }

  async set(
    account: string,
    ref: RepoRef,
    index: number,
    paths: readonly string[],
    viewed: boolean,
  ): Promise<void> {
    const current = new Set(this.get(account, ref, index));
    for (const path of paths) {
      if (viewed) current.add(path);
      else current.delete(path);
    }
    const key = this.#key(account, ref, index);
    await this.state.update(key, current.size > 0 ? [...current].sort() : undefined);
    this.#changed.fire();
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
