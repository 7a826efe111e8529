import type { TeahouseClient } from '../../api/client';
import type { Repository, WikiPage } from '../../api/types';
import { userTitleToWebPath } from '../../api/wikiPath';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import type { RepoRef } from '../views/nodes';
import { parseWikiUri, wikiAuthority, type WikiPageLocation, type WikiUriParts } from './wikiUri';

/** A wiki page URI resolved: whose it is, and the page's web path (what the API's `{pageName}` takes). */
export interface ResolvedPage {
  readonly account: Account;
  readonly client: TeahouseClient;
  readonly ref: RepoRef;
  readonly location: WikiPageLocation;
  readonly webPath: string;
}

export function webPathOf(title: string): string {
  return userTitleToWebPath('', title);
}

export function decodeContent(page: WikiPage): Uint8Array {
  return Buffer.from(page.content_base64 ?? '', 'base64');
}

export function encodeContent(content: Uint8Array): string {
  return Buffer.from(content).toString('base64');
}

export async function resolvePage(
  accounts: AccountService,
  parts: WikiUriParts,
): Promise<ResolvedPage | undefined> {
  const location = parseWikiUri(parts);
  if (!location) return undefined;
  const account = accounts.list().find((candidate) => wikiAuthority(candidate.id) === location.authority);
  if (!account) return undefined;
  return {
    account,
    client: await accounts.client(account),
    ref: { owner: location.owner, repo: location.repo },
    location,
    webPath: webPathOf(location.title),
  };
}

/** Whether the account may write the repository's wiki (Gitea: write access to the wiki unit). */
export function canWriteWiki(repository: Repository): boolean {
  return !repository.archived && Boolean(repository.permissions?.push);
}
