import { existsSync } from 'node:fs';
import { notFound } from '../../../../domain/errors';
import type { CatFileReader } from '../../../../git/catFile';
import { readCommit, type CommitObject } from '../../../../git/commits';
import { repositoryGitDir } from '../../../../git/paths';
import { findRepositoryById } from '../../../../store/repositories';
import type { RepoSummary } from '../../layout/RepoHeader';
import type { WebPage } from '../../webPage';

/** The API's Repository as the code pages read it. */
export interface RepoJson extends RepoSummary {
  readonly id: number;
  readonly empty: boolean;
  readonly html_url: string;
  readonly clone_url: string;
}

/** A repository the caller may read, with its git data opened for the code pages. */
export interface PageRepo {
  readonly json: RepoJson;
  readonly owner: string;
  readonly name: string;
  readonly gitDir: string;
  readonly reader: CatFileReader;
  /** The server moves this repository's references only through its own git commands (not a workspace folder). */
  readonly managed: boolean;
}

/** `/repos/{owner}/{repo}` for the API, each part encoded. */
export const apiRepoPath = (owner: string, name: string): string =>
  `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

/**
 * Reads the repository through the API as the caller (a private one is a 404 to others, exactly as there),
 * then opens its git directory: trees, blobs and history are read from git directly, which costs no
 * per-entry API objects (a directory of 10,000 files lists in milliseconds).
 */
export async function openPageRepo(page: WebPage, owner: string, name: string): Promise<PageRepo> {
  const json = await page.get<RepoJson>(apiRepoPath(owner, name));
  const row = findRepositoryById(page.app.db, json.id);
  if (!row) throw notFound('the repository does not exist');
  const gitDir = repositoryGitDir(page.app.config.dataDir, row);
  if (!existsSync(gitDir)) throw notFound('the git repository does not exist');
  return {
    json,
    owner: json.owner.login,
    name: json.name,
    gitDir,
    reader: page.app.gitPool.reader(gitDir),
    managed: row.git_path === null,
  };
}

/** A commit that must exist (a resolved ref names it). */
export async function commitOrNotFound(reader: CatFileReader, sha: string): Promise<CommitObject> {
  const commit = await readCommit(reader, sha);
  if (!commit) throw notFound(`commit ${sha} does not exist`);
  return commit;
}
