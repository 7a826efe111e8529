import * as vscode from 'vscode';
import type { TeahouseClient } from '../../api/client';
import type { PullRequest } from '../../api/types';
import {
  titleWithDraft,
  type CreatePullModel,
  type CreatePullRequests,
  type CreatePullValues,
} from '../../webview/createPullProtocol';
import { isRequestMessage, type ResponseMessage } from '../../webview/protocol';
import type { Account } from '../accounts/account';
import { Disposable } from '../util/disposable';
import { describeError } from '../util/errors';
import type { Log } from '../util/log';
import { requirementText } from '../util/requirementText';
import type { RepoRef } from '../views/nodes';
import { pullRequestProblem } from '../workspace/pullRequestDraft';
import { markdownContext, renderMarkdown } from './viewModel';
import { webviewHtml, webviewOptions } from './webviewHtml';

export const createPullViewType = 'teahouse.createPullRequest';

type Handlers = {
  [M in keyof CreatePullRequests]: (
    params: CreatePullRequests[M]['params'],
  ) => Promise<CreatePullRequests[M]['result']>;
};

export interface CreatePullContext {
  readonly account: Account;
  readonly client: TeahouseClient;
  readonly ref: RepoRef;
  readonly log: Log;
  readonly extensionUri: vscode.Uri;
  /** After the pull request is made: refresh the trees, open its view, say so. */
  readonly created: (pull: PullRequest) => Promise<void>;
  readonly openLink: (href: string) => Promise<void>;
}

/** The message shown when a base and head cannot make a pull request. */
export function problemMessage(
  head: string,
  base: string,
  commitsAhead: number | undefined,
): string | undefined {
  switch (pullRequestProblem(head, base, commitsAhead)) {
    case 'same branch':
      return vscode.l10n.t(
        'Cannot create a pull request from {0} into itself: switch to a branch with your changes, or pick another base branch.',
        head,
      );
    case 'no commits':
      return vscode.l10n.t('Cannot create a pull request: {0} has no commits ahead of {1}.', head, base);
    case undefined:
      return undefined;
  }
}

/**
 * The Create Pull Request form: a webview with the prefilled model; the pull request is made when the
 * form (or a test, through {@link submit}) submits it.
 */
export class CreatePullPanel extends Disposable {
  readonly #disposed = this._register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.#disposed.event;
  readonly #created = this._register(new vscode.EventEmitter<PullRequest>());
  readonly onDidCreate = this.#created.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly model: CreatePullModel,
    private readonly context: CreatePullContext,
    /** How many commits the head has over each base, where the working copy can tell. */
    private readonly aheadOf: (base: string) => Promise<number | undefined>,
  ) {
    super();
    const { extensionUri } = context;
    panel.webview.options = webviewOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'teahouse.svg');
    panel.title = vscode.l10n.t('Create Pull Request: {0}', model.head);
    this._register(panel.webview.onDidReceiveMessage((message: unknown) => void this.#receive(message)));
    this._register(
      panel.onDidDispose(() => {
        this.#disposed.fire();
        this.dispose();
      }),
    );
    panel.webview.html = webviewHtml(panel.webview, extensionUri, 'createPullRequest', panel.title);
  }

  /** The values the form starts with, as it would submit them untouched. */
  get initialValues(): CreatePullValues {
    return {
      base: this.model.base,
      title: this.model.title,
      body: this.model.body,
      draft: false,
      labels: [],
      milestone: undefined,
      assignees: [],
      reviewers: [],
    };
  }

  /** Creates the pull request from `values`; the form closes and the new pull request's view opens. */
  async submit(values: CreatePullValues): Promise<PullRequest> {
    const { client, ref } = this.context;
    const { head } = this.model;
    const problem = problemMessage(head, values.base, await this.aheadOf(values.base));
    if (problem) throw new Error(problem);
    const title = titleWithDraft(values.title, values.draft, this.model.draftPrefix);
    if (title.trim() === '' || title.trim() === this.model.draftPrefix)
      throw new Error(vscode.l10n.t('Give the pull request a title.'));
    const pull = await client.api.repoCreatePullRequest({
      ...ref,
      body: {
        head,
        base: values.base,
        title,
        body: values.body,
        ...(values.labels.length > 0 && { labels: [...values.labels] }),
        ...(values.milestone !== undefined && { milestone: values.milestone }),
        ...(values.assignees.length > 0 && { assignees: [...values.assignees] }),
      },
    });
    if (values.reviewers.length > 0 && this.model.reviewersNote === undefined) {
      try {
        await client.api.repoCreatePullReviewRequests({
          ...ref,
          index: pull.number,
          body: { reviewers: [...values.reviewers] },
        });
      } catch (error) {
        // the pull request exists: say what failed rather than lose it
        void vscode.window.showWarningMessage(
          vscode.l10n.t(
            'Pull request #{0} was created, but reviewers could not be asked: {1}',
            pull.number,
            describeError(error).message,
          ),
        );
      }
    }
    this.#created.fire(pull);
    this.panel.dispose();
    await this.context.created(pull);
    return pull;
  }

  readonly #handlers: Handlers = {
    load: () =>
      Promise.resolve({
        ...this.model,
        reviewersNote: this.model.reviewersNote && requirementText(this.model.reviewersNote),
      }),
    preview: async ({ text }) => {
      const { account, ref } = this.context;
      return {
        html: await renderMarkdown(this.context, markdownContext(account, ref.owner, ref.repo), text),
      };
    },
    create: async (values) => ({ number: (await this.submit(values)).number }),
    cancel: () => {
      this.panel.dispose();
      return Promise.resolve(null);
    },
    openLink: async ({ href }) => {
      await this.context.openLink(href);
      return null;
    },
  };

  async #receive(message: unknown): Promise<void> {
    if (!isRequestMessage(message) || !(message.method in this.#handlers)) return;
    const method = String(message.method) as keyof CreatePullRequests;
    let response: ResponseMessage;
    try {
      const handler = this.#handlers[method] as (params: unknown) => Promise<unknown>;
      response = { type: 'response', id: message.id, ok: true, result: await handler(message.params) };
    } catch (error) {
      const { message: shown, detail } = describeError(error);
      this.context.log.error(`create pull request form: ${method} failed: ${detail}`);
      response = { type: 'response', id: message.id, ok: false, error: shown };
    }
    if (!this.isDisposed) await this.panel.webview.postMessage(response);
  }
}

/** Opens a form panel beside nothing: in the active column, like the pull request views. */
export function createFormPanel(extensionUri: vscode.Uri): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(
    createPullViewType,
    vscode.l10n.t('Create Pull Request'),
    vscode.ViewColumn.Active,
    webviewOptions(extensionUri),
  );
}
