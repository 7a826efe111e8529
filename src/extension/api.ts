import type * as vscode from 'vscode';
import type { HttpStats } from '../api/client';
import type { Account } from './accounts/account';
import type { ReportedError } from './commands/errorReporter';
import type { LocalServerState } from './local/localServer';
import type { TreeNode } from './views/nodes';
import type { RemoteSource } from './workspace/gitExtension';
import type { WebviewsApi } from './webviews/webviews';
import type { FinishedChecks, PullRequestStatusBarState } from './workspace/pullRequestStatusBar';

/**
 * What `activate` returns: read-only views of the extension's state for other extensions and for the
 * tests that run inside VS Code. Tokens are not here: ask `vscode.authentication.getSession('teahouse', …)`.
 */
export interface TeahouseApi {
  /** Milliseconds `activate` took, measured with performance.now(). */
  readonly activationMs: number;
  readonly accounts: {
    list(): readonly Account[];
    /** Whether the keychain (SecretStorage) holds the account's token; the token itself is not exposed. */
    hasToken(id: string): Promise<boolean>;
    readonly onDidChange: vscode.Event<void>;
  };
  readonly localServer: {
    readonly state: LocalServerState;
    readonly url: string | undefined;
    readonly pid: number | undefined;
    /** Why the last start failed (shown in the status bar), until one succeeds. */
    readonly problem: string | undefined;
    readonly dataDir: string;
    readonly onDidChangeState: vscode.Event<LocalServerState>;
  };
  /** The four views' data, as VS Code sees it, and their views (what is selected). */
  readonly trees: Readonly<
    Record<
      'repositories' | 'issues' | 'pullRequests' | 'organizations',
      vscode.TreeDataProvider<TreeNode> & {
        readonly view: vscode.TreeView<TreeNode>;
        /** How often the view was told to render (part of) its tree again. */
        readonly renders: number;
      }
    >
  >;
  /** What the account clients sent to their servers, and how many answers were 304s (HTTP cache). */
  readonly http: { stats(): Promise<HttpStats> };
  /** The issue, pull request and markdown preview webviews that are open. */
  readonly webviews: WebviewsApi;
  /** The Notifications view: its threads, its badge (the unread count), and a refresh that awaits the count. */
  readonly notifications: {
    readonly tree: vscode.TreeDataProvider<TreeNode>;
    readonly badge: vscode.ViewBadge | undefined;
    refresh(): Promise<void>;
  };
  /** What "Git: Clone" → "Teahouse" lists; `registered` says whether the git extension took the provider. */
  readonly remoteSources: {
    readonly registered: Promise<boolean>;
    list(query?: string): Promise<readonly RemoteSource[]>;
  };
  readonly errors: {
    readonly last: ReportedError | undefined;
    readonly onDidReport: vscode.Event<ReportedError>;
  };
  /** The current branch's pull request in the status bar; `refresh` resolves once the item shows the answer. */
  /** The review threads on pull requests' diffs (the comment controller `teahouse.review`). */
  readonly review: {
    /** An empty thread on a line (1-based), as the gutter's "+" makes one; the reply commands take it. */
    newThread(uri: vscode.Uri, line: number): vscode.CommentThread;
    /** The threads placed on a side of a pull request's diff (loading its reviews the first time). */
    threadsOn(uri: vscode.Uri): Promise<readonly vscode.CommentThread[]>;
    reload(key: { account: string; owner: string; repo: string; index: number }): Promise<void>;
    /** What clicking a reaction of a comment does (the controller's reaction handler). */
    react(comment: vscode.Comment, reaction: vscode.CommentReaction): Promise<void>;
  };
  readonly pullRequestStatusBar: {
    readonly state: PullRequestStatusBarState;
    refresh(): Promise<void>;
    /** Fires with each "the checks of #n passed/failed" notification. */
    readonly onDidFinishChecks: vscode.Event<FinishedChecks>;
  };
  /** "This repository" and the others of the workspace, matched to accounts. */
  workspaceRepositories(): Promise<
    readonly { account: string; owner: string; repo: string; rootPath: string }[]
  >;
}
