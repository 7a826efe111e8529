import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';

export const resultScheme = 'teahouse-result';

/**
 * Read-only documents of operation results on the `teahouse-result:` scheme; the file extension in the
 * path (`.json`, `.html`, `.diff`) gives the language. Closed documents' texts are forgotten.
 */
export class ResultDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  readonly #texts = new Map<string, string>();
  #counter = 0;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(resultScheme, this));
    this._register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === resultScheme) this.#texts.delete(document.uri.toString());
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.#texts.get(uri.toString()) ?? '';
  }

  async open(name: string, text: string, extension: string): Promise<vscode.TextEditor> {
    this.#counter += 1;
    const uri = vscode.Uri.from({ scheme: resultScheme, path: `/${this.#counter}/${name}.${extension}` });
    this.#texts.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(document, { preview: false });
  }
}
