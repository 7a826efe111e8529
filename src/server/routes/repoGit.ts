import { existsSync } from 'node:fs';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { CatFilePool, type CatFileReader } from '../git/catFile';
import { readCommit, type CommitObject } from '../git/commits';
import { repositoryGitDir } from '../git/paths';
import { resolveBranch, resolveRef, type ResolvedRef } from '../git/refs';
import type { AccessMode } from '../services/permissions';
import { trackRefChanges } from '../services/refChanges';
import type { RepositoryRow } from '../store/repositories';
import { type RepoScope } from './guards';

/** A repository of a `/repos/{owner}/{repo}` path with what reading its git data takes. */
export interface GitRepository {
  readonly repo: RepositoryRow;
  /** The caller's access. */
  readonly mode: AccessMode;
  readonly gitDir: string;
  readonly pool: CatFilePool;
  readonly reader: CatFileReader;
}

/** Opens the git directory of a repository a guard let through; 404 when the git data is missing. */
export function openGit(ctx: RequestContext, { repo, mode }: RepoScope): GitRepository {
  const gitDir = repositoryGitDir(ctx.app.config.dataDir, repo);
  if (!existsSync(gitDir)) throw notFound('the git repository does not exist');
  const pool = ctx.app.gitPool;
  return { repo, mode, gitDir, pool, reader: pool.reader(gitDir) };
}

/**
 * The commit a client's `ref` names (branch, tag, full or short commit id), or the default branch when
 * `ref` is absent; 404 when it names nothing.
 */
export async function resolveRefOrDefault(git: GitRepository, ref: string | undefined): Promise<ResolvedRef> {
  if (ref === undefined || ref === '') {
    const branch = git.repo.default_branch;
    const commit = await resolveBranch(git.reader, branch);
    if (!commit) throw notFound(`the default branch ${branch} does not exist`);
    return { kind: 'branch', name: branch, commit };
  }
  const resolved = await resolveRef(git.reader, ref);
  if (!resolved) throw notFound(`no such ref: ${ref}`);
  return resolved;
}

/** A commit object that a resolved ref points at (it exists: git resolved it to a commit). */
export async function commitOf(git: GitRepository, sha: string): Promise<CommitObject> {
  const commit = await readCommit(git.reader, sha);
  if (!commit) throw notFound(`commit ${sha} does not exist`);
  return commit;
}

/**
 * Runs a change that moves branches (create, delete, a commit through the contents API) under the
 * repository's queue, then records it as a push by the caller: the repository row follows (empty or not)
 * and Gitea's `create` / `push` / `delete` events go out.
 */
export function trackedRefChange<T>(
  ctx: RequestContext,
  git: GitRepository,
  change: () => Promise<T>,
): Promise<T> {
  return trackRefChanges(ctx.app, git.repo, git.gitDir, ctx.requireUser(), () => change());
}
