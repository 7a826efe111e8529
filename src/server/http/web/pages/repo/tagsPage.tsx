import { listTags } from '../../../../git/tags';
import { Box, Pager, Time } from '../../layout/parts';
import { encodePath, useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';

const pageSize = 50;

/** `/{owner}/{repo}/tags`: every tag, newest first, with its commit and archives. */
export async function tagsPage(page: WebPage, owner: string, name: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const number = page.intParam('page', 1);
  const all = (await listTags(repo.gitDir)).sort(
    (a, b) => b.created - a.created || (a.name < b.name ? -1 : 1),
  );
  const shown = all.slice((number - 1) * pageSize, number * pageSize);
  const base = repoBase(repo);
  const Rows = () => {
    const href = useHref();
    return (
      <ul class="list">
        {shown.map((tag) => {
          const archive = `${base}/archive/${encodePath(tag.name)}`;
          return (
            <li>
              <div class="spread">
                <a href={href(`${base}/src/tag/${encodePath(tag.name)}`)}>
                  <strong>{tag.name}</strong>
                </a>
                <span class="small row">
                  <a class="mono" href={href(`${base}/commit/${tag.commit}`)}>
                    {tag.commit.slice(0, 10)}
                  </a>
                  <a href={href(`${archive}.zip`)}>ZIP</a>
                  <a href={href(`${archive}.tar.gz`)}>TAR.GZ</a>
                  <Time iso={new Date(tag.created * 1000).toISOString()} />
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };
  await renderRepoPage(page, repo, {
    title: `Tags · ${repo.json.full_name}`,
    active: 'releases',
    body: (
      <>
        <h2>Tags</h2>
        {all.length === 0 ? (
          <p class="muted">No tags.</p>
        ) : (
          <Box>
            <Rows />
          </Box>
        )}
        <Pager page={number} pageSize={pageSize} total={all.length} link={(n) => `?page=${n}`} />
      </>
    ),
  });
}
