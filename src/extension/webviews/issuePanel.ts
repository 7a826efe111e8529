import { closeRefusal, pickIssue } from './dependencies';
import { changeDependency } from './dependencyModel';
import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { Services } from '../commands/services';
import { announceTrackerChange } from '../commands/services';
import { editIssueText } from '../commands/issueEdit';
import { Disposable } from '../util/disposable';
import { describeError } from '../util/errors';
import {
  isRequestMessage,
  type ExtensionMessage,
  type PanelTarget,
  type RequestMessage,
  type RequestMethod,
  type Requests,
  type ViewModel,
} from '../../webview/protocol';
import { attachmentsOffNote, bytesOf, uploadAttachment } from './attachments';
import { linkDestination } from './links';
import { pullSideUri } from '../review/pullSides';
import { requirementText } from '../util/requirementText';
import { loadViewModel, markdownContext, renderMarkdown, type ViewSource } from './viewModel';
import { webviewHtml, webviewOptions } from './webviewHtml';

export const issueViewType = 'teahouse.issue';
export const pullRequestViewType = 'teahouse.pullRequest';

type Handlers = { [M in RequestMethod]: (params: Requests[M]['params']) => Promise<Requests[M]['result']> };

/** Opens views for links to other issues; the registry answers with an existing panel when there is one. */
export interface PanelOpener {
  open(target: PanelTarget): Promise<IssuePanel>;
}

/** The view model's capability notes ("needs Gitea ≥ 1.15", vscode-free English) in the display language. */
function withTranslatedNotes(model: ViewModel): ViewModel {
  const { pull } = model;
  const translated = (note: string | undefined) =>
    note === undefined
      ? undefined
      : note === attachmentsOffNote
        ? vscode.l10n.t('attachments are switched off on this server')
        : requirementText(note);
  return {
    ...model,
    ...(model.eventsNote !== undefined && { eventsNote: translated(model.eventsNote) }),
    ...(model.dependenciesNote !== undefined && { dependenciesNote: translated(model.dependenciesNote) }),
    ...(model.uploadsNote !== undefined && { uploadsNote: translated(model.uploadsNote) }),
    ...(pull && {
      pull: {
        ...pull,
        ...(pull.commitsNote !== undefined && { commitsNote: translated(pull.commitsNote) }),
        ...(pull.filesNote !== undefined && { filesNote: translated(pull.filesNote) }),
      },
    }),
  };
}

/** One issue or pull request view: loads its model, answers the webview's requests, runs its actions. */
export class IssuePanel extends Disposable {
  #model: ViewModel | undefined;
  readonly #loaded = this._register(new vscode.EventEmitter<ViewModel>());
  /** Fires after each model the view receives (tests wait on it). */
  readonly onDidLoad = this.#loaded.event;
  readonly #disposed = this._register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.#disposed.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly target: PanelTarget,
    private readonly account: Account,
    private readonly services: Services,
    private readonly opener: PanelOpener,
  ) {
    super();
    const { extensionUri } = services.context;
    panel.webview.options = webviewOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'teahouse.svg');
    panel.title = `#${target.index}`;
    this._register(panel.webview.onDidReceiveMessage((message: unknown) => void this.#receive(message)));
    this._register(
      panel.onDidDispose(() => {
        this.#disposed.fire();
        this.dispose();
      }),
    );
    panel.webview.html = webviewHtml(panel.webview, extensionUri, 'issueView', panel.title);
  }

  #editRequested = false;

  /** Opens the view's editor of title and description (at once, or once the view has loaded). */
  startEditing(): void {
    if (this.#model) void this.#post({ type: 'event', event: 'edit' });
    else this.#editRequested = true;
  }

  get model(): ViewModel | undefined {
    return this.#model;
  }

  async #source(): Promise<ViewSource> {
    return {
      account: this.account,
      client: await this.services.accounts.client(this.account),
      log: this.services.log,
      capabilities: this.services.accounts.capabilities(this.account),
    };
  }

  async reload(): Promise<ViewModel> {
    const model = withTranslatedNotes(await loadViewModel(await this.#source(), this.target));
    this.#model = model;
    this.panel.title = `#${model.issue.number} ${model.issue.title}`;
    this.#loaded.fire(model);
    return model;
  }

  /** After an action: a fresh model to the view, and fresh trees. */
  async #changed(): Promise<ViewModel> {
    announceTrackerChange(this.services, {
      account: this.account,
      ref: { owner: this.target.owner, repo: this.target.repo },
    });
    return this.refresh();
  }

  #refreshing: Promise<ViewModel> | undefined;
  #refreshAgain = false;

  /**
   * A fresh model, loaded and sent to the view. Asked while a load runs (its own action and the announcement
   * of it, or two changes in a row), it loads once more after that one: the answer is never older than the ask.
   */
  refresh(): Promise<ViewModel> {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      let model: ViewModel;
      do {
        this.#refreshAgain = false;
        model = await this.reload();
        void this.#post({ type: 'event', event: 'model', model });
      } while (this.#refreshAgain && !this.isDisposed);
      return model;
    })().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  #post(message: ExtensionMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  async #receive(message: unknown): Promise<void> {
    if (!isRequestMessage(message) || !(message.method in this.#handlers)) return;
    const request = message as RequestMessage;
    try {
      const handler = this.#handlers[request.method] as (params: unknown) => Promise<unknown>;
      const result = await handler(request.params);
      await this.#post({ type: 'response', id: request.id, ok: true, result });
      if (request.method === 'load' && this.#editRequested) {
        this.#editRequested = false;
        await this.#post({ type: 'event', event: 'edit' });
      }
    } catch (error) {
      const { message: shown, detail } = describeError(error);
      this.services.log.error(`webview ${request.method} failed: ${detail}`);
      await this.#post({ type: 'response', id: request.id, ok: false, error: shown });
    }
  }

  get #ref(): { owner: string; repo: string; index: number } {
    return { owner: this.target.owner, repo: this.target.repo, index: this.target.index };
  }

  readonly #handlers: Handlers = {
    load: () => this.reload(),
    preview: async ({ text }) => {
      const source = await this.#source();
      return {
        html: await renderMarkdown(
          source,
          markdownContext(this.account, this.target.owner, this.target.repo),
          text,
        ),
      };
    },
    comment: async ({ body }) => {
      if (body.trim() === '') throw new Error(vscode.l10n.t('Write something first'));
      const { client } = await this.#source();
      await client.api.issueCreateComment({ ...this.#ref, body: { body } });
      return this.#changed();
    },
    editComment: async ({ id, body }) => {
      const { client } = await this.#source();
      await client.api.issueEditComment({
        owner: this.target.owner,
        repo: this.target.repo,
        id,
        body: { body },
      });
      return this.#changed();
    },
    deleteComment: async ({ id }) => {
      const confirm = vscode.l10n.t('Delete');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Delete this comment?'),
        { modal: true },
        confirm,
      );
      if (answer !== confirm) return this.#model ?? this.reload();
      const { client } = await this.#source();
      await client.api.issueDeleteComment({ owner: this.target.owner, repo: this.target.repo, id });
      return this.#changed();
    },
    editIssue: async ({ title, body }) => {
      const { client } = await this.#source();
      await editIssueText({ client, ...this.#ref }, { title, body });
      return this.#changed();
    },
    setState: async ({ state }) => {
      const { client } = await this.#source();
      try {
        await client.api.issueEditIssue({ ...this.#ref, body: { state } });
      } catch (error) {
        throw closeRefusal(error, this.#model?.dependencies) ?? error;
      }
      return this.#changed();
    },
    addDependency: async ({ relation }) => {
      const { client } = await this.#source();
      const title =
        relation === 'dependsOn'
          ? vscode.l10n.t('#{0} depends on…', this.target.index)
          : vscode.l10n.t('#{0} blocks…', this.target.index);
      const other = await pickIssue(client, this.target, title);
      if (!other) return this.#model ?? this.reload();
      await changeDependency(
        client,
        this.target,
        { relation, linked: true },
        {
          owner: this.target.owner,
          repo: this.target.repo,
          index: other.number,
        },
      );
      return this.#changed();
    },
    removeDependency: async ({ relation, number, repository }) => {
      const { client } = await this.#source();
      const [owner = this.target.owner, repo = this.target.repo] = repository ? repository.split('/') : [];
      await changeDependency(
        client,
        this.target,
        { relation, linked: false },
        { owner, repo, index: number },
      );
      return this.#changed();
    },
    pick: async ({ what }) => {
      const command = {
        labels: 'teahouse.editLabels',
        milestone: 'teahouse.setMilestone',
        assignees: 'teahouse.assignIssue',
      }[what];
      await vscode.commands.executeCommand(command, { account: this.account.id, ...this.#ref });
      return this.#changed();
    },
    react: async ({ target, content }) => {
      const { client } = await this.#source();
      const current =
        target.kind === 'issue'
          ? this.#model?.issue.reactions
          : this.#model?.comments.find((c) => c.id === target.id)?.reactions;
      const mine = current?.some((group) => group.content === content && group.mine) ?? false;
      const { owner, repo } = this.target;
      if (target.kind === 'issue') {
        if (mine) await client.api.issueDeleteIssueReaction({ ...this.#ref, body: { content } });
        else await client.api.issuePostIssueReaction({ ...this.#ref, body: { content } });
      } else if (mine)
        await client.api.issueDeleteCommentReaction({ owner, repo, id: target.id, body: { content } });
      else await client.api.issuePostCommentReaction({ owner, repo, id: target.id, body: { content } });
      return this.#changed();
    },
    merge: async ({ style }) => {
      const merged = await vscode.commands.executeCommand<boolean | undefined>('teahouse.mergePullRequest', {
        account: this.account.id,
        ...this.#ref,
        style,
      });
      if (merged === false) throw new Error(vscode.l10n.t('#{0} was not merged', this.target.index));
      return this.#changed();
    },
    scheduleMerge: async ({ style }) => {
      const scheduled = await vscode.commands.executeCommand<boolean | undefined>(
        'teahouse.mergeWhenChecksSucceed',
        { account: this.account.id, ...this.#ref, style },
      );
      if (scheduled === false)
        throw new Error(vscode.l10n.t('The merge of #{0} was not scheduled', this.target.index));
      return this.#changed();
    },
    cancelScheduledMerge: async () => {
      await vscode.commands.executeCommand('teahouse.cancelScheduledMerge', {
        account: this.account.id,
        ...this.#ref,
      });
      return this.#changed();
    },
    upload: async ({ name, type, data, commentId }) => {
      const { client } = await this.#source();
      const { markdown } = await uploadAttachment(
        client,
        this.target,
        { name, type, data: bytesOf(data) },
        commentId,
      );
      return { markdown };
    },
    openFile: async ({ filename }) => {
      const pull = this.#model?.pull;
      const file = pull?.files.find((candidate) => candidate.filename === filename);
      if (!pull || !file) throw new Error(vscode.l10n.t('No changed file {0}', filename));
      const key = {
        account: this.account.id,
        owner: this.target.owner,
        repo: this.target.repo,
        index: this.target.index,
      };
      const commits = { headSha: pull.headSha, mergeBase: pull.mergeBase };
      // the pull request's sides, where its review threads show
      await vscode.commands.executeCommand(
        'vscode.diff',
        pullSideUri(key, commits, 'base', file.previousFilename || file.filename),
        pullSideUri(key, commits, 'head', file.filename),
        `${file.filename} (#${this.target.index})`,
        { preview: true },
      );
      return null;
    },
    openLink: async ({ href }) => {
      const destination = linkDestination(href, this.account);
      if (destination.kind === 'view') await this.opener.open(destination.target);
      else if (destination.kind === 'external') await vscode.env.openExternal(destination.uri);
      return null;
    },
  };
}
