import { readCommit } from '../../../../git/commits';
import { listBranches } from '../../../../git/refs';
import { Box, Pager, Time } from '../../layout/parts';
import { encodePath, useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { commitIso, subjectOf } from './CommitLine';
import { openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';

const pageSize = 50;

/** `/{owner}/{repo}/branches`: every branch, most recently committed first, with its newest commit. */
export async function branchesPage(page: WebPage, owner: string, name: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const number = page.intParam('page', 1);
  const all = await listBranches(repo.gitDir);
  const shown = all.slice((number - 1) * pageSize, number * pageSize);
  const commits = await Promise.all(shown.map((branch) => readCommit(repo.reader, branch.commit)));
  const base = repoBase(repo);
  const Row = ({ at }: { readonly at: number }) => {
    const href = useHref();
    const branch = shown[at]!;
    const commit = commits[at];
    return (
      <li>
        <div class="spread">
          <span>
            <a href={href(`${base}/src/branch/${encodePath(branch.name)}`)}>
              <strong>{branch.name}</strong>
            </a>{' '}
            {branch.name === repo.json.default_branch ? <span class="label">default</span> : null}
          </span>
          <span class="small">
            <a href={href(`${base}/commits/branch/${encodePath(branch.name)}`)}>Commits</a>
          </span>
        </div>
        {commit ? (
          <div class="muted small">
            <a class="mono" href={href(`${base}/commit/${commit.sha}`)}>
              {commit.sha.slice(0, 10)}
            </a>{' '}
            {subjectOf(commit.message)} · <Time iso={commitIso(commit)} />
          </div>
        ) : null}
      </li>
    );
  };
  await renderRepoPage(page, repo, {
    title: `Branches · ${repo.json.full_name}`,
    active: 'code',
    body: (
      <>
        <h2>Branches</h2>
        <Box>
          <ul class="list">
            {shown.map((_, at) => (
              <Row at={at} />
            ))}
          </ul>
        </Box>
        <Pager page={number} pageSize={pageSize} total={all.length} link={(n) => `?page=${n}`} />
      </>
    ),
  });
}
