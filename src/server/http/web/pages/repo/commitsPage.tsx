import { listCommitIds, readCommit, type CommitObject } from '../../../../git/commits';
import { Box, Pager } from '../../layout/parts';
import type { WebPage } from '../../webPage';
import { CommitList } from './CommitLine';
import { RefSwitcher } from './RefSwitcher';
import { resolveRefPath } from './refPath';
import { openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';
import { refNames } from './refNames';

const pageSize = 50;

/** `/{owner}/{repo}/commits/{branch|tag|commit}/{ref}`: the history from the ref, 50 a page. */
export async function commitsPage(page: WebPage, owner: string, name: string, rest: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  if (repo.json.empty) {
    const body = <p class="muted">No commits yet.</p>;
    await renderRepoPage(page, repo, { title: `Commits · ${repo.json.full_name}`, active: 'commits', body });
    return;
  }
  const { ref } = await resolveRefPath(repo.reader, rest || `branch/${repo.json.default_branch}`);
  const number = page.intParam('page', 1);
  const [{ ids, total }, refs] = await Promise.all([
    listCommitIds(repo.gitDir, ref.commit, { offset: (number - 1) * pageSize, limit: pageSize }),
    refNames(repo),
  ]);
  const commits = (await Promise.all(ids.map((id) => readCommit(repo.reader, id)))).filter(
    (commit): commit is CommitObject => commit !== undefined,
  );
  const base = repoBase(repo);
  await renderRepoPage(page, repo, {
    title: `Commits · ${ref.name} · ${repo.json.full_name}`,
    active: 'commits',
    body: (
      <>
        <div class="row">
          <RefSwitcher base={base} current={ref} refs={refs} section="commits" />
          <span class="muted">{total} commits</span>
        </div>
        <Box>
          <CommitList base={base} commits={commits} />
        </Box>
        <Pager page={number} pageSize={pageSize} total={total} link={(n) => `?page=${n}`} />
      </>
    ),
  });
}
