import * as vscode from 'vscode';
import type { Services } from '../commands/services';
import { ChangeDecorations } from './changeDecorations';
import { registerChangeCommands } from './changeCommands';
import { ReviewCommands } from './reviewCommands';
import { registerReviewerCommands } from './reviewerCommands';
import { ReviewThreads } from './reviewThreads';
import { registerThreadCommands } from './threadCommands';
import type { ViewedFiles } from './viewedFiles';

/** Reviewing pull requests in the editor: the Changes tree's commands and badges, threads, reviews. */
export function registerReviewFeatures(
  services: Services,
  viewed: ViewedFiles,
): { readonly threads: ReviewThreads; readonly disposables: vscode.Disposable[] } {
  const threads = new ReviewThreads(services.accounts, services.workspace, services.log);
  return {
    threads,
    disposables: [
      threads,
      vscode.window.registerFileDecorationProvider(new ChangeDecorations()),
      ...registerChangeCommands(services, viewed),
      ...new ReviewCommands(services, threads).register(),
      ...registerReviewerCommands(services),
      ...registerThreadCommands(services, threads),
    ],
  };
}
