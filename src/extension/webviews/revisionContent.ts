import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import type { AccountService } from '../accounts/accountService';

export const revisionScheme = 'teahouse-revision';

export interface Revision {
  readonly account: string;
  readonly owner: string;
  readonly repo: string;
  readonly ref: string;
  readonly path: string;
  /** Set on the two sides of a pull request's diff (merge base ↔ head): its review threads show there. */
  readonly pull?: number;
  readonly side?: 'base' | 'head';
  /** Set on a commit of a pull request (its Commits section): the threads made on that commit show there. */
  readonly commit?: boolean;
}

/**
 * The fragment of a pull request's head side (not one of its commits): menus show "Suggest a Change" only
 * there (`resource =~ /#pull-head$/`), as a context key cannot read the JSON of the query.
 */
export const pullHeadFragment = 'pull-head';

/**
 * The authority of a pull request's documents (its diff's sides, its commits): package.json's label formatter
 * for it names them `{path} · #{pull}` from the query, where the Comments panel and hovers would otherwise
 * show the URI's path of owner, repository and commit.
 */
export const pullRevisionAuthority = 'pull';

/** A read-only document of a file at a commit, fetched through the API (raw file at that ref). */
export function revisionUri(revision: Revision): vscode.Uri {
  const pullHead = revision.pull !== undefined && revision.side === 'head' && revision.commit !== true;
  return vscode.Uri.from({
    scheme: revisionScheme,
    ...(revision.pull !== undefined && { authority: pullRevisionAuthority }),
    // the path keeps the file name, so the diff editor picks the right language
    path: `/${revision.owner}/${revision.repo}/${revision.ref.slice(0, 12)}/${revision.path}`,
    query: JSON.stringify(revision),
    ...(pullHead && { fragment: pullHeadFragment }),
  });
}

export function parseRevision(uri: vscode.Uri): Revision {
  const value = JSON.parse(uri.query) as Partial<Revision>;
  const { account, owner, repo, ref, path, pull, side, commit } = value;
  if (!account || !owner || !repo || !ref || !path)
    throw new Error(`not a Teahouse revision: ${uri.toString()}`);
  return {
    account,
    owner,
    repo,
    ref,
    path,
    ...(typeof pull === 'number' && (side === 'base' || side === 'head') && { pull, side }),
    ...(commit === true && { commit }),
  };
}

export class RevisionContentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly accounts: AccountService) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const revision = parseRevision(uri);
    const account = this.accounts.get(revision.account);
    if (!account) throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', revision.account));
    const client = await this.accounts.client(account);
    try {
      const bytes = await client.api.repoGetRawFile({
        owner: revision.owner,
        repo: revision.repo,
        filepath: revision.path,
        ref: revision.ref,
      });
      return new TextDecoder().decode(bytes);
    } catch (error) {
      // an added file has no base version, a deleted one no head version: show it empty
      if (error instanceof ApiError && error.status === 404) return '';
      throw error;
    }
  }
}
