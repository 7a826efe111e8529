/**
 * Reading a repository's wiki as Gitea's API does (routers/api/v1/repo/wiki.go): the pages of the wiki's
 * default branch, a page's content with the `_Sidebar` and `_Footer` pages, its last commit and history.
 */

import { notFound } from '../../domain/errors';
import type { CatFilePool } from '../../git/catFile';
import { managedWikiDir } from '../../git/paths';
import {
  wikiBlob,
  wikiFileCommits,
  wikiHeadBranch,
  wikiTip,
  wikiTopEntries,
  type WikiCommitInfo,
} from '../../git/wikiRepository';
import type { RepositoryRow } from '../../store/repositories';
import { gitPathToWebPath, goUnescape, webPathToGitPath } from './wikiPath';

/** Gitea's setting.API.DefaultMaxBlobSize: a bigger page is answered without its content. */
const maxBlobSize = 10 * 1024 * 1024;
/** Gitea's setting.Git.CommitsRangeSize: a page of revisions. */
export const revisionsPageSize = 50;
/** Gitea's setting.API.DefaultPagingNum, which the page list takes for a limit of 1 or less. */
const defaultPagingNum = 30;

export interface WikiReadServices {
  readonly dataDir: string;
  readonly gitPool: CatFilePool;
}

/** Where a repository's wiki is and which branch its pages are on. */
export interface WikiPlace {
  readonly dir: string;
  /**
   * Gitea reads the repository's DefaultWikiBranch and, on the web, re-syncs it from the wiki's HEAD when
   * that branch is missing; the wiki's HEAD is that branch here, and a wiki not made yet starts on the
   * repository's default branch (as its first push does, http/gitRoutes.ts).
   */
  readonly branch: string;
}

export function wikiPlace(dataDir: string, repo: RepositoryRow): WikiPlace {
  const dir = managedWikiDir(dataDir, repo.owner_name, repo.name);
  return { dir, branch: wikiHeadBranch(dir) ?? repo.default_branch };
}

const pageMissing = (): Error => notFound("The target couldn't be found.");

/** The tip of the wiki's branch; 404 while there is no wiki or nothing on it (Gitea's findWikiRepoCommit). */
async function wikiCommit(place: WikiPlace): Promise<string> {
  const tip = await wikiTip(place.dir, place.branch);
  if (tip === undefined) throw pageMissing();
  return tip;
}

/** A page's file: its git path, then the unescaped spelling (Gitea's findEntryForFile). */
async function findPage(
  place: WikiPlace,
  commit: string,
  webPath: string,
): Promise<{ gitPath: string; blob: string } | undefined> {
  const gitPath = webPathToGitPath(webPath);
  const blob = await wikiBlob(place.dir, commit, gitPath);
  if (blob !== undefined) return { gitPath, blob };
  const unescaped = goUnescape(gitPath, true);
  if (unescaped === undefined || unescaped === gitPath) return undefined;
  const other = await wikiBlob(place.dir, commit, unescaped);
  return other === undefined ? undefined : { gitPath: unescaped, blob: other };
}

/** A blob as base64, empty when it is too big for the API (Gitea's wikiContentsByEntry). */
async function base64Of(services: WikiReadServices, place: WikiPlace, blob: string): Promise<string> {
  const reader = services.gitPool.reader(place.dir);
  const info = await reader.info(blob);
  if (!info || info.size > maxBlobSize) return '';
  return (await reader.read(blob))?.content.toString('base64') ?? '';
}

export interface WikiPageContent {
  readonly webPath: string;
  readonly contentBase64: string;
  readonly lastCommit: WikiCommitInfo;
  readonly commitCount: number;
  readonly sidebarBase64: string;
  readonly footerBase64: string;
}

/** One page with its content, sidebar, footer, last commit and number of revisions; 404 when missing. */
export async function readWikiPage(
  services: WikiReadServices,
  repo: RepositoryRow,
  webPath: string,
): Promise<WikiPageContent> {
  const place = wikiPlace(services.dataDir, repo);
  const commit = await wikiCommit(place);
  const page = await findPage(place, commit, webPath);
  if (!page) throw pageMissing();
  const special = async (name: string): Promise<string> => {
    const found = await findPage(place, commit, name);
    return found ? base64Of(services, place, found.blob) : '';
  };
  const history = await wikiFileCommits(place.dir, commit, page.gitPath, 0, 1);
  const lastCommit = history.commits[0];
  if (!lastCommit) throw pageMissing();
  return {
    webPath,
    contentBase64: await base64Of(services, place, page.blob),
    lastCommit,
    commitCount: history.total,
    sidebarBase64: await special('_Sidebar'),
    footerBase64: await special('_Footer'),
  };
}

export interface WikiPageSummary {
  readonly webPath: string;
  readonly lastCommit: WikiCommitInfo;
}

/**
 * A page of the wiki's pages, as Gitea's ListWikiPages counts them: the window and the total are over
 * every entry at the top of the tree (folders and other files too), of which only the regular `.md`
 * files are answered; a limit of 1 or less means the default.
 */
export async function listWikiPages(
  services: WikiReadServices,
  repo: RepositoryRow,
  page: number,
  limit: number,
): Promise<{ pages: WikiPageSummary[]; total: number; limit: number }> {
  const place = wikiPlace(services.dataDir, repo);
  const commit = await wikiCommit(place);
  const entries = await wikiTopEntries(place.dir, commit);
  const size = limit <= 1 ? defaultPagingNum : limit;
  const pages: WikiPageSummary[] = [];
  for (const entry of entries.slice((page - 1) * size, page * size)) {
    if (entry.mode !== '100644') continue;
    const webPath = gitPathToWebPath(entry.path);
    if (webPath === undefined) continue;
    const lastCommit = (await wikiFileCommits(place.dir, commit, entry.path, 0, 1)).commits[0];
    if (lastCommit) pages.push({ webPath, lastCommit });
  }
  return { pages, total: entries.length, limit: size };
}

/** A page of a wiki page's revisions, newest first, and how many there are (Gitea's ListPageRevisions). */
export async function wikiPageRevisions(
  services: WikiReadServices,
  repo: RepositoryRow,
  webPath: string,
  page: number,
): Promise<{ commits: WikiCommitInfo[]; count: number }> {
  const place = wikiPlace(services.dataDir, repo);
  const commit = await wikiCommit(place);
  const found = await findPage(place, commit, webPath);
  if (!found) throw pageMissing();
  const { commits, total } = await wikiFileCommits(
    place.dir,
    commit,
    found.gitPath,
    (Math.max(page, 1) - 1) * revisionsPageSize,
    revisionsPageSize,
  );
  return { commits, count: total };
}
