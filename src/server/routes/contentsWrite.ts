import { toFileCommit, toVerification } from '../convert/commit';
import type { RequestContext } from '../http/context';
import { invalid, notFound } from '../domain/errors';
import { entryAt } from '../git/trees';
import { isObjectId } from '../git/validate';
import {
  assertMayWriteBranch,
  changeFiles,
  type FileChangeRequest,
  type FileChangeResult,
  type FileOperation,
} from '../services/fileChanges';
import type { UserRow } from '../store/users';
import { base64Content, parseCommitRequest, writablePath } from './contentsOptions';
import type { HandlerMap } from './handler';
import { entryContents } from './repoFiles';
import { commitOf, trackedRefChange, type GitRepository } from './repoGit';
import { codeWriter, gitRoute } from './guards';

/** The one write path of the contents API: the target branch's protection, then the commit, tracked as a push. */
export function writeFiles(
  ctx: RequestContext,
  git: GitRepository,
  doer: UserRow,
  request: FileChangeRequest,
): Promise<FileChangeResult> {
  assertMayWriteBranch(
    ctx.db,
    git.repo,
    doer,
    request.newBranch || request.branch || git.repo.default_branch,
  );
  return trackedRefChange(ctx, git, () => changeFiles(git, doer, new URL(ctx.rootUrl).hostname, request));
}

async function parseRequest(ctx: RequestContext, operation: FileOperation): Promise<FileChangeRequest> {
  const path = writablePath(ctx.param('filepath'));
  const body = await ctx.body();
  const contentText = operation === 'delete' ? undefined : body.string('content', { required: true });
  const sha =
    body.string('sha', { required: operation === 'delete', nonEmpty: operation === 'delete' }) || undefined;
  if (sha !== undefined && !isObjectId(sha)) throw invalid(`sha does not match [given: ${sha}]`);
  const fromPath = operation === 'update' ? body.string('from_path') : undefined;
  // the single-file forms know nothing of force_push
  const options = { ...parseCommitRequest(body), forcePush: false };
  const file = {
    operation,
    path,
    content: contentText === undefined ? undefined : base64Content(contentText),
    sha,
    fromPath: fromPath ? writablePath(fromPath, 'from_path') : undefined,
  };
  return { ...options, files: [file] };
}

/**
 * Runs the change and answers Gitea's FileResponse (FileDeleteResponse: content null). A PUT without a sha
 * creates the file, as current Gitea does (201); with one it updates (200).
 */
async function handleChange(
  ctx: RequestContext,
  git: GitRepository,
  method: 'post' | 'put' | 'delete',
): Promise<void> {
  const doer = ctx.requireUser();
  const creates = method === 'post' || (method === 'put' && !(await ctx.body()).string('sha'));
  const operation: FileOperation = creates ? 'create' : method === 'put' ? 'update' : 'delete';
  const status = creates ? 201 : 200;
  const request = await parseRequest(ctx, operation);
  const result = await writeFiles(ctx, git, doer, request);
  const path = request.files[0]!.path;
  const commit = await commitOf(git, result.commit);
  let content = null;
  if (operation !== 'delete') {
    const entry = await entryAt(git.reader, commit.tree, path);
    if (!entry) throw notFound(`file does not exist [path: ${path}]`);
    const ref = { kind: 'branch' as const, name: result.branch, commit: commit.sha };
    content = await entryContents(ctx, git, ref, commit.tree, path, entry, { withContent: true });
  }
  ctx.json(
    { content, commit: toFileCommit(ctx, git.repo, commit), verification: toVerification(commit) },
    status,
  );
}

export const contentsWriteHandlers: HandlerMap = {
  repoCreateFile: gitRoute(codeWriter, (ctx, git) => handleChange(ctx, git, 'post')),
  repoUpdateFile: gitRoute(codeWriter, (ctx, git) => handleChange(ctx, git, 'put')),
  repoDeleteFile: gitRoute(codeWriter, (ctx, git) => handleChange(ctx, git, 'delete')),
};
