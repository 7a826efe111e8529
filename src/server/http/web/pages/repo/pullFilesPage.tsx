import { notFound } from '../../../../domain/errors';
import { diffText } from '../../../../git/diff';
import { isObjectId } from '../../../../git/refs';
import { DiffView } from '../../layout/DiffView';
import { encodePath, useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { parseDiffForPage } from './diffInput';
import { apiRepoPath, openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';

/** The fields of the API's PullRequest this page shows. */
interface PullJson {
  readonly number: number;
  readonly title: string;
  readonly state: 'open' | 'closed';
  readonly merged: boolean;
  readonly draft?: boolean;
  readonly merge_base: string;
  readonly head: { readonly sha: string; readonly label: string };
  readonly base: { readonly label: string };
}

const stateOf = (pull: PullJson): string =>
  pull.merged ? 'merged' : pull.draft && pull.state === 'open' ? 'draft' : pull.state;

/** The pull request's title, state and tabs (Conversation, Commits, Files changed). */
function PullHeader({ base, pull }: { readonly base: string; readonly pull: PullJson }) {
  const href = useHref();
  const pullBase = `${base}/pulls/${pull.number}`;
  const state = stateOf(pull);
  return (
    <>
      <h1>
        {pull.title} <span class="muted">#{pull.number}</span>
      </h1>
      <p class="row">
        <span class={`state ${state}`}>{state[0]!.toUpperCase() + state.slice(1)}</span>
        <span class="muted small">
          {pull.head.label} → {pull.base.label}
        </span>
      </p>
      <nav class="tabs">
        <a href={href(pullBase)}>Conversation</a>
        <a href={href(`${pullBase}/commits`)}>Commits</a>
        <a class="active" href={href(`${pullBase}/files`)}>
          Files changed
        </a>
      </nav>
    </>
  );
}

/** `/{owner}/{repo}/pulls/{n}/files`: the pull request's diff from the merge base to its head. */
export async function pullFilesPage(
  page: WebPage,
  owner: string,
  name: string,
  index: string,
): Promise<void> {
  if (!/^\d+$/.test(index)) throw notFound('no such pull request');
  const repo = await openPageRepo(page, owner, name);
  const pull = await page.get<PullJson>(`${apiRepoPath(owner, name)}/pulls/${index}`);
  const base = repoBase(repo);
  const root = page.site.rootPath;
  const head = pull.head.sha;
  const text =
    isObjectId(pull.merge_base) && isObjectId(head)
      ? await diffText(repo.gitDir, pull.merge_base, head, { binary: false })
      : '';
  await renderRepoPage(page, repo, {
    title: `${pull.title} · Files changed · ${repo.json.full_name}`,
    active: 'pulls',
    body: (
      <>
        <PullHeader base={base} pull={pull} />
        <DiffView
          diff={parseDiffForPage(text)}
          rawHref={`${root}${base}/pulls/${pull.number}.diff`}
          fileHref={
            isObjectId(head) ? (path) => `${root}${base}/src/commit/${head}/${encodePath(path)}` : undefined
          }
        />
      </>
    ),
  });
}
