import { Pager } from '../../layout/parts';
import { useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { apiRepoPath, openPageRepo, type PageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';
import { ReleaseView, type ReleaseJson } from './ReleaseView';

const pageSize = 10;

const notesOf = (page: WebPage, repo: PageRepo, release: ReleaseJson): Promise<string> =>
  release.body ? page.markdown(release.body, { owner: repo.owner, name: repo.name }) : Promise.resolve('');

function ReleaseTabs({ base }: { readonly base: string }) {
  const href = useHref();
  return (
    <p class="row">
      <a href={href(`${base}/releases`)}>Releases</a>
      <a href={href(`${base}/tags`)}>Tags</a>
    </p>
  );
}

/** `/{owner}/{repo}/releases`: the releases, newest first, 10 a page. */
export async function releasesPage(page: WebPage, owner: string, name: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const number = page.intParam('page', 1);
  const found = await page.list<ReleaseJson>(`${apiRepoPath(owner, name)}/releases`, {
    page: number,
    limit: pageSize,
  });
  const notes = await Promise.all(found.items.map((release) => notesOf(page, repo, release)));
  const base = repoBase(repo);
  await renderRepoPage(page, repo, {
    title: `Releases · ${repo.json.full_name}`,
    active: 'releases',
    body: (
      <>
        <ReleaseTabs base={base} />
        {found.items.length === 0 ? <p class="muted">No releases.</p> : null}
        {found.items.map((release, i) => (
          <ReleaseView base={base} release={release} notesHtml={notes[i]!} />
        ))}
        <Pager page={number} pageSize={pageSize} total={found.total} link={(n) => `?page=${n}`} />
      </>
    ),
  });
}

/** `/{owner}/{repo}/releases/tag/{tag}`: one release. */
export async function releasePage(page: WebPage, owner: string, name: string, tag: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const release = await page.get<ReleaseJson>(
    `${apiRepoPath(owner, name)}/releases/tags/${encodeURIComponent(tag)}`,
  );
  const base = repoBase(repo);
  await renderRepoPage(page, repo, {
    title: `${release.name || release.tag_name} · ${repo.json.full_name}`,
    active: 'releases',
    body: (
      <>
        <ReleaseTabs base={base} />
        <ReleaseView base={base} release={release} notesHtml={await notesOf(page, repo, release)} />
      </>
    ),
  });
}
