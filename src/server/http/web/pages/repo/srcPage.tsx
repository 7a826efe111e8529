import { notFound } from '../../../../domain/errors';
import { lastChangeOf, readCommit } from '../../../../git/commits';
import { entryAt, readBlob } from '../../../../git/trees';
import { Box } from '../../layout/parts';
import { encodePath, useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { Breadcrumbs } from './Breadcrumbs';
import { CommitLine } from './CommitLine';
import { fileKind } from './fileKind';
import { FileView, shownLimit } from './FileView';
import { RefSwitcher } from './RefSwitcher';
import { refLinkPath, resolveRefPath } from './refPath';
import { commitOrNotFound, openPageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';
import { refNames } from './refNames';
import { loadTree } from './treeData';
import { TreeSection } from './TreeSection';

function ViewLinks(props: {
  readonly hereHref: string;
  readonly rawHref: string;
  readonly markdown: boolean;
  readonly source: boolean;
}) {
  const href = useHref();
  return (
    <span class="row small">
      {props.markdown ? (
        props.source ? (
          <a href={href(props.hereHref)}>Rendered</a>
        ) : (
          <a href={href(`${props.hereHref}?display=source`)}>Source</a>
        )
      ) : null}
      <a href={href(props.rawHref)}>Raw</a>
    </span>
  );
}

/**
 * `/{owner}/{repo}/src/{branch|tag|commit}/{ref}/{path…}` (and Gitea's older `/src/{ref}/…`): a directory
 * listing, or one file (highlighted, an image, markdown rendered unless `?display=source`).
 */
export async function srcPage(page: WebPage, owner: string, name: string, rest: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name);
  const { ref, path } = await resolveRefPath(repo.reader, rest || `branch/${repo.json.default_branch}`);
  const tip = await commitOrNotFound(repo.reader, ref.commit);
  const entry = await entryAt(repo.reader, tip.tree, path);
  if (!entry) throw notFound(`file does not exist [path: ${path}]`);
  // the commit that last changed the path, as Gitea shows above a file or directory
  const lastId = path === '' ? tip.sha : await lastChangeOf(repo.reader, repo.gitDir, tip.sha, path);
  const head = (lastId && (await readCommit(repo.reader, lastId))) || tip;
  const base = repoBase(repo);
  const title =
    path === '' ? `${repo.json.full_name} at ${ref.name}` : `${path} at ${ref.name} · ${repo.json.full_name}`;
  if (entry.kind === 'dir') {
    const tree = await loadTree(page, repo, { ref, head, path, treeSha: entry.sha });
    await renderRepoPage(page, repo, {
      title,
      active: 'code',
      body: <TreeSection base={base} repoName={repo.name} tree={tree} />,
    });
    return;
  }
  if (entry.kind === 'submodule') throw notFound(`${path} is a submodule`);
  const refLink = refLinkPath(ref);
  const rawHref = `${base}/raw/${refLink}/${encodePath(path)}`;
  const [blob, refs] = await Promise.all([readBlob(repo.reader, entry.sha, shownLimit), refNames(repo)]);
  if (!blob) throw notFound(`file does not exist [path: ${path}]`);
  const kind = blob.content ? fileKind(path, blob.content) : 'text';
  const source = page.query.get('display') === 'source';
  const markdownHtml =
    kind === 'markdown' && !source && blob.content
      ? await page.markdown(blob.content.toString('utf8'), { owner: repo.owner, name: repo.name })
      : undefined;
  const hereHref = `${base}/src/${refLink}/${encodePath(path)}`;
  await renderRepoPage(page, repo, {
    title,
    active: 'code',
    body: (
      <>
        <div class="row">
          <RefSwitcher base={base} current={ref} refs={refs} />
          <Breadcrumbs base={base} repoName={repo.name} refLink={refLink} path={path} />
        </div>
        <Box header={<CommitLine base={base} commit={head} />}>
          <div class="box-header spread">
            <span class="mono small">
              {entry.kind === 'symlink' ? 'symbolic link · ' : ''}
              {blob.size} bytes
            </span>
            <ViewLinks hereHref={hereHref} rawHref={rawHref} markdown={kind === 'markdown'} source={source} />
          </div>
          <FileView
            path={path}
            size={blob.size}
            content={blob.content}
            kind={kind}
            rawHref={`${page.site.rootPath}${rawHref}`}
            markdownHtml={markdownHtml}
          />
        </Box>
      </>
    ),
  });
}
