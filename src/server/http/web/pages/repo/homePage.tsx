import { notFound } from '../../../../domain/errors';
import { resolveBranch } from '../../../../git/refs';
import { Box } from '../../layout/parts';
import type { WebPage } from '../../webPage';
import { commitOrNotFound, openPageRepo, type PageRepo } from './repoAccess';
import { renderRepoPage, repoBase } from './repoPage';
import { loadTree } from './treeData';
import { TreeSection } from './TreeSection';

/** The HTTP clone URL (the API's `ssh_url` names no server: Teahouse serves git over HTTP only). */
function CloneUrls({ repo }: { readonly repo: PageRepo }) {
  return (
    <div class="row small clone-urls">
      <span class="muted">Clone:</span>
      <code>{repo.json.clone_url}</code>
    </div>
  );
}

/** What Gitea shows for a repository without commits: how to push the first one. */
function EmptyRepository({ repo }: { readonly repo: PageRepo }) {
  const branch = repo.json.default_branch || 'main';
  const commands = [
    'touch README.md',
    'git init',
    `git checkout -b ${branch}`,
    'git add README.md',
    'git commit -m "first commit"',
    `git remote add origin ${repo.json.clone_url}`,
    `git push -u origin ${branch}`,
  ].join('\n');
  const existing = [`git remote add origin ${repo.json.clone_url}`, `git push -u origin ${branch}`].join(
    '\n',
  );
  return (
    <Box header={<strong>This repository is empty</strong>}>
      <div class="box-body">
        <CloneUrls repo={repo} />
        <h2>Creating a new repository on the command line</h2>
        <pre>{commands}</pre>
        <h2>Pushing an existing repository from the command line</h2>
        <pre>{existing}</pre>
      </div>
    </Box>
  );
}

/** `/{owner}/{repo}` (also `.git`): the default branch's root, its README, clone URLs, the newest commit. */
export async function repoHomePage(page: WebPage, owner: string, name: string): Promise<void> {
  const repo = await openPageRepo(page, owner, name.replace(/\.git$/i, ''));
  const title = repo.json.full_name;
  const description = repo.json.description ? <p>{repo.json.description}</p> : null;
  const branch = repo.json.default_branch;
  const commit = repo.json.empty ? undefined : await resolveBranch(repo.reader, branch);
  if (!commit) {
    await renderRepoPage(page, repo, {
      title,
      active: 'code',
      body: (
        <>
          {description}
          <EmptyRepository repo={repo} />
        </>
      ),
    });
    return;
  }
  const head = await commitOrNotFound(repo.reader, commit);
  if (!head.tree) throw notFound('the commit has no tree');
  const tree = await loadTree(page, repo, {
    ref: { kind: 'branch', name: branch, commit },
    head,
    path: '',
    treeSha: head.tree,
  });
  await renderRepoPage(page, repo, {
    title,
    active: 'code',
    body: (
      <>
        {description}
        <CloneUrls repo={repo} />
        <TreeSection base={repoBase(repo)} repoName={repo.name} tree={tree} />
      </>
    ),
  });
}
