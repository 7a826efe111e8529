import { notFound } from '../../../../domain/errors';
import { listCommitIds, readCommit, type CommitObject } from '../../../../git/commits';
import { diffText, patchText } from '../../../../git/diff';
import { mergeBase } from '../../../../git/merge';
import { resolveRef } from '../../../../git/refs';
import { DiffView } from '../../layout/DiffView';
import { Box } from '../../layout/parts';
import { encodePath } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { CommitList } from './CommitLine';
import { parseDiffForPage } from './diffInput';
import { openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';
import { sendText } from './sendText';

/** Commits listed on a compare page (the diff covers them all). */
const listed = 50;

/**
 * `/{owner}/{repo}/compare/{base}...{head}` (a push's `compare_url`): the commits on `head` since `base`
 * and the diff from their merge base; `{base}..{head}` diffs the two directly; `.diff` and `.patch` as text.
 */
export async function comparePage(page: WebPage, owner: string, name: string, range: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const format = /\.(diff|patch)$/.exec(range)?.[1];
  const match = /^(.+?)(\.\.\.?)(.+)$/.exec(format ? range.slice(0, -format.length - 1) : range);
  if (!match) throw notFound('compare two refs as base...head');
  const [, baseName, dots, headName] = match;
  const [from, to] = await Promise.all([
    resolveRef(repo.reader, baseName!),
    resolveRef(repo.reader, headName!),
  ]);
  if (!from || !to) throw notFound('the refs to compare do not exist');
  const start = dots === '...' ? await mergeBase(repo.gitDir, from.commit, to.commit) : from.commit;
  if (!start) throw notFound('the refs have no common history');
  if (format === 'diff')
    return sendText(page, await diffText(repo.gitDir, start, to.commit, { binary: true }));
  if (format === 'patch') return sendText(page, await patchText(repo.gitDir, start, to.commit));
  const [{ ids, total }, text] = await Promise.all([
    listCommitIds(repo.gitDir, to.commit, { offset: 0, limit: listed }, { not: from.commit }),
    diffText(repo.gitDir, start, to.commit, { binary: false }),
  ]);
  const commits = (await Promise.all(ids.map((id) => readCommit(repo.reader, id)))).filter(
    (commit): commit is CommitObject => commit !== undefined,
  );
  const base = repoBase(repo);
  const root = page.site.rootPath;
  await renderRepoPage(page, repo, {
    title: `Comparing ${from.name}${dots}${to.name} · ${repo.json.full_name}`,
    active: 'code',
    body: (
      <>
        <h2>
          Comparing <span class="mono">{from.name}</span>
          {dots}
          <span class="mono">{to.name}</span>
        </h2>
        <Box header={<span>{total === 1 ? '1 commit' : `${total} commits`}</span>}>
          <CommitList base={base} commits={commits} />
        </Box>
        <DiffView
          diff={parseDiffForPage(text)}
          rawHref={`${root}${base}/compare/${encodePath(from.name)}${dots}${encodePath(to.name)}.diff`}
          fileHref={(path) => `${root}${base}/src/commit/${to.commit}/${encodePath(path)}`}
        />
      </>
    ),
  });
}
