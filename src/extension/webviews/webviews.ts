import * as vscode from 'vscode';
import { registerCommand } from '../commands/errorReporter';
import type { Services } from '../commands/services';
import type { Issue } from '../../api/types';
import { editIssueText } from '../commands/issueEdit';
import { announceTrackerChange } from '../commands/services';
import { commandOptions, findAccount, resolveIssue } from '../commands/targets';
import { Disposable } from '../util/disposable';
import { sameRepository, type TrackerChange } from '../views/trackerChanges';
import type { PanelTarget, ViewModel } from '../../webview/protocol';
import type { CreatePullFormApi } from './createPullForms';
import { IssuePanel, issueViewType, pullRequestViewType } from './issuePanel';
import { MarkdownPreview, markdownPreviewViewType } from './markdownPreview';
import { RevisionContentProvider, revisionScheme } from './revisionContent';
import { webviewOptions } from './webviewHtml';

/** What tests and other extensions see of the webviews (through the extension's exports). */
export interface WebviewsApi {
  readonly panels: readonly {
    readonly target: PanelTarget;
    readonly title: string;
    readonly model: ViewModel | undefined;
  }[];
  /** Fires with each model an issue or pull request view receives. */
  readonly onDidLoad: vscode.Event<ViewModel>;
  /** What the serializer does after a reload, for a panel VS Code hands back with its saved state. */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  readonly preview: { readonly html: string | undefined; readonly onDidRender: vscode.Event<string> };
  /** The Create Pull Request form that is open, and when one opens. */
  readonly createPullRequest: {
    readonly form: CreatePullFormApi | undefined;
    readonly onDidOpen: vscode.Event<CreatePullFormApi>;
  };
}

function panelTarget(value: unknown): PanelTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, account, owner, repo, index } = value as Partial<Record<keyof PanelTarget, unknown>>;
  return (kind === 'issue' || kind === 'pullRequest') &&
    typeof account === 'string' &&
    typeof owner === 'string' &&
    typeof repo === 'string' &&
    typeof index === 'number' &&
    Number.isInteger(index)
    ? { kind, account, owner, repo, index }
    : undefined;
}

const keyOf = (target: PanelTarget) => `${target.account}\n${target.owner}/${target.repo}#${target.index}`;

/** The issue, pull request and markdown preview webviews: commands, panel registry, serializers. */
export class Webviews extends Disposable implements WebviewsApi {
  readonly #panels = new Map<string, IssuePanel>();
  readonly #loaded = this._register(new vscode.EventEmitter<ViewModel>());
  readonly onDidLoad = this.#loaded.event;
  readonly #rendered = this._register(new vscode.EventEmitter<string>());
  #preview: MarkdownPreview | undefined;

  constructor(private readonly services: Services) {
    super();
    const { errors } = services;
    this._register(
      vscode.workspace.registerTextDocumentContentProvider(
        revisionScheme,
        new RevisionContentProvider(services.accounts),
      ),
    );
    this._register(registerCommand(errors, 'teahouse.openIssue', (arg) => this.#openCommand(arg, false)));
    this._register(
      registerCommand(errors, 'teahouse.openPullRequest', (arg) => this.#openCommand(arg, true)),
    );
    this._register(
      registerCommand(errors, 'teahouse.editIssueDescription', (first, second) =>
        this.#editDescriptionCommand(first, second),
      ),
    );
    this._register(registerCommand(errors, 'teahouse.previewMarkdown', (arg) => this.#previewCommand(arg)));
    for (const viewType of [issueViewType, pullRequestViewType])
      this._register(
        vscode.window.registerWebviewPanelSerializer(viewType, {
          deserializeWebviewPanel: (panel, state) => this.restore(panel, state),
        }),
      );
    this._register(
      vscode.window.registerWebviewPanelSerializer(markdownPreviewViewType, {
        deserializeWebviewPanel: async (panel, state: unknown) => {
          const source = (state as { source?: unknown } | undefined)?.source;
          if (typeof source !== 'string') return panel.dispose();
          const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(source, true));
          this.#showPreview(panel, document);
        },
      }),
    );
    this._register(services.changes.onDidChange((change) => this.#follow(change)));
    this._register({ dispose: () => this.#disposeAll() });
  }

  /** A change made elsewhere in the extension (a review submitted, a merge from a tree) shows in its open view. */
  #follow(change: TrackerChange): void {
    if (change.index === undefined) return;
    for (const panel of this.#panels.values()) {
      const { target } = panel;
      if (target.account !== change.account || target.index !== change.index) continue;
      if (!sameRepository(target, change.ref)) continue;
      panel
        .refresh()
        .catch((error: unknown) =>
          this.services.log.error(`refreshing the view of #${target.index} failed: ${String(error)}`),
        );
    }
  }

  get panels(): WebviewsApi['panels'] {
    return [...this.#panels.values()].map((panel) => ({
      target: panel.target,
      title: panel.panel.title,
      model: panel.model,
    }));
  }

  get createPullRequest(): WebviewsApi['createPullRequest'] {
    const forms = this.services.pullForms;
    return { form: forms.current, onDidOpen: forms.onDidOpen };
  }

  get preview(): WebviewsApi['preview'] {
    return { html: this.#preview?.lastHtml, onDidRender: this.#rendered.event };
  }

  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const target = panelTarget(state);
    const account = target && this.services.accounts.get(target.account);
    if (!target || !account || this.#panels.has(keyOf(target))) {
      panel.dispose();
      return;
    }
    this.#adopt(panel, target);
  }

  /** Shows the view of `target`, revealing the one already open. */
  async open(target: PanelTarget): Promise<IssuePanel> {
    const existing = this.#panels.get(keyOf(target));
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(
      target.kind === 'pullRequest' ? pullRequestViewType : issueViewType,
      `#${target.index}`,
      vscode.ViewColumn.Active,
      webviewOptions(this.services.context.extensionUri),
    );
    return this.#adopt(panel, target);
  }

  #adopt(panel: vscode.WebviewPanel, target: PanelTarget): IssuePanel {
    const account = findAccount(this.services, target.account);
    const view = new IssuePanel(panel, target, account, this.services, this);
    const key = keyOf(target);
    this.#panels.set(key, view);
    view.onDidLoad((model) => this.#loaded.fire(model));
    view.onDidDispose(() => {
      if (this.#panels.get(key) === view) this.#panels.delete(key);
    });
    return view;
  }

  async #openCommand(arg: unknown, pulls: boolean): Promise<PanelTarget | undefined> {
    const resolved = await resolveIssue(this.services, arg, pulls);
    if (!resolved) return undefined;
    const isPull = resolved.issue ? resolved.issue.isPull : pulls;
    const target: PanelTarget = {
      kind: isPull ? 'pullRequest' : 'issue',
      account: resolved.account.id,
      owner: resolved.ref.owner,
      repo: resolved.ref.repo,
      index: resolved.index,
    };
    await this.open(target);
    return target;
  }

  /**
   * "Edit Description…": the issue's view with its editor open; `{ body }` sets the description without
   * asking and answers the issue.
   */
  async #editDescriptionCommand(first: unknown, second: unknown): Promise<PanelTarget | Issue | undefined> {
    const body = commandOptions<{ body: string }>(first, second).body;
    if (body !== undefined) {
      const resolved = await resolveIssue(this.services, first, false);
      if (!resolved) return undefined;
      const { client, ref, index } = resolved;
      const issue = await editIssueText({ client, ...ref, index }, { body });
      announceTrackerChange(this.services, resolved);
      await this.#panels
        .get(keyOf({ kind: 'issue', account: resolved.account.id, ...ref, index }))
        ?.refresh();
      return issue;
    }
    const target = await this.#openCommand(first, false);
    if (target) (await this.open(target)).startEditing();
    return target;
  }

  async #previewCommand(arg: unknown): Promise<string | undefined> {
    const document =
      arg instanceof vscode.Uri
        ? await vscode.workspace.openTextDocument(arg)
        : vscode.window.activeTextEditor?.document;
    if (!document) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a markdown file to preview it.'));
      return undefined;
    }
    if (this.#preview?.document === document) this.#preview.panel.reveal(vscode.ViewColumn.Beside, true);
    else {
      const panel = vscode.window.createWebviewPanel(
        markdownPreviewViewType,
        vscode.l10n.t('Preview'),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        webviewOptions(this.services.context.extensionUri),
      );
      this.#showPreview(panel, document);
    }
    return document.uri.toString();
  }

  #showPreview(panel: vscode.WebviewPanel, document: vscode.TextDocument): void {
    this.#preview?.panel.dispose();
    const preview = new MarkdownPreview(panel, document, this.services, (target) => this.open(target));
    this.#preview = preview;
    preview.onDidRender((html) => this.#rendered.fire(html));
    preview.onDidDispose(() => {
      if (this.#preview === preview) this.#preview = undefined;
    });
  }

  #disposeAll(): void {
    for (const panel of this.#panels.values()) panel.panel.dispose();
    this.#preview?.panel.dispose();
  }
}
