import * as vscode from 'vscode';

/** An owner of disposables, after the GitHub Pull Requests extension's `_register()` habit. */
export abstract class Disposable implements vscode.Disposable {
  #disposables: vscode.Disposable[] = [];
  #disposed = false;

  protected get isDisposed(): boolean {
    return this.#disposed;
  }

  protected _register<T extends vscode.Disposable>(disposable: T): T {
    if (this.#disposed) disposable.dispose();
    else this.#disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    // in reverse: what was registered last may depend on what came before
    for (const disposable of this.#disposables.reverse()) disposable.dispose();
    this.#disposables = [];
  }
}
