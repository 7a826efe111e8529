import type { WikiCommit, WikiCommitList, WikiPage, WikiPageMetaData } from '../../api/types';
import type { WikiCommitInfo } from '../git/wikiRepository';
import type { WikiPageContent } from '../services/wiki/wikiPages';
import { webPathToUserTitle } from '../services/wiki/wikiPath';
import type { RepositoryRow } from '../store/repositories';
import { siteUrl, type ViewContext } from './viewContext';

/** Gitea formats a wiki commit's times in UTC, to the second. */
const utcSeconds = (date: string): string => new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Gitea's WikiCommit (its committer key is spelled `commiter`). */
export function toWikiCommit(commit: WikiCommitInfo): WikiCommit {
  return {
    sha: commit.sha,
    author: { name: commit.author.name, email: commit.author.email, date: utcSeconds(commit.author.date) },
    commiter: {
      name: commit.committer.name,
      email: commit.committer.email,
      date: utcSeconds(commit.committer.date),
    },
    message: commit.message,
  };
}

/** The web page of a wiki page (or of the wiki, with an empty `subUrl`). */
export const wikiHtmlUrl = (
  view: Pick<ViewContext, 'rootUrl'>,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  subUrl: string,
): string => siteUrl(view, `${repo.owner_name}/${repo.name}/wiki${subUrl === '' ? '' : `/${subUrl}`}`);

/** Gitea's ToWikiPageMetaData: the title people see, the page's URLs and its last commit. */
export function toWikiPageMetaData(
  view: Pick<ViewContext, 'rootUrl'>,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  webPath: string,
  lastCommit: WikiCommitInfo,
): WikiPageMetaData {
  return {
    title: webPathToUserTitle(webPath).title,
    html_url: wikiHtmlUrl(view, repo, webPath),
    sub_url: webPath,
    last_commit: toWikiCommit(lastCommit),
  };
}

export function toWikiPage(
  view: Pick<ViewContext, 'rootUrl'>,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  page: WikiPageContent,
): WikiPage {
  return {
    ...toWikiPageMetaData(view, repo, page.webPath, page.lastCommit),
    content_base64: page.contentBase64,
    commit_count: page.commitCount,
    sidebar: page.sidebarBase64,
    footer: page.footerBase64,
  };
}

export const toWikiCommitList = (commits: readonly WikiCommitInfo[], count: number): WikiCommitList => ({
  commits: commits.map(toWikiCommit),
  count,
});
