import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import type { PullReview } from '../../api/types';
import { registerCommand } from '../commands/errorReporter';
import { announceTrackerChange, type Services } from '../commands/services';
import { commandOptions, isTreeNode, resolveIssue } from '../commands/targets';
import { requirementText } from '../util/requirementText';
import { positionsFor } from './commentPlacement';
import { workspaceFileUri, type PullKey } from './pullSides';
import { reviewShortfall } from './reviewNeeds';
import {
  parseSuggestion,
  selectedLines,
  suggestedLineCount,
  suggestionBody,
  withoutSuggestionMarker,
} from './suggestion';
import { DraftComment, ReviewComment, type ReviewThreads } from './reviewThreads';
import { isThread, replyInThread } from './threadCommands';

/** What the comment widget hands its commands: the thread and the text typed. */
interface Reply {
  readonly thread: vscode.CommentThread;
  readonly text: string;
}

function isReply(value: unknown): value is Reply {
  return (
    typeof value === 'object' &&
    value !== null &&
    'thread' in value &&
    'text' in value &&
    typeof value.text === 'string'
  );
}

function isPullKey(value: unknown): value is PullKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    'account' in value &&
    'owner' in value &&
    'repo' in value &&
    'index' in value &&
    typeof value.index === 'number'
  );
}

type ReviewEvent = 'COMMENT' | 'APPROVED' | 'REQUEST_CHANGES';

/** Where a reply goes: the pull request, side, path and line of its thread. */
function placeOf(threads: ReviewThreads, thread: vscode.CommentThread) {
  const side = threads.sideOf(thread.uri);
  if (!side) throw new Error(vscode.l10n.t("Review comments go on a pull request's changes."));
  const line = (thread.range?.start.line ?? 0) + 1;
  return { ...side, line };
}

export class ReviewCommands {
  constructor(
    private readonly services: Services,
    private readonly threads: ReviewThreads,
  ) {}

  async #client(key: PullKey) {
    const account = this.services.accounts.get(key.account);
    if (!account) throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', key.account));
    const missing = reviewShortfall(this.services.accounts.capabilities(account));
    if (missing !== undefined)
      throw new Error(vscode.l10n.t('Reviews with line comments {0}.', requirementText(missing)));
    return { account, client: await this.services.accounts.client(account) };
  }

  /** After a change: the threads, the views, the pull request's open view and the status bar show it. */
  async #changed(key: PullKey, reply?: Reply): Promise<void> {
    // a thread the widget made for a new comment is replaced by the server's
    if (reply && reply.thread.comments.length === 0) reply.thread.dispose();
    await this.threads.reload(key);
    const account = this.services.accounts.get(key.account);
    if (account)
      announceTrackerChange(this.services, {
        account,
        ref: { owner: key.owner, repo: key.repo },
        index: key.index,
      });
  }

  /** "Start Review" / "Add Review Comment": the comment joins the account's pending review. */
  async addToReview(reply: unknown): Promise<PullReview | undefined> {
    if (!isReply(reply) || reply.text.trim() === '') return undefined;
    const place = placeOf(this.threads, reply.thread);
    const { key } = place;
    const { client } = await this.#client(key);
    const state = await this.threads.state(key);
    // Gitea wants a body even for a pending review; the one given when submitting replaces it
    const body = state.pending?.body || vscode.l10n.t('Review in progress');
    const review = await client.api.repoCreatePullReview({
      owner: key.owner,
      repo: key.repo,
      index: key.index,
      body: {
        event: 'PENDING',
        body,
        commit_id: state.commits.headSha,
        comments: [{ path: place.path, body: reply.text, ...positionsFor(place.side, place.line) }],
      },
    });
    await this.#changed(key, reply);
    return review;
  }

  /**
   * "Add Single Comment": in a thread on the server, a reply to its conversation where the server takes
   * replies; elsewhere a review of one comment on the line, sent at once.
   */
  async addSingleComment(reply: unknown): Promise<PullReview | undefined> {
    if (!isReply(reply) || reply.text.trim() === '') return undefined;
    const place = placeOf(this.threads, reply.thread);
    const { key } = place;
    const { client } = await this.#client(key);
    const state = await this.threads.state(key);
    if (!state.pending && (await replyInThread(this.services, key, reply.thread, reply.text))) {
      await this.#changed(key, reply);
      return undefined;
    }
    // Gitea would put the comment into the pending review and submit all of it
    if (state.pending)
      throw new Error(
        vscode.l10n.t(
          'You have a pending review: add the comment to it, or submit or discard the review first.',
        ),
      );
    const send = (body: string) =>
      client.api.repoCreatePullReview({
        owner: key.owner,
        repo: key.repo,
        index: key.index,
        body: {
          event: 'COMMENT',
          body,
          commit_id: state.commits.headSha,
          comments: [{ path: place.path, body: reply.text, ...positionsFor(place.side, place.line) }],
        },
      });
    let review: PullReview;
    try {
      review = await send('');
    } catch (error) {
      // Gitea < 1.16 wants a body for every comment review
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      review = await send(reply.text);
    }
    await this.#changed(key, reply);
    return review;
  }

  /** The pull request a submit or discard is about: a thread's, a node's, the arguments', the active diff's. */
  async #pullOf(arg: unknown): Promise<PullKey | undefined> {
    if (isThread(arg)) return this.threads.sideOf(arg.uri)?.key;
    if (arg === undefined) {
      const uri = vscode.window.activeTextEditor?.document.uri;
      const side = uri && this.threads.sideOf(uri);
      if (side) return side.key;
    }
    const target = await resolveIssue(
      this.services,
      isTreeNode(arg) || typeof arg === 'object' ? arg : undefined,
      true,
    );
    if (!target) return undefined;
    return { account: target.account.id, ...target.ref, index: target.index };
  }

  async submit(arg: unknown, second: unknown): Promise<PullReview | undefined> {
    const key = await this.#pullOf(arg);
    if (!key) return undefined;
    const options = commandOptions<{ event: ReviewEvent; body: string }>(arg, second);
    const { client } = await this.#client(key);
    const state = await this.threads.reload(key);
    if (!state.pending) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('You have no pending review on #{0}.', key.index),
      );
      return undefined;
    }
    let event = options.event;
    if (event === undefined) {
      const picked = await vscode.window.showQuickPick(
        [
          { label: vscode.l10n.t('Comment'), value: 'COMMENT' as const },
          { label: vscode.l10n.t('Approve'), value: 'APPROVED' as const },
          { label: vscode.l10n.t('Request Changes'), value: 'REQUEST_CHANGES' as const },
        ],
        { title: vscode.l10n.t('Submit review of #{0}', key.index), ignoreFocusOut: true },
      );
      if (!picked) return undefined;
      event = picked.value;
    }
    let body = options.body;
    if (body === undefined) {
      const needsBody = event !== 'APPROVED';
      body = await vscode.window.showInputBox({
        title: vscode.l10n.t('Submit review of #{0}', key.index),
        prompt: needsBody
          ? vscode.l10n.t('The review (Markdown)')
          : vscode.l10n.t('The review (Markdown, optional)'),
        ignoreFocusOut: true,
        validateInput: (value) =>
          needsBody && value.trim() === '' ? vscode.l10n.t('This review needs a text.') : undefined,
      });
      if (body === undefined) return undefined;
    }
    const review = await client.api.repoSubmitPullReview({
      owner: key.owner,
      repo: key.repo,
      index: key.index,
      id: state.pending.id,
      body: { event, body },
    });
    await this.#changed(key);
    void vscode.window.showInformationMessage(vscode.l10n.t('Submitted your review of #{0}', key.index));
    return review;
  }

  async discard(arg: unknown, second: unknown): Promise<boolean> {
    const key = await this.#pullOf(arg);
    if (!key) return false;
    const { client } = await this.#client(key);
    const state = await this.threads.reload(key);
    if (!state.pending) return false;
    const interactive = commandOptions<{ index: number }>(arg, second).index === undefined;
    if (interactive) {
      const discard = vscode.l10n.t('Discard');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Discard your pending review of #{0} and its comments?', key.index),
        { modal: true },
        discard,
      );
      if (answer !== discard) return false;
    }
    await client.api.repoDeletePullReview({
      owner: key.owner,
      repo: key.repo,
      index: key.index,
      id: state.pending.id,
    });
    await this.#changed(key);
    return true;
  }

  /** "Dismiss Review…": a maintainer sets an approval or a rejection aside (Gitea ≥ 1.14). */
  async dismiss(arg: unknown, second: unknown): Promise<PullReview | undefined> {
    const key = await this.#pullOf(arg);
    if (!key) return undefined;
    const options = commandOptions<{ review: number; message: string }>(arg, second);
    const { client } = await this.#client(key);
    const ref = { owner: key.owner, repo: key.repo, index: key.index };
    let id = options.review;
    if (id === undefined) {
      const reviews: PullReview[] = [];
      for await (const review of client.paginate('repoListPullReviews', ref)) reviews.push(review);
      const judged = reviews.filter(
        (review) => !review.dismissed && (review.state === 'APPROVED' || review.state === 'REQUEST_CHANGES'),
      );
      if (judged.length === 0) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('#{0} has no approval or request for changes to dismiss.', key.index),
        );
        return undefined;
      }
      const picked = await vscode.window.showQuickPick(
        judged.map((review) => ({
          label: review.user?.login ?? '',
          description:
            review.state === 'APPROVED' ? vscode.l10n.t('Approved') : vscode.l10n.t('Changes requested'),
          detail: review.body || undefined,
          id: review.id,
        })),
        { title: vscode.l10n.t('Dismiss a review of #{0}', key.index), ignoreFocusOut: true },
      );
      if (!picked) return undefined;
      id = picked.id;
    }
    let message = options.message;
    if (message === undefined) {
      message = await vscode.window.showInputBox({
        title: vscode.l10n.t('Dismiss a review of #{0}', key.index),
        prompt: vscode.l10n.t('Why is it dismissed?'),
        ignoreFocusOut: true,
      });
      if (message === undefined) return undefined;
    }
    const dismissed = await client.api.repoDismissPullReview({ ...ref, id, body: { message } });
    await this.#changed(key);
    return dismissed;
  }

  edit(comment: unknown): void {
    if (!(comment instanceof ReviewComment)) return;
    comment.mode = vscode.CommentMode.Editing;
    comment.body = comment.raw.body;
    this.#render(comment);
  }

  cancel(comment: unknown): void {
    if (comment instanceof DraftComment) {
      comment.thread.dispose();
      return;
    }
    if (!(comment instanceof ReviewComment)) return;
    comment.mode = vscode.CommentMode.Preview;
    comment.body = new vscode.MarkdownString(withoutSuggestionMarker(comment.raw.body));
    this.#render(comment);
  }

  async save(comment: unknown): Promise<void> {
    if (comment instanceof DraftComment) {
      // a draft joins the pending review, as the widget's "Add Review Comment" would
      comment.thread.comments = [];
      await this.addToReview({ thread: comment.thread, text: comment.text });
      return;
    }
    if (!(comment instanceof ReviewComment)) return;
    const { pull } = comment;
    const { client } = await this.#client(pull);
    // the comments endpoint; Gitea answers 204 and keeps the text of a code comment it does not edit
    const edited: unknown = await client.api.issueEditComment({
      owner: pull.owner,
      repo: pull.repo,
      id: comment.raw.id,
      body: { body: comment.text },
    });
    if (edited === undefined) {
      this.cancel(comment);
      throw new Error(vscode.l10n.t('This server does not edit review comments through its API.'));
    }
    await this.#changed(pull);
  }

  async delete(comment: unknown, second: unknown): Promise<boolean> {
    if (!(comment instanceof ReviewComment)) return false;
    const { pull } = comment;
    if (commandOptions<{ confirmed: boolean }>(second, undefined).confirmed !== true) {
      const remove = vscode.l10n.t('Delete');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Delete this comment?'),
        { modal: true },
        remove,
      );
      if (answer !== remove) return false;
    }
    const { client } = await this.#client(pull);
    await client.api.issueDeleteComment({ owner: pull.owner, repo: pull.repo, id: comment.raw.id });
    await this.#changed(pull);
    // Gitea answers 204 for a code comment it does not delete, too
    const state = await this.threads.state(pull);
    const kept = state.threads.some((thread) =>
      thread.comments.some((other) => other instanceof ReviewComment && other.raw.id === comment.raw.id),
    );
    if (kept) throw new Error(vscode.l10n.t('This server does not delete review comments through its API.'));
    return true;
  }

  /**
   * "Suggest a Change": a draft on the head side, prefilled with the selected lines (or the cursor's line)
   * in a suggestion block, anchored at the last of them (Gitea's comments have no line range).
   */
  suggestChange(): DraftComment | undefined {
    const editor = vscode.window.activeTextEditor;
    const side = editor && this.threads.sideOf(editor.document.uri);
    if (!editor || !side || side.side !== 'head' || side.commit)
      throw new Error(vscode.l10n.t("Suggest a change on the pull request's side of its diff."));
    const account = this.services.accounts.get(side.key.account);
    const { first, last } = selectedLines(editor.selection.start, editor.selection.end);
    const lines: string[] = [];
    for (let line = first; line <= last; line++) lines.push(editor.document.lineAt(line).text);
    const text = suggestionBody(lines);
    return this.threads.draftThread(editor.document.uri, last + 1, text, account?.username ?? '');
  }

  /**
   * "Apply Suggestion": the suggested lines replace, in the workspace's copy, the lines it was made over:
   * the commented line and the ones before it its marker counts (suggestedLineCount).
   */
  async applySuggestion(comment: unknown): Promise<boolean> {
    if (!(comment instanceof ReviewComment)) return false;
    const lines = parseSuggestion(comment.raw.body);
    if (lines === undefined || comment.raw.position <= 0) return false;
    const { pull } = comment;
    const account = this.services.accounts.get(pull.account);
    const folder = account && (await this.services.workspace.folderOf(account, pull.owner, pull.repo));
    if (!folder)
      throw new Error(vscode.l10n.t('{0}/{1} is not open in the workspace.', pull.owner, pull.repo));
    const uri = workspaceFileUri(folder.rootPath, comment.raw.path);
    if (!uri) throw new Error(vscode.l10n.t('Refusing the path "{0}".', comment.raw.path));
    const document = await vscode.workspace.openTextDocument(uri);
    const line = comment.raw.position - 1;
    const first = line - suggestedLineCount(comment.raw.body) + 1;
    if (line >= document.lineCount || first < 0)
      throw new Error(vscode.l10n.t('{0} has no line {1} in the workspace.', comment.raw.path, line + 1));
    const range = new vscode.Range(document.lineAt(first).range.start, document.lineAt(line).range.end);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, range, lines.join('\n'));
    const applied = await vscode.workspace.applyEdit(edit);
    if (applied)
      await vscode.window.showTextDocument(document, { selection: new vscode.Range(first, 0, first, 0) });
    return applied;
  }

  #render(comment: ReviewComment): void {
    const thread = comment.thread();
    if (thread) thread.comments = [...thread.comments];
  }

  register(): vscode.Disposable[] {
    const { errors } = this.services;
    return [
      registerCommand(errors, 'teahouse.review.startReview', (reply) => this.addToReview(reply)),
      registerCommand(errors, 'teahouse.review.addReviewComment', (reply) => this.addToReview(reply)),
      registerCommand(errors, 'teahouse.review.addSingleComment', (reply) => this.addSingleComment(reply)),
      registerCommand(errors, 'teahouse.review.submit', (first, second) => this.submit(first, second)),
      registerCommand(errors, 'teahouse.review.discard', (first, second) => this.discard(first, second)),
      registerCommand(errors, 'teahouse.review.dismiss', (first, second) => this.dismiss(first, second)),
      registerCommand(errors, 'teahouse.review.loadThreads', async (key) => {
        if (isPullKey(key)) await this.threads.reload(key);
      }),
      registerCommand(errors, 'teahouse.review.suggestChange', () => this.suggestChange()),
      registerCommand(errors, 'teahouse.review.applySuggestion', (comment) => this.applySuggestion(comment)),
      registerCommand(errors, 'teahouse.review.editComment', (comment) => this.edit(comment)),
      registerCommand(errors, 'teahouse.review.cancelEdit', (comment) => this.cancel(comment)),
      registerCommand(errors, 'teahouse.review.saveComment', (comment) => this.save(comment)),
      registerCommand(errors, 'teahouse.review.deleteComment', (comment, second) =>
        this.delete(comment, second),
      ),
    ];
  }
}
