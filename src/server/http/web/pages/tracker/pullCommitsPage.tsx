import type { Commit } from '../../../../../api/types';
import { Time, UserLink } from '../../layout/parts';
import { RepoHeader } from '../../layout/RepoHeader';
import { useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { subjectOf } from '../repo/CommitLine';
import { ConversationHeader } from './Conversation';
import { loadPull } from './pullPage';
import { PullTabs } from './PullSummary';
import { listAll, repoApi, repoSummary, repoWeb, type RepoRef } from './trackerApi';

function CommitList({ repo, commits }: { readonly repo: RepoRef; readonly commits: readonly Commit[] }) {
  const href = useHref();
  if (commits.length === 0) return <p class="muted">No commits.</p>;
  return (
    <ul class="list box">
      {commits.map((commit) => (
        <li key={commit.sha} class="spread">
          <span>
            <a href={href(`${repoWeb(repo)}/commit/${commit.sha}`)}>{subjectOf(commit.commit.message)}</a>
            <span class="muted small">
              {' '}
              {commit.author ? <UserLink login={commit.author.login} /> : commit.commit.author.name} ·{' '}
              <Time iso={commit.commit.author.date} />
            </span>
          </span>
          <a class="mono" href={href(`${repoWeb(repo)}/commit/${commit.sha}`)}>
            {commit.sha.slice(0, 10)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** `/{owner}/{repo}/pulls/{n}/commits`: the pull request's commits, each linking to its page. */
export async function pullCommitsPage(page: WebPage, repo: RepoRef, index: string): Promise<void> {
  const loaded = await loadPull(page, repo, index);
  if (!loaded) return;
  const { issue, pull } = loaded;
  const [summary, commits] = await Promise.all([
    repoSummary(page, repo),
    listAll<Commit>(page, `${repoApi(repo)}/pulls/${pull.number}/commits`, {
      verification: false,
      files: false,
    }),
  ]);
  await page.render({
    title: `Commits · ${pull.title} · Pull request #${pull.number} · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active="pulls" />
        <ConversationHeader issue={issue} />
        <PullTabs repo={repo} number={pull.number} active="commits" />
        <CommitList repo={repo} commits={commits} />
      </>
    ),
  });
}
