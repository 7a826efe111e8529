import * as vscode from 'vscode';
import type { Log } from '../util/log';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import { repositoryOf } from './documentRepository';
import { issueMarkdown, userMarkdown } from './hoverContent';
import { inReferenceContext } from './referenceContext';
import type { ReferenceLookups } from './referenceLookups';
import { referenceAt } from './references';

/** Hovers on `#12`, `owner/repo#12` and `@user` in prose and code comments; never throws. */
export class ReferenceHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly lookups: ReferenceLookups,
    private readonly workspace: WorkspaceRepositories,
    private readonly log: Log,
  ) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    try {
      const reference = referenceAt(document.lineAt(position.line).text, position.character);
      if (!reference) return undefined;
      const start = new vscode.Position(position.line, reference.start);
      if (!inReferenceContext(document, start)) return undefined;
      const repository = await repositoryOf(document, this.workspace);
      if (!repository || token.isCancellationRequested) return undefined;
      const range = new vscode.Range(start, new vscode.Position(position.line, reference.end));
      if (reference.kind === 'user') {
        const user = await this.lookups.user(repository.account, reference.login);
        return user && !token.isCancellationRequested
          ? new vscode.Hover(userMarkdown(user), range)
          : undefined;
      }
      const ref = {
        owner: reference.owner ?? repository.owner,
        repo: reference.repo ?? repository.repo,
      };
      const issue = await this.lookups.issue(repository.account, ref, reference.number);
      return issue && !token.isCancellationRequested
        ? new vscode.Hover(issueMarkdown(issue, ref), range)
        : undefined;
    } catch (error) {
      this.log.warn(`hover: ${String(error)}`);
      return undefined;
    }
  }
}
