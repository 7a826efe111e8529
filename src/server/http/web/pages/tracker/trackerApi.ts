import type { Label } from '../../../../../api/types';
import { httpErrorOf } from '../../../errorStatus';
import type { QueryValues } from '../../apiReader';
import type { RepoSummary } from '../../layout/RepoHeader';
import type { WebPage } from '../../webPage';

/** The API's largest page: lists read whole are read in pages of this size. */
const apiPageSize = 50;
/** Lists read whole stop after this many pages (a filter menu does not need more). */
const maxPages = 20;
/** Markdown renders a page keeps in flight: the render pool refuses a queue much longer than this. */
const renderConcurrency = 8;

/** A repository named by a page's path. */
export interface RepoRef {
  readonly owner: string;
  readonly name: string;
}

/** `/repos/{owner}/{repo}` with each part encoded, for `page.get`. */
export const repoApi = (repo: RepoRef): string =>
  `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}`;

/** `/{owner}/{repo}` with each part encoded, for links. */
export const repoWeb = (repo: RepoRef): string =>
  `/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}`;

export const repoSummary = (page: WebPage, repo: RepoRef): Promise<RepoSummary> =>
  page.get<RepoSummary>(repoApi(repo));

/** Every item of an API list (up to `maxPages` pages). */
export async function listAll<T>(page: WebPage, apiPath: string, query: QueryValues = {}): Promise<T[]> {
  const items: T[] = [];
  for (let number = 1; number <= maxPages; number++) {
    const found = await page.list<T>(apiPath, { ...query, page: number, limit: apiPageSize });
    items.push(...found.items);
    if (found.items.length < apiPageSize || items.length >= found.total) break;
  }
  return items;
}

/** The repository's labels and, when its owner is an organization, the organization's. */
export async function repoLabels(page: WebPage, repo: RepoRef): Promise<Label[]> {
  const [own, org] = await Promise.all([
    listAll<Label>(page, `${repoApi(repo)}/labels`),
    listAll<Label>(page, `/orgs/${encodeURIComponent(repo.owner)}/labels`).catch((error: unknown) => {
      if (httpErrorOf(error)?.status === 404) return [];
      throw error;
    }),
  ]);
  return [...own, ...org];
}

/** Renders each text as markdown in the repository's context, a few at a time, in order. */
export async function renderAll(page: WebPage, texts: readonly string[], repo: RepoRef): Promise<string[]> {
  const rendered: string[] = new Array<string>(texts.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < texts.length) {
      const index = next++;
      const text = texts[index]!;
      rendered[index] = text.trim() === '' ? '' : await page.markdown(text, repo);
    }
  };
  await Promise.all(Array.from({ length: Math.min(renderConcurrency, texts.length) }, worker));
  return rendered;
}

/** Answers with Gitea's 302 to the page an object really lives at. */
export function redirect(page: WebPage, location: string): void {
  page.res.statusCode = 302;
  page.res.setHeader('Location', location);
  page.res.setHeader('Content-Length', 0);
  page.res.end();
}
