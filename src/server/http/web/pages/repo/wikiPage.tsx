import type { WikiCommit, WikiCommitList, WikiPage, WikiPageMetaData } from '../../../../../api/types';
import { isDomainError, notFound } from '../../../../domain/errors';
import { HttpError } from '../../../httpError';
import { Box, Pager, RenderedMarkdown, Time } from '../../layout/parts';
import { useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { apiRepoPath, openPageRepo, type PageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';

// Gitea's wiki URLs: `/wiki` (Home), `/wiki/{page}`, `/wiki/?action=_pages`, `/wiki/{page}?action=_revision`.
// Every part is read through the wiki API as the caller, so the pages show what the API would answer.

const pageListSize = 50;
const revisionsPageSize = 50;

const text = (base64: string): string => Buffer.from(base64, 'base64').toString('utf8');
const apiPage = (page: string): string => encodeURIComponent(page);

/** The site path of a page from the API's `sub_url` (already escaped as Gitea escapes it). */
const wikiHref = (repo: PageRepo, subUrl: string): string => `${repoBase(repo)}/wiki/${subUrl}`;

function WikiNav({ repo, current }: { readonly repo: PageRepo; readonly current?: string }) {
  const href = useHref();
  return (
    <p class="row">
      <a href={href(`${repoBase(repo)}/wiki`)}>Home</a>
      <a href={href(`${repoBase(repo)}/wiki/?action=_pages`)}>Pages</a>
      {current === undefined ? null : (
        <a href={href(`${wikiHref(repo, current)}?action=_revision`)}>History</a>
      )}
    </p>
  );
}

function CommitRow({ commit }: { readonly commit: WikiCommit }) {
  return (
    <li>
      <code>{commit.sha.slice(0, 10)}</code> {commit.message.split('\n')[0]}{' '}
      <span class="muted small">
        {commit.author.name} · <Time iso={commit.author.date} />
      </span>
    </li>
  );
}

/** A 404 of the wiki API (no wiki yet, no such page), as undefined. */
async function unlessMissing<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isDomainError(error, 'notFound') || (error instanceof HttpError && error.status === 404))
      return undefined;
    throw error;
  }
}

async function pagesPage(page: WebPage, repo: PageRepo): Promise<void> {
  const number = page.intParam('page', 1);
  const found = await unlessMissing(
    page.list<WikiPageMetaData>(`${apiRepoPath(repo.owner, repo.name)}/wiki/pages`, {
      page: number,
      limit: pageListSize,
    }),
  );
  await renderRepoPage(page, repo, {
    title: `Wiki pages · ${repo.json.full_name}`,
    active: 'wiki',
    body: <PageList repo={repo} pages={found?.items ?? []} total={found?.total ?? 0} number={number} />,
  });
}

function PageList(props: {
  readonly repo: PageRepo;
  readonly pages: readonly WikiPageMetaData[];
  readonly total: number;
  readonly number: number;
}) {
  const href = useHref();
  return (
    <>
      <WikiNav repo={props.repo} />
      <Box header={<strong>Pages</strong>}>
        {props.pages.length === 0 ? (
          <p class="muted">This wiki has no pages yet.</p>
        ) : (
          <ul>
            {props.pages.map((entry) => (
              <li>
                <a href={href(wikiHref(props.repo, entry.sub_url))}>{entry.title}</a>{' '}
                <span class="muted small">
                  <Time iso={entry.last_commit.commiter.date} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Box>
      <Pager
        page={props.number}
        pageSize={pageListSize}
        total={props.total}
        link={(n) => `?action=_pages&page=${n}`}
      />
    </>
  );
}

async function revisionsPage(page: WebPage, repo: PageRepo, name: string): Promise<void> {
  const number = page.intParam('page', 1);
  const list = await page.get<WikiCommitList>(
    `${apiRepoPath(repo.owner, repo.name)}/wiki/revisions/${apiPage(name)}`,
    { page: number },
  );
  const wiki = await page.get<WikiPage>(`${apiRepoPath(repo.owner, repo.name)}/wiki/page/${apiPage(name)}`);
  await renderRepoPage(page, repo, {
    title: `History of ${wiki.title} · ${repo.json.full_name}`,
    active: 'wiki',
    body: (
      <>
        <WikiNav repo={repo} current={wiki.sub_url} />
        <Box
          header={<strong>{`${wiki.title}: ${list.count} revision${list.count === 1 ? '' : 's'}`}</strong>}
        >
          <ul>
            {list.commits.map((commit) => (
              <CommitRow commit={commit} />
            ))}
          </ul>
        </Box>
        <Pager
          page={number}
          pageSize={revisionsPageSize}
          total={list.count}
          link={(n) => `?action=_revision&page=${n}`}
        />
      </>
    ),
  });
}

async function viewPage(page: WebPage, repo: PageRepo, wiki: WikiPage): Promise<void> {
  const context = { owner: repo.owner, name: repo.name };
  const render = (base64: string): Promise<string> =>
    base64 === '' ? Promise.resolve('') : page.markdown(text(base64), context, 'wiki');
  const [content, sidebar, footer] = await Promise.all([
    render(wiki.content_base64),
    render(wiki.sidebar),
    render(wiki.footer),
  ]);
  await renderRepoPage(page, repo, {
    title: `${wiki.title} · ${repo.json.full_name} Wiki`,
    active: 'wiki',
    body: (
      <>
        <WikiNav repo={repo} current={wiki.sub_url} />
        <Box
          header={
            <div class="spread">
              <strong>{wiki.title}</strong>
              <span class="muted small">
                {wiki.last_commit.author.name} · <Time iso={wiki.last_commit.author.date} /> ·{' '}
                {wiki.commit_count} revision{wiki.commit_count === 1 ? '' : 's'}
              </span>
            </div>
          }
        >
          <RenderedMarkdown html={content} />
        </Box>
        {sidebar === '' ? null : (
          <Box header={<strong>Sidebar</strong>}>
            <RenderedMarkdown html={sidebar} />
          </Box>
        )}
        {footer === '' ? null : (
          <Box>
            <RenderedMarkdown html={footer} />
          </Box>
        )}
      </>
    ),
  });
}

/**
 * `/{owner}/{repo}/wiki/{page?}`: the page (Home without one), or with `?action=_pages` the list of pages,
 * with `?action=_revision` the page's history. A wiki without Home shows its list of pages.
 */
export async function wikiPage(page: WebPage, owner: string, name: string, rest: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  // a wiki turned off is not there (the API's empty answers must not pass for an empty wiki)
  if (repo.json.has_wiki === false) throw notFound();
  const action = page.query.get('action');
  if (action === '_pages') return pagesPage(page, repo);
  const pageName = rest === '' ? 'Home' : rest;
  if (action === '_revision') return revisionsPage(page, repo, pageName);
  const read = page.get<WikiPage>(`${apiRepoPath(owner, name)}/wiki/page/${apiPage(pageName)}`);
  // a wiki without Home opens on its list of pages; any other missing page is a 404
  const wiki = rest === '' ? await unlessMissing(read) : await read;
  if (wiki === undefined) return pagesPage(page, repo);
  return viewPage(page, repo, wiki);
}
