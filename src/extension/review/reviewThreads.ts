import * as vscode from 'vscode';
import type { PullReview, PullReviewComment } from '../../api/types';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { groupThreads, hunkLine, madeOn, type DiffSide, type PlacedComment } from './commentPlacement';
import { parseSuggestion, withoutSuggestionMarker } from './suggestion';
import { countReactions, reactionContent, type ReactionCount } from './reactions';
import { verdictOf, type ReviewVerdict } from './reviewVerdicts';
import { hasFeature } from '../features/featureNeeds';
import { mayMarkConversations, resolverOf } from './conversationNeeds';
import { showResolution } from './threadResolution';
import type { Reaction } from '../../api/types';
import type { TeahouseClient } from '../../api/client';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import { runGit } from '../workspace/runGit';
import {
  pullCommitUri,
  pullKeyString,
  pullSideOf,
  pullSideUri,
  type PullCommits,
  type PullKey,
  type PullSide,
  workspaceFileUri,
} from './pullSides';

export const reviewControllerId = 'teahouse.review';
/** The context key menus test: the active diff's pull request has the account's pending review. */
const hasPendingKey = 'teahouse.review.hasPending';

/** An emoji as the picture VS Code shows a reaction with. */
function emojiIcon(emoji: string): vscode.Uri {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><text x="0" y="13" font-size="13">${emoji}</text></svg>`;
  return vscode.Uri.parse(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
}

/** What a comment shows of its review: whether it is still pending, or what its submitted review decided. */
function verdictLabel(verdict: ReviewVerdict | undefined): string | undefined {
  switch (verdict) {
    case 'pending':
      return vscode.l10n.t('Pending');
    case 'approved':
      return vscode.l10n.t('Approved');
    case 'changesRequested':
      return vscode.l10n.t('Changes requested');
    case 'dismissed':
      return vscode.l10n.t('Dismissed');
    case 'commented':
    case undefined:
      return undefined;
  }
}

/**
 * A review comment in a thread; `raw` is the server's, `pull` the pull request it is on, `verdict` what its
 * review says (undefined when the review is not known).
 */
export class ReviewComment implements vscode.Comment {
  body: string | vscode.MarkdownString;
  mode = vscode.CommentMode.Preview;
  readonly author: vscode.CommentAuthorInformation;
  readonly contextValue: string;
  readonly label: string | undefined;
  readonly timestamp: Date;
  readonly reactions: vscode.CommentReaction[];

  constructor(
    readonly raw: PullReviewComment,
    readonly pull: PullKey,
    readonly thread: () => vscode.CommentThread,
    mine: boolean,
    verdict: ReviewVerdict | undefined,
    outdated: boolean,
    reactions: readonly ReactionCount[],
  ) {
    const pending = verdict === 'pending';
    this.body = new vscode.MarkdownString(withoutSuggestionMarker(raw.body));
    this.reactions = reactions.map((reaction) => ({
      label: reaction.emoji,
      iconPath: emojiIcon(reaction.emoji),
      count: reaction.count,
      authorHasReacted: reaction.mine,
    }));
    this.author = {
      name: raw.user.login,
      ...(raw.user.avatar_url && { iconPath: vscode.Uri.parse(raw.user.avatar_url) }),
    };
    const suggestion = raw.position > 0 && parseSuggestion(raw.body) !== undefined;
    this.contextValue = `${mine ? 'mine' : 'theirs'}${pending ? '.pending' : ''}${suggestion ? '.suggestion' : ''}`;
    const labels = [verdictLabel(verdict), outdated ? vscode.l10n.t('Outdated') : undefined];
    const label = labels.filter((part): part is string => part !== undefined).join(' · ');
    this.label = label === '' ? undefined : label;
    this.timestamp = new Date(raw.created_at);
  }

  /** The text as edited in the widget (a string while editing), or as the server has it. */
  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.value;
  }
}

/** A comment not sent yet, written in its thread's widget: a suggestion prefilled with the lines. */
export class DraftComment implements vscode.Comment {
  body: string | vscode.MarkdownString;
  mode = vscode.CommentMode.Editing;
  readonly contextValue = 'draft';
  readonly author: vscode.CommentAuthorInformation;

  constructor(
    text: string,
    author: string,
    readonly thread: vscode.CommentThread,
  ) {
    this.body = text;
    this.author = { name: author };
  }

  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.value;
  }
}

/** What is known of one pull request's review. */
export interface PullReviewState {
  readonly key: PullKey;
  readonly commits: PullCommits;
  /** The signed-in account's pending review, if it has one. */
  readonly pending: PullReview | undefined;
  readonly threads: readonly vscode.CommentThread[];
  /** The workspace folder that has the pull request's head checked out, where its threads show too. */
  readonly checkout: string | undefined;
  /** Settles when the comments show their reactions. */
  readonly reactionsLoaded: Promise<void>;
  /** When it was loaded (Date.now()). */
  readonly loadedAt: number;
}

/**
 * The documents a thread shows on: a current one on the side of the pull request's diff (and on the
 * checked-out file for the head side); an outdated one on the head side only on the diff of the commit it
 * was made on (the Changes tree's Commits), never at a line of the current diff that may be another line.
 */
function threadUris(
  key: PullKey,
  commits: PullCommits,
  checkout: string | undefined,
  placed: PlacedComment<PullReviewComment>,
): vscode.Uri[] {
  const { side, outdated } = placed.placement;
  const origin = placed.comments[0] && madeOn(placed.comments[0]);
  if (outdated && side === 'head' && origin !== undefined && origin !== commits.headSha)
    return [pullCommitUri(key, origin, placed.path)];
  const uris = [pullSideUri(key, commits, side, placed.path)];
  const local =
    checkout !== undefined && side === 'head' ? workspaceFileUri(checkout, placed.path) : undefined;
  if (local) uris.push(local);
  return uris;
}

/** A thread's title (instead of VS Code's "Start discussion"): the file's name and the line. */
function threadLabel(path: string, line: number): string {
  return vscode.l10n.t('{0}, line {1}', path.split('/').at(-1) ?? path, line);
}

/** A diff opened after this long loads its pull request's reviews again. */
const staleAfterMs = 10_000;

/**
 * The review threads of pull requests on their diffs, through VS Code's comments API: loaded when a side
 * of a pull request's diff opens, placed by path, side and line, loaded again after every change.
 */
export class ReviewThreads extends Disposable {
  readonly controller: vscode.CommentController;
  readonly #pulls = new Map<string, Promise<PullReviewState>>();
  readonly #loaded = this._register(new vscode.EventEmitter<PullReviewState>());
  /** Fires after a pull request's threads were (re)placed. */
  readonly onDidLoad = this.#loaded.event;

  /** Workspace folders with a pull request's head checked out: root path → the pull request. */
  readonly #checkouts = new Map<string, { key: PullKey; commits: PullCommits }>();

  constructor(
    private readonly accounts: AccountService,
    private readonly workspace: WorkspaceRepositories,
    private readonly log: Log,
  ) {
    super();
    this.controller = this._register(
      vscode.comments.createCommentController(reviewControllerId, vscode.l10n.t('Teahouse Review')),
    );
    this.controller.options = {
      prompt: vscode.l10n.t('Comment on this line'),
      placeHolder: vscode.l10n.t('Write a review comment (Markdown)'),
    };
    this.controller.reactionHandler = async (comment, reaction) => {
      if (!(comment instanceof ReviewComment)) return;
      const account = this.accounts.get(comment.pull.account);
      if (!account) return;
      const client = await this.accounts.client(account);
      const args = {
        owner: comment.pull.owner,
        repo: comment.pull.repo,
        id: comment.raw.id,
        body: { content: reactionContent(reaction.label) },
      };
      if (reaction.authorHasReacted) await client.api.issueDeleteCommentReaction(args);
      else await client.api.issuePostCommentReaction(args);
      await (
        await this.reload(comment.pull)
      ).reactionsLoaded;
    };
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (document) => {
        const side = this.sideOf(document.uri);
        if (side === undefined) return [];
        void this.state(side.key);
        // a commit's diff is history: new comments go on the pull request's diff
        if (side.commit) return [];
        // Gitea takes a comment on any line of either side
        return [new vscode.Range(0, 0, Math.max(document.lineCount - 1, 0), 0)];
      },
    };
    this._register(
      vscode.workspace.onDidOpenTextDocument((document) => {
        const side = this.sideOf(document.uri);
        if (side) void this.#fresh(side.key);
      }),
    );
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.#updateContext()));
    this._register(this.onDidLoad(() => void this.#updateContext()));
    for (const document of vscode.workspace.textDocuments) {
      const side = pullSideOf(document.uri);
      if (side) void this.state(side.key);
    }
  }

  /**
   * The pull request side a document shows: a side of its diff, or a file of a workspace folder that has
   * its head checked out (its head side).
   */
  sideOf(uri: vscode.Uri): PullSide | undefined {
    const side = pullSideOf(uri);
    if (side !== undefined || uri.scheme !== 'file') return side;
    for (const [root, { key, commits }] of this.#checkouts) {
      const folder = vscode.Uri.file(root).path;
      if (!uri.path.startsWith(`${folder}/`)) continue;
      return { key, side: 'head', path: uri.path.slice(folder.length + 1), ref: commits.headSha };
    }
    return undefined;
  }

  /** The workspace folder of the pull request's repository, when its HEAD is the pull request's head. */
  async #checkedOut(key: PullKey, headSha: string): Promise<string | undefined> {
    const account = this.accounts.get(key.account);
    const folder = account && (await this.workspace.folderOf(account, key.owner, key.repo));
    if (!folder) return undefined;
    const head = await runGit(folder.rootPath, ['rev-parse', 'HEAD']).catch(() => '');
    return head.trim() === headSha ? folder.rootPath : undefined;
  }

  /** The pull request's review as last loaded (loading it the first time). */
  state(key: PullKey): Promise<PullReviewState> {
    const id = pullKeyString(key);
    let state = this.#pulls.get(id);
    if (state === undefined) {
      state = this.#load(key, undefined);
      this.#pulls.set(id, state);
      state.catch((error: unknown) => {
        this.log.error(`review: loading ${id} failed: ${String(error)}`);
        if (this.#pulls.get(id) === state) this.#pulls.delete(id);
      });
    }
    return state;
  }

  /** The pull request's review, loaded again when what is known is older than a few seconds. */
  async #fresh(key: PullKey): Promise<void> {
    const known = await this.#pulls.get(pullKeyString(key))?.catch(() => undefined);
    if (known === undefined) await this.state(key);
    else if (Date.now() - known.loadedAt > staleAfterMs) await this.reload(key);
  }

  /** Loads the pull request's reviews and places its threads again. */
  reload(key: PullKey): Promise<PullReviewState> {
    const id = pullKeyString(key);
    const previous = this.#pulls.get(id);
    const state = (previous ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .then((old) => this.#load(key, old));
    this.#pulls.set(id, state);
    return state;
  }

  /** A new thread on a line (1-based) holding a draft comment in its editor. */
  draftThread(uri: vscode.Uri, line: number, text: string, author: string): DraftComment {
    const thread = this.newThread(uri, line);
    const draft = new DraftComment(text, author, thread);
    thread.comments = [draft];
    thread.canReply = false;
    thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    return draft;
  }

  /** An empty thread on a line (1-based), as VS Code makes one when the user clicks the gutter's "+". */
  newThread(uri: vscode.Uri, line: number): vscode.CommentThread {
    const thread = this.controller.createCommentThread(uri, new vscode.Range(line - 1, 0, line - 1, 0), []);
    const path = this.sideOf(uri)?.path;
    if (path !== undefined) thread.label = threadLabel(path, line);
    return thread;
  }

  async #updateContext(): Promise<void> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const side = uri && this.sideOf(uri);
    const state = side ? await this.#pulls.get(pullKeyString(side.key))?.catch(() => undefined) : undefined;
    await vscode.commands.executeCommand('setContext', hasPendingKey, state?.pending !== undefined);
  }

  async #load(key: PullKey, old: PullReviewState | undefined): Promise<PullReviewState> {
    const account = this.accounts.get(key.account);
    if (!account) throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', key.account));
    const client = await this.accounts.client(account);
    const ref = { owner: key.owner, repo: key.repo };
    const pull = await client.api.repoGetPullRequest({ ...ref, index: key.index });
    const commits: PullCommits = { headSha: pull.head.sha, mergeBase: pull.merge_base || pull.base.sha };
    const reviews: PullReview[] = [];
    for await (const review of client.paginate('repoListPullReviews', { ...ref, index: key.index })) {
      reviews.push(review);
    }
    const me = account.username.toLowerCase();
    const marking =
      hasFeature(this.accounts.capabilities(account), 'resolveConversations') &&
      mayMarkConversations(pull, me);
    const pending = reviews.find(
      (review) => review.state === 'PENDING' && review.user?.login.toLowerCase() === me,
    );
    const withComments = reviews.filter((review) => review.comments_count > 0 || review === pending);
    const reviewById = new Map(reviews.map((review) => [review.id, review]));
    const comments = (
      await Promise.all(
        withComments.map((review) =>
          client.api.repoGetPullReviewComments({ ...ref, index: key.index, id: review.id }),
        ),
      )
    ).flat();
    for (const thread of old?.threads ?? []) thread.dispose();
    const checkout = await this.#checkedOut(key, commits.headSha);
    for (const [root, entry] of this.#checkouts) {
      if (pullKeyString(entry.key) === pullKeyString(key)) this.#checkouts.delete(root);
    }
    if (checkout !== undefined) this.#checkouts.set(checkout, { key, commits });
    const made: {
      thread: vscode.CommentThread;
      comments: readonly PullReviewComment[];
      outdated: boolean;
    }[] = [];
    const verdictOfComment = (comment: PullReviewComment): ReviewVerdict | undefined => {
      const review = reviewById.get(comment.pull_request_review_id);
      // Gitea shows an administrator the others' pending reviews too: only the account's own is "Pending"
      if (!review || (review.state === 'PENDING' && review !== pending)) return undefined;
      return verdictOf(review);
    };
    const commentsOf = (
      thread: vscode.CommentThread,
      raw: readonly PullReviewComment[],
      outdated: boolean,
      reactions: ReadonlyMap<number, readonly Reaction[]> | undefined,
    ) =>
      raw.map(
        (comment) =>
          new ReviewComment(
            comment,
            key,
            () => thread,
            comment.user.login.toLowerCase() === me,
            verdictOfComment(comment),
            outdated,
            reactions ? countReactions(reactions.get(comment.id) ?? [], account.username) : [],
          ),
      );
    const lines = await this.#commentedFiles(client, ref, commits, comments);
    const lineOf = (path: string, side: DiffSide, line: number) => lines.get(`${side}:${path}`)?.[line - 1];
    const threads = groupThreads(comments, lineOf).flatMap((placed) => {
      const uris = threadUris(key, commits, checkout, placed);
      return uris.map((uri) => {
        const thread = this.controller.createCommentThread(
          uri,
          new vscode.Range(placed.placement.line - 1, 0, placed.placement.line - 1, 0),
          [],
        );
        thread.comments = commentsOf(thread, placed.comments, placed.placement.outdated, undefined);
        made.push({ thread, comments: placed.comments, outdated: placed.placement.outdated });
        thread.canReply = true;
        thread.contextValue = pending ? 'pending' : 'submitted';
        const title = placed.placement.outdated
          ? vscode.l10n.t('Outdated')
          : threadLabel(placed.path, placed.placement.line);
        showResolution(thread, resolverOf(placed.comments), marking, title);
        return thread;
      });
    });
    // the threads first; their reactions (one request per comment) follow
    const reactionsLoaded = this.#reactionsOf(client, ref, comments).then((reactions) => {
      for (const { thread, comments: raw, outdated } of made) {
        thread.comments = commentsOf(thread, raw, outdated, reactions);
      }
    });
    const state: PullReviewState = {
      key,
      commits,
      pending,
      threads,
      checkout,
      reactionsLoaded,
      loadedAt: Date.now(),
    };
    this.#loaded.fire(state);
    return state;
  }

  /**
   * The lines of each file a comment with a hunk is on, on its side: what tells an outdated comment (Gitea's
   * API does not say). A file that is not there (deleted, renamed) has no lines.
   */
  async #commentedFiles(
    client: TeahouseClient,
    ref: { owner: string; repo: string },
    commits: PullCommits,
    comments: readonly PullReviewComment[],
  ): Promise<Map<string, readonly string[]>> {
    const wanted = new Map<string, { side: DiffSide; path: string }>();
    for (const comment of comments) {
      const side = comment.position > 0 ? 'head' : comment.original_position > 0 ? 'base' : undefined;
      if (side === undefined || hunkLine(comment.diff_hunk) === undefined) continue;
      wanted.set(`${side}:${comment.path}`, { side, path: comment.path });
    }
    const decoder = new TextDecoder();
    const entries = await Promise.all(
      [...wanted].map(async ([id, { side, path }]) => {
        const text = await client.api
          .repoGetRawFile({
            ...ref,
            filepath: path,
            ref: side === 'head' ? commits.headSha : commits.mergeBase,
          })
          .then(
            (bytes) => decoder.decode(bytes),
            () => '',
          );
        return [id, text === '' ? [] : text.replace(/\r\n/g, '\n').split('\n')] as const;
      }),
    );
    return new Map(entries);
  }

  /** Each comment's reactions; a part the threads do without (an older server, reactions switched off). */
  async #reactionsOf(
    client: TeahouseClient,
    ref: { owner: string; repo: string },
    comments: readonly PullReviewComment[],
  ): Promise<Map<number, readonly Reaction[]>> {
    const entries = await Promise.all(
      comments.map(
        async (comment) =>
          [
            comment.id,
            await client.api.issueGetCommentReactions({ ...ref, id: comment.id }).then(
              // Gitea answers null when there are none
              (list: Reaction[] | null): readonly Reaction[] => (Array.isArray(list) ? list : []),
              (): readonly Reaction[] => [],
            ),
          ] as const,
      ),
    );
    return new Map(entries);
  }

  /** The threads placed on a document. */
  async threadsOn(uri: vscode.Uri): Promise<readonly vscode.CommentThread[]> {
    const side = this.sideOf(uri);
    if (!side) return [];
    const state = await this.state(side.key);
    return state.threads.filter((thread) => thread.uri.toString() === uri.toString());
  }
}
