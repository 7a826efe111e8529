import { notFound } from '../../../../domain/errors';
import { resolveCommitId } from '../../../../git/refs';
import { DiffView } from '../../layout/DiffView';
import { Box, Time } from '../../layout/parts';
import { encodePath, useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { commitDiffText, commitPatchText } from './commitDiff';
import { commitIso, subjectOf } from './CommitLine';
import { parseDiffForPage } from './diffInput';
import { commitOrNotFound, openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';
import { sendText } from './sendText';

function ParentLinks({ base, parents }: { readonly base: string; readonly parents: readonly string[] }) {
  const href = useHref();
  if (parents.length === 0) return <span class="muted">no parent</span>;
  return (
    <span>
      {parents.length === 1 ? 'parent ' : 'parents '}
      {parents.map((parent) => (
        <>
          <a class="mono" href={href(`${base}/commit/${parent}`)}>
            {parent.slice(0, 10)}
          </a>{' '}
        </>
      ))}
    </span>
  );
}

/** `/{owner}/{repo}/commit/{sha}`: the commit and its diff; `{sha}.diff` and `{sha}.patch` as text. */
export async function commitPage(page: WebPage, owner: string, name: string, id: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const format = /^(.*)\.(diff|patch)$/.exec(id);
  const sha = await resolveCommitId(repo.reader, format ? format[1]! : id);
  if (!sha) throw notFound('the commit does not exist');
  const commit = await commitOrNotFound(repo.reader, sha);
  if (format?.[2] === 'diff') return sendText(page, await commitDiffText(repo, commit, true));
  if (format?.[2] === 'patch') return sendText(page, await commitPatchText(repo, commit));
  const diff = parseDiffForPage(await commitDiffText(repo, commit));
  const base = repoBase(repo);
  const root = page.site.rootPath;
  const subject = subjectOf(commit.message);
  const body = commit.message.slice(subject.length).trim();
  await renderRepoPage(page, repo, {
    title: `${subject} · ${repo.json.full_name}`,
    active: 'commits',
    body: (
      <>
        <Box
          header={
            <div class="spread">
              <strong>{subject}</strong>
              <a class="button" href={`${root}${base}/src/commit/${sha}`}>
                Browse files
              </a>
            </div>
          }
        >
          <div class="box-body">
            {body ? <pre class="commit-message">{body}</pre> : null}
            <div class="spread small">
              <span>
                <strong>{commit.author.name}</strong> committed <Time iso={commitIso(commit)} />
              </span>
              <span class="muted">
                <ParentLinks base={base} parents={commit.parents} /> · commit <span class="mono">{sha}</span>{' '}
                · <a href={`${root}${base}/commit/${sha}.patch`}>patch</a>
              </span>
            </div>
          </div>
        </Box>
        <DiffView
          diff={diff}
          rawHref={`${root}${base}/commit/${sha}.diff`}
          fileHref={(path) => `${root}${base}/src/commit/${sha}/${encodePath(path)}`}
        />
      </>
    ),
  });
}
