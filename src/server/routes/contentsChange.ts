import { toFileCommit, toVerification } from '../convert/commit';
import type { ContentsJson } from '../convert/contents';
import { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { conflict, invalid, notFound } from '../domain/errors';
import { commitPatch, moveBranch, PatchRejected } from '../git/fileCommit';
import { resolveBranch } from '../git/refs';
import { entryAt } from '../git/trees';
import { isObjectId } from '../git/validate';
import {
  assertMayWriteBranch,
  commitMessage,
  commitPeople,
  fileOperations,
  type FileOperationRequest,
} from '../services/fileChanges';
import type { ResolvedRef } from '../git/refs';
import { base64Content, parseCommitRequest, writablePath } from './contentsOptions';
import type { HandlerMap } from './handler';
import { writeFiles } from './contentsWrite';
import { entryContents } from './repoFiles';
import { commitOf, trackedRefChange, type GitRepository } from './repoGit';
import { codeWriter, gitRoute } from './guards';

/** Gitea answers at most this many files of a change (its `DefaultPagingNum`). */
const maxFilesAnswered = 30;

/** Each of `files`: the ChangeFileOperation objects of a ChangeFilesOptions body. */
function parseFiles(body: BodyFields): FileOperationRequest[] {
  const value = body.parsed.value;
  const fields = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  const raw = fields.find(([key]) => key.toLowerCase() === 'files')?.[1];
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('[Files]: Required');
  return raw.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw invalid('[Files]: each file must be an object');
    }
    const file = new BodyFields({ kind: 'json', value: item });
    const operation = file.oneOf('operation', fileOperations, true)!;
    const path = writablePath(file.string('path', { required: true, nonEmpty: true, maxLength: 500 }));
    const fromPath = file.string('from_path', { maxLength: 500 });
    const sha = file.string('sha') || undefined;
    if (sha !== undefined && !isObjectId(sha)) throw invalid(`sha does not match [given: ${sha}]`);
    const content = file.string('content');
    return {
      operation,
      path,
      sha,
      fromPath: fromPath ? writablePath(fromPath, 'from_path') : undefined,
      content: content === undefined ? undefined : base64Content(content),
    };
  });
}

/** The files of Gitea's FilesResponse: each path's ContentsResponse after the commit, null where none. */
async function filesAfter(
  ctx: RequestContext,
  git: GitRepository,
  ref: ResolvedRef,
  tree: string,
  paths: readonly string[],
): Promise<(ContentsJson | null)[]> {
  const files: (ContentsJson | null)[] = [];
  for (const path of paths.slice(0, maxFilesAnswered)) {
    const entry = await entryAt(git.reader, tree, path);
    files.push(entry ? await entryContents(ctx, git, ref, tree, path, entry, { withContent: true }) : null);
  }
  return files;
}

export const contentsChangeHandlers: HandlerMap = {
  /** Gitea's ChangeFiles: several files created, updated, moved or deleted in one commit (201, FilesResponse). */
  repoChangeFiles: gitRoute(codeWriter, async (ctx, git) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const request = { ...parseCommitRequest(body), files: parseFiles(body) };
    const result = await writeFiles(ctx, git, doer, request);
    const commit = await commitOf(git, result.commit);
    const ref = { kind: 'branch' as const, name: result.branch, commit: commit.sha };
    const paths = request.files.map((file) => file.path);
    ctx.json(
      {
        files: await filesAfter(ctx, git, ref, commit.tree, paths),
        commit: toFileCommit(ctx, git.repo, commit),
        verification: toVerification(commit),
      },
      201,
    );
  }),

  /**
   * Gitea's ApplyDiffPatch: a unified diff applied to the base branch as one commit (message `apply-patch`
   * unless given), on it or on a new branch; FileResponse without content. A patch that does not apply is a
   * 422 (Gitea answers 500).
   */
  repoApplyDiffPatch: gitRoute(codeWriter, async (ctx, git) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const patch = body.string('content', { required: true });
    const options = parseCommitRequest(body);
    const base = options.branch || git.repo.default_branch;
    const branch = options.newBranch || base;
    assertMayWriteBranch(ctx.db, git.repo, doer, branch);
    const result = await trackedRefChange(ctx, git, async () => {
      const parent = await resolveBranch(git.reader, base);
      if (!parent) throw notFound(`branch does not exist [name: ${base}]`);
      const expected = branch === base ? parent : await resolveBranch(git.reader, branch);
      if (branch !== base && expected) throw invalid(`branch already exists [name: ${branch}]`);
      const [author, committer] = commitPeople(options, doer, new URL(ctx.rootUrl).hostname);
      let commit: string;
      try {
        commit = await commitPatch(git.gitDir, {
          parent,
          patch,
          message: commitMessage(options, 'apply-patch', committer),
          author,
          committer,
        });
      } catch (error) {
        if (error instanceof PatchRejected) throw invalid(`the patch does not apply: ${error.message}`);
        throw error;
      }
      if (!(await moveBranch(git.gitDir, branch, commit, expected))) {
        throw conflict(`branch ${branch} changed meanwhile; fetch it and try again`);
      }
      return commit;
    });
    const commit = await commitOf(git, result);
    ctx.json(
      { content: null, commit: toFileCommit(ctx, git.repo, commit), verification: toVerification(commit) },
      201,
    );
  }),
};
