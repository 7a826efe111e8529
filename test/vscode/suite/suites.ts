import { accountsSuite } from './accounts.suite';
import { createPullRequestSuite } from './createPullRequest.suite';
import { activationSuite } from './activation.suite';
import { editorIntegrationSuite } from './editorIntegration.suite';
import { gitea114Suite } from './gitea114.suite';
import { gitea122Suite } from './gitea122.suite';
import { httpCacheSuite } from './httpCache.suite';
import { apiOperationsSuite } from './apiOperations.suite';
import { issueCommandsSuite } from './issueCommands.suite';
import { localServerLifecycleSuite, localServerSuite } from './localServer.suite';
import { permalinkSuite } from './permalink.suite';
import { pullRequestCommandsSuite } from './pullRequestCommands.suite';
import { remoteRepositorySuite } from './remoteRepository.suite';
import { remoteRepositoryBenchSuite } from './remoteRepositoryBench.suite';
import { repositoryCommandsSuite } from './repositoryCommands.suite';
import { reviewEditorSuite } from './reviewEditor.suite';
import { reviewConversationsSuite } from './reviewConversations.suite';
import { publishSuite } from './publish.suite';
import { searchSuite } from './search.suite';
import { startWorkingOnIssueSuite } from './startWorkingOnIssue.suite';
import { statusBarSuite } from './statusBar.suite';
import { takeOfflineSuite } from './takeOffline.suite';
import { todoAndEditSuite } from './todoAndEdit.suite';
import { treesSuite } from './trees.suite';
import { webviewsSuite } from './webviews.suite';
import { wikiSuite } from './wiki.suite';

/** In order: activation sees no account; the lifecycle suite changes the server's address, so it runs last. */
export const suites: readonly (() => void)[] = [
  activationSuite,
  localServerSuite,
  accountsSuite,
  treesSuite,
  issueCommandsSuite,
  pullRequestCommandsSuite,
  repositoryCommandsSuite,
  takeOfflineSuite,
  publishSuite,
  editorIntegrationSuite,
  apiOperationsSuite,
  webviewsSuite,
  permalinkSuite,
  startWorkingOnIssueSuite,
  todoAndEditSuite,
  createPullRequestSuite,
  searchSuite,
  statusBarSuite,
  httpCacheSuite,
  reviewEditorSuite,
  reviewConversationsSuite,
  gitea114Suite,
  gitea122Suite,
  remoteRepositorySuite,
  remoteRepositoryBenchSuite,
  wikiSuite,
  localServerLifecycleSuite,
];
