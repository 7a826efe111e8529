import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { AccountService } from './accounts/accountService';
import { AccountStore } from './accounts/accountStore';
import { TeahouseAuthenticationProvider } from './accounts/authenticationProvider';
import type { TeahouseApi } from './api';
import { addServer, registerAccountCommands } from './commands/accountCommands';
import { registerApiOperationCommands } from './commands/apiOperationCommands';
import { ErrorReporter } from './commands/errorReporter';
import { registerIssueCommands } from './commands/issueCommands';
import { registerLinkCommands } from './commands/linkCommands';
import { registerLocalServerCommands } from './commands/localServerCommands';
import { registerPermalinkCommands } from './commands/permalinkCommands';
import { registerPullRequestCommands } from './commands/pullRequestCommands';
import { registerTodoIssueCommand } from './commands/todoIssueCommand';
import { registerWorkOnIssueCommand } from './commands/workOnIssueCommand';
import { registerSearchIssuesCommands } from './commands/searchIssuesCommand';
import { registerPublishCommands } from './commands/publishCommands';
import { registerRepositoryCommands } from './commands/repositoryCommands';
import type { Services } from './commands/services';
import { registerTakeOfflineCommand } from './commands/takeOfflineCommand';
import { registerViewCommands } from './commands/viewCommands';
import { registerEditorIntegration } from './editor/editorIntegration';
import { LocalServerController } from './local/localServerController';
import { LocalServerStatusBar } from './local/localServerStatusBar';
import { registerRemoteRepositories } from './remoteRepository/remoteRepositoryCommands';
import { RepoSessions } from './remoteRepository/repoSessions';
import { registerReviewFeatures } from './review/reviewFeatures';
import { certificateWarning } from './util/certificateWarning';
import { createLog } from './util/log';
import { localServerAutoStart } from './util/settings';
import { registerNotificationCommands } from './views/notificationsCommands';
import { NotificationsView } from './views/notificationsView';
import { TrackerChanges } from './views/trackerChanges';
import { TeahouseViews } from './views/views';
import { CreatePullForms } from './webviews/createPullForms';
import { Webviews } from './webviews/webviews';
import { TeahouseRemoteSourceProvider } from './workspace/remoteSourceProvider';
import { PullRequestStatusBar } from './workspace/pullRequestStatusBar';
import { WorkspaceRepositories } from './workspace/workspaceRepositories';
import { registerWiki } from './wiki/wikiFeature';

export function activate(context: vscode.ExtensionContext): TeahouseApi {
  const started = performance.now();
  const log = createLog();
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? 'dev');
  const own = <T extends vscode.Disposable>(disposable: T): T => {
    context.subscriptions.push(disposable);
    return disposable;
  };
  own(log);
  const errors = own(new ErrorReporter(log));
  const accounts = own(
    new AccountService(new AccountStore(context.globalState, context.secrets), log, version),
  );
  const workspace = own(new WorkspaceRepositories(accounts, log));
  const local = own(new LocalServerController(context, accounts, log));
  const changes = own(new TrackerChanges());
  const views = own(new TeahouseViews(context, accounts, workspace, changes, log));
  const services: Services = {
    context,
    log,
    accounts,
    workspace,
    local,
    trees: views.trees,
    filters: views.filters,
    errors,
    changes,
    pullForms: own(new CreatePullForms()),
    remoteRepositories: own(new RepoSessions({ context, accounts, local })),
  };
  const wired = performance.now();
  for (const register of [
    registerAccountCommands,
    registerLocalServerCommands,
    registerViewCommands,
    registerIssueCommands,
    registerPullRequestCommands,
    registerWorkOnIssueCommand,
    registerSearchIssuesCommands,
    registerRepositoryCommands,
    registerPublishCommands,
    registerTakeOfflineCommand,
    registerLinkCommands,
    registerPermalinkCommands,
    registerTodoIssueCommand,
    registerApiOperationCommands,
    registerEditorIntegration,
    registerRemoteRepositories,
    registerWiki,
  ]) {
    context.subscriptions.push(...register(services));
  }
  const review = registerReviewFeatures(services, views.viewed);
  context.subscriptions.push(...review.disposables);
  const notifications = own(new NotificationsView(accounts, log));
  context.subscriptions.push(...registerNotificationCommands(errors, notifications));
  const remoteSources = own(new TeahouseRemoteSourceProvider(accounts, log));
  const webviews = own(new Webviews(services));
  own(new TeahouseAuthenticationProvider(accounts, () => addServer(services)));
  own(new LocalServerStatusBar(local.server, accounts));
  const pullRequestStatus = own(new PullRequestStatusBar(accounts, workspace, changes, log));
  own(certificateWarning());
  void accounts.refreshProfiles();
  if (localServerAutoStart()) void vscode.commands.executeCommand('teahouse.startLocalServer');
  else
    void local.attach().then(
      () => {
        workspace.invalidate();
        views.trees.repositories.refresh();
      },
      (error: unknown) => log.warn(`local server: joining the shared server failed: ${String(error)}`),
    );
  const activationMs = performance.now() - started;
  log.info(
    `activated in ${activationMs.toFixed(1)} ms (services ${(wired - started).toFixed(1)} ms, commands and providers ${(activationMs - (wired - started)).toFixed(1)} ms)`,
  );
  return {
    activationMs,
    accounts: {
      list: () => accounts.list(),
      hasToken: (id) => accounts.hasToken(id),
      onDidChange: accounts.onDidChangeAccounts,
    },
    localServer: {
      get state() {
        return local.server.state;
      },
      get url() {
        return local.server.url;
      },
      get pid() {
        return local.server.pid;
      },
      get problem() {
        return local.server.problem;
      },
      dataDir: local.dataDir,
      onDidChangeState: local.server.onDidChangeState,
    },
    trees: views.trees,
    review: {
      newThread: (uri, line) => review.threads.newThread(uri, line),
      threadsOn: (uri) => review.threads.threadsOn(uri),
      reload: async (key) => {
        await review.threads.reload(key);
      },
      react: async (comment, reaction) => {
        await review.threads.controller.reactionHandler?.(comment, reaction);
      },
    },
    http: { stats: () => accounts.httpStats() },
    webviews,
    notifications: {
      tree: notifications,
      get badge() {
        return notifications.view.badge;
      },
      refresh: () => notifications.refresh(),
    },
    remoteSources: {
      registered: remoteSources.registered,
      list: (query) => remoteSources.getRemoteSources(query),
    },
    errors: {
      get last() {
        return errors.last;
      },
      onDidReport: errors.onDidReport,
    },
    pullRequestStatusBar: {
      get state() {
        return pullRequestStatus.state;
      },
      refresh: () => pullRequestStatus.refresh(),
      onDidFinishChecks: pullRequestStatus.onDidFinishChecks,
    },
    workspaceRepositories: async () =>
      (await workspace.matches()).map((match) => ({
        account: match.account.id,
        owner: match.owner,
        repo: match.repo,
        rootPath: match.rootPath,
      })),
  };
}

/** Disposing `context.subscriptions` stops the local server (SIGTERM); nothing else to wait for. */
export function deactivate(): void {}
