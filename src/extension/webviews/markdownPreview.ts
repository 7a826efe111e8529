import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { Services } from '../commands/services';
import { findAccount } from '../commands/targets';
import { Disposable } from '../util/disposable';
import { describeError } from '../util/errors';
import { isRequestMessage, type ExtensionMessage, type PanelTarget } from '../../webview/protocol';
import { resolvePage } from '../wiki/wikiPages';
import { wikiScheme } from '../wiki/wikiUri';
import { linkDestination } from './links';
import { markdownContext, renderMarkdown } from './viewModel';
import { webviewHtml, webviewOptions } from './webviewHtml';

export const markdownPreviewViewType = 'teahouse.markdownPreview';
const debounceMs = 300;

/** The account and Context a document renders with: its wiki's or workspace repository's, else the default account. */
async function renderTarget(
  services: Services,
  document: vscode.TextDocument,
): Promise<{ account: Account; context: string }> {
  if (document.uri.scheme === wikiScheme) {
    // a wiki page renders in its repository's context, so its links and references resolve there
    const page = await resolvePage(services.accounts, document.uri);
    if (page)
      return { account: page.account, context: markdownContext(page.account, page.ref.owner, page.ref.repo) };
  }
  const matches = await services.workspace.matches();
  const inside = matches
    .filter((match) => {
      const relative = path.relative(match.rootPath, document.uri.fsPath);
      return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    })
    .sort((a, b) => b.rootPath.length - a.rootPath.length)[0];
  if (inside)
    return { account: inside.account, context: markdownContext(inside.account, inside.owner, inside.repo) };
  return { account: findAccount(services, undefined), context: '' };
}

/**
 * "Teahouse: Preview with Server": the document rendered by the server's POST /markdown, re-rendered a
 * moment after each edit. One preview follows one document.
 */
export class MarkdownPreview extends Disposable {
  #timer: NodeJS.Timeout | undefined;
  #version = 0;
  #lastHtml = '';
  readonly #rendered = this._register(new vscode.EventEmitter<string>());
  /** Fires with the HTML of each completed render (tests wait on it). */
  readonly onDidRender = this.#rendered.event;
  readonly #disposed = this._register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.#disposed.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly document: vscode.TextDocument,
    private readonly services: Services,
    private readonly openView: (target: PanelTarget) => Promise<unknown>,
  ) {
    super();
    const { extensionUri } = services.context;
    panel.webview.options = webviewOptions(extensionUri);
    panel.title = vscode.l10n.t('Preview {0}', path.basename(document.uri.path));
    panel.webview.html = webviewHtml(panel.webview, extensionUri, 'markdownPreview', panel.title);
    this._register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === document) this.#schedule();
      }),
    );
    this._register(panel.webview.onDidReceiveMessage((message: unknown) => void this.#receive(message)));
    this._register(
      panel.onDidDispose(() => {
        this.#disposed.fire();
        this.dispose();
      }),
    );
    this._register({ dispose: () => clearTimeout(this.#timer) });
  }

  get lastHtml(): string {
    return this.#lastHtml;
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.render(), debounceMs);
  }

  async render(): Promise<void> {
    const version = ++this.#version;
    const text = this.document.getText();
    try {
      const { account, context } = await renderTarget(this.services, this.document);
      const client = await this.services.accounts.client(account);
      const html = await renderMarkdown({ client }, context, text);
      // an older render finishing late must not replace a newer one
      if (version !== this.#version || this.isDisposed) return;
      this.#lastHtml = html;
      await this.#post({ type: 'event', event: 'rendered', html, source: this.document.uri.toString() });
      this.#rendered.fire(html);
    } catch (error) {
      this.services.errors.report(
        'teahouse.previewMarkdown',
        error,
        vscode.l10n.t('Cannot render the preview'),
      );
    }
  }

  #post(message: ExtensionMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  async #receive(message: unknown): Promise<void> {
    if (!isRequestMessage(message)) return;
    try {
      if (message.method === 'load') {
        await this.render();
        await this.#post({ type: 'response', id: message.id, ok: true, result: null });
      } else if (message.method === 'openLink') {
        const { href } = message.params as { href: string };
        const { account } = await renderTarget(this.services, this.document);
        const destination = linkDestination(href, account);
        if (destination.kind === 'view') await this.openView(destination.target);
        else if (destination.kind === 'external') await vscode.env.openExternal(destination.uri);
        await this.#post({ type: 'response', id: message.id, ok: true, result: null });
      }
    } catch (error) {
      await this.#post({ type: 'response', id: message.id, ok: false, error: describeError(error).message });
    }
  }
}
