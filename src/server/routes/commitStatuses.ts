import { toRepository } from '../convert/repository';
import { toCombinedStatus, toCommitStatus } from '../convert/status';
import type { RequestContext } from '../http/context';
import { invalid, malformed, notFound } from '../domain/errors';
import { resolveRef } from '../git/refs';
import { isAbbreviatedObjectId, isObjectId, isValidRefName } from '../git/validate';
import {
  commitStatusStates,
  insertCommitStatus,
  latestCommitStatuses,
  listCommitStatuses,
  type CommitStatusState,
} from '../store/commitStatuses';
import { autoMergeAfterStatus } from '../services/autoMerge';
import type { HandlerMap } from './handler';
import { type GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';

const isState = (value: string | undefined): value is CommitStatusState =>
  commitStatusStates.includes(value as CommitStatusState);

/**
 * The commit a status path names: a branch, tag or (short) commit id resolved to its full id. A full id is
 * taken as is for reading, so statuses of a commit that a force push removed stay listable.
 */
async function statusCommit(git: GitRepository, ref: string, mustExist: boolean): Promise<string> {
  if (ref === '') throw malformed('ref/sha not given');
  if (!isValidRefName(ref) && !isAbbreviatedObjectId(ref)) throw notFound(`no such ref: ${ref}`);
  const resolved = await resolveRef(git.reader, ref);
  if (resolved) return resolved.commit;
  if (!mustExist && isObjectId(ref)) return ref;
  throw notFound(`commit does not exist [sha: ${ref}]`);
}

function listStatuses(ctx: RequestContext, git: GitRepository, sha: string): void {
  const state = ctx.args.state;
  const { rows, total } = listCommitStatuses(ctx.db, git.repo.id, sha, {
    sort: ctx.args.sort,
    // Gitea ignores a state it does not know rather than refusing it.
    state: isState(state) ? state : undefined,
    limit: ctx.paging.limit,
    offset: ctx.paging.offset,
  });
  ctx.list(
    rows.map((row) => toCommitStatus(ctx, git.repo, row)),
    total,
  );
}

export const commitStatusHandlers: HandlerMap = {
  repoCreateStatus: gitRoute({ access: 'write' }, async (ctx, git) => {
    const user = ctx.requireUser();
    const body = await ctx.body();
    const state = body.string('state', { required: true });
    if (!isState(state)) throw invalid(`[State]: must be one of ${commitStatusStates.join(', ')}`);
    const sha = await statusCommit(git, ctx.param('sha'), true);
    insertCommitStatus(ctx.db, {
      repoId: git.repo.id,
      sha,
      state,
      // Gitea trims these before storing them.
      targetUrl: (body.string('target_url') ?? '').trim(),
      description: (body.string('description') ?? '').trim(),
      context: (body.string('context') ?? '').trim(),
      creatorId: user.id,
    });
    // A success may complete the checks a scheduled merge waits for (Gitea's automerge notifier).
    if (state === 'success') autoMergeAfterStatus(ctx.app, git.repo.id, sha);
    // The spec answers 200 with the commit's statuses (newest first, the new one leading), not 201 with one.
    const { rows } = listCommitStatuses(ctx.db, git.repo.id, sha, { limit: 50, offset: 0 });
    ctx.json(rows.map((row) => toCommitStatus(ctx, git.repo, row)));
  }),

  repoListStatuses: gitRoute(readRepo, async (ctx, git) => {
    listStatuses(ctx, git, await statusCommit(git, ctx.param('sha'), false));
  }),

  repoGetCombinedStatusByRef: gitRoute(readRepo, async (ctx, git) => {
    const sha = await statusCommit(git, ctx.param('ref'), false);
    const latest = latestCommitStatuses(ctx.db, git.repo.id, sha);
    const { offset, limit } = ctx.paging;
    ctx.setPagingHeaders(latest.length);
    ctx.json(
      toCombinedStatus(
        ctx,
        git.repo,
        toRepository(ctx, git.repo, git.mode),
        sha,
        latest,
        latest.slice(offset, offset + limit),
      ),
    );
  }),
};
