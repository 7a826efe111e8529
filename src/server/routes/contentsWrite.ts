import { toFileCommit, toVerification } from '../convert/commit';
import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { invalid, notFound } from '../domain/errors';
import { entryAt } from '../git/trees';
import { isObjectId, isValidBranchName, normalizeTreePath, touchesGitDir } from '../git/validate';
import {
  changeFile,
  type FileChangeRequest,
  type FileOperation,
  type PersonInput,
} from '../services/fileChanges';
import type { HandlerMap } from './handler';
import { entryContents } from './repoFiles';
import { commitOf, trackedRefChange, type GitRepository } from './repoGit';
import { codeWriter, gitRoute } from './guards';

/** A path a file may be written at: normalised, not the root, nothing inside `.git` (Gitea: 422). */
function writablePath(raw: string, field = 'path'): string {
  const path = normalizeTreePath(raw);
  if (path === undefined || path === '' || touchesGitDir(path)) throw invalid(`invalid ${field}: ${raw}`);
  return path;
}

function branchField(body: BodyFields, name: string, goName: string): string | undefined {
  const value = body.string(name);
  if (value === undefined || value === '') return undefined;
  if ([...value].length > 100) throw invalid(`[${goName}]: MaxSize`);
  if (!isValidBranchName(value)) throw invalid(`[${goName}]: GitRefName`);
  return value;
}

/** Base64 as Go's standard decoder takes it (whitespace aside); 422 otherwise. */
function base64Content(value: string): Buffer {
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw invalid('[Content]: must be base64');
  }
  return Buffer.from(compact, 'base64');
}

/** `{name, email}` without characters git would drop or choke on. */
function personField(body: BodyFields, name: string): PersonInput | undefined {
  const map = body.stringMap(name);
  if (!map) return undefined;
  const lower = Object.fromEntries(Object.entries(map).map(([key, value]) => [key.toLowerCase(), value]));
  const person = { name: lower['name'], email: lower['email'] };
  // eslint-disable-next-line no-control-regex
  if (Object.values(person).some((v) => v !== undefined && /[<>\x00-\x1f]/.test(v))) {
    throw invalid(`[${name}]: invalid name or e-mail`);
  }
  return person;
}

/** An RFC 3339 time as git's `@<unix> +hhmm`, keeping the zone; 422 when it is not one. */
function gitDate(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/i.exec(value);
  const millis = Date.parse(value);
  if (!match || Number.isNaN(millis)) throw invalid(`[Dates.${field}]: must be an RFC 3339 time`);
  const zone = match[1]!.toUpperCase() === 'Z' ? '+0000' : match[1]!.replace(':', '');
  return `@${Math.floor(millis / 1000)} ${zone}`;
}

async function parseRequest(ctx: RequestContext, operation: FileOperation): Promise<FileChangeRequest> {
  const path = writablePath(ctx.param('filepath'));
  const body = await ctx.body();
  const contentText = operation === 'delete' ? undefined : body.string('content', { required: true });
  const sha =
    body.string('sha', { required: operation === 'delete', nonEmpty: operation === 'delete' }) || undefined;
  if (sha !== undefined && !isObjectId(sha)) throw invalid(`sha does not match [given: ${sha}]`);
  const fromPath = operation === 'update' ? body.string('from_path') : undefined;
  const dates = body.stringMap('dates');
  const dateOf = (key: string): string | undefined =>
    Object.entries(dates ?? {}).find(([name]) => name.toLowerCase() === key)?.[1];
  return {
    operation,
    path,
    content: contentText === undefined ? undefined : base64Content(contentText),
    sha,
    fromPath: fromPath ? writablePath(fromPath, 'from_path') : undefined,
    branch: branchField(body, 'branch', 'BranchName'),
    newBranch: branchField(body, 'new_branch', 'NewBranchName'),
    message: body.string('message'),
    author: personField(body, 'author'),
    committer: personField(body, 'committer'),
    authorDate: gitDate(dateOf('author'), 'Author'),
    committerDate: gitDate(dateOf('committer'), 'Committer'),
    signoff: body.boolean('signoff') ?? false,
  };
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
  const result = await trackedRefChange(ctx, git, () =>
    changeFile(git, doer, new URL(ctx.rootUrl).hostname, request),
  );
  const commit = await commitOf(git, result.commit);
  let content = null;
  if (operation !== 'delete') {
    const entry = await entryAt(git.reader, commit.tree, request.path);
    if (!entry) throw notFound(`file does not exist [path: ${request.path}]`);
    const ref = { kind: 'branch' as const, name: result.branch, commit: commit.sha };
    content = await entryContents(ctx, git, ref, commit.tree, request.path, entry, { withContent: true });
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
