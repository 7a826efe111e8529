import { toAnnotatedTag, toGitBlob, toGitTree, toReference } from '../convert/gitData';
import type { RequestContext } from '../http/context';
import { malformed, notFound } from '../domain/errors';
import { readCommit } from '../git/commits';
import { listAllRefs, resolveRef } from '../git/refs';
import { listTags, readTagObject } from '../git/tags';
import { listTreeEntries } from '../git/treeListing';
import { readBlob } from '../git/trees';
import { isAbbreviatedObjectId, isObjectId } from '../git/validate';
import type { HandlerMap } from './handler';
import type { GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';

/** Gitea's `DefaultMaxBlobSize`: a larger blob is answered with its size and no content. */
const maxBlobContent = 10 * 1024 * 1024;
/** Gitea's `DefaultGitTreesPerPage`: the default and the largest `per_page` of a tree. */
const treesPerPage = 1000;

/**
 * Gitea answers 400 when the named object is missing or of another kind (its git layer's error goes back
 * as a bad request), for blobs, trees and tag objects alike.
 */
const objectMissing = (sha: string): Error => malformed(`object does not exist [id: ${sha}, rel_path: ]`);

/** A full object id from the path (Gitea parses it as one: 40 hex digits, or 64 in a sha256 repository). */
function objectIdParam(ctx: RequestContext): string {
  const sha = ctx.param('sha').toLowerCase();
  if (!isObjectId(sha)) throw malformed(`Length must be 40: ${ctx.param('sha')}`);
  return sha;
}

/**
 * What `/git/trees/{sha}` names, as Gitea's `rev-parse --verify` finds it: a full id, else a branch, tag or
 * short commit id, else a short id of any object. Answers the resolved id (a commit or tag stays itself,
 * as Gitea's `ResolvedID`) and the tree it leads to.
 */
async function treeTarget(git: GitRepository, named: string): Promise<{ resolved: string; tree: string }> {
  let resolved: string | undefined;
  const lower = named.toLowerCase();
  if (isObjectId(lower)) resolved = lower;
  else resolved = (await resolveRef(git.reader, named))?.commit;
  if (resolved === undefined && isAbbreviatedObjectId(named)) resolved = (await git.reader.info(lower))?.sha;
  const tree = resolved === undefined ? undefined : await git.reader.info(`${resolved}^{tree}`);
  if (resolved === undefined || tree?.type !== 'tree') throw malformed(`sha not found [${named}]`);
  return { resolved, tree: tree.sha };
}

export const gitDataHandlers: HandlerMap = {
  GetBlob: gitRoute(readRepo, async (ctx, git) => {
    const sha = objectIdParam(ctx);
    const blob = await readBlob(git.reader, sha, maxBlobContent);
    if (!blob) throw objectMissing(sha);
    ctx.json(toGitBlob(ctx, git.repo, { sha, size: blob.size, content: blob.content }));
  }),

  GetTree: gitRoute(readRepo, async (ctx, git) => {
    const { resolved, tree } = await treeTarget(git, ctx.param('sha'));
    const entries = await listTreeEntries(git.gitDir, tree, { recursive: ctx.args.recursive ?? false });
    const perPage = ctx.args.per_page ?? 0;
    const pageSize = perPage <= 0 || perPage > treesPerPage ? treesPerPage : perPage;
    // the paging rules read `page` as Gitea does: below 1 or nonsense is the first
    const page = ctx.paging.page;
    const start = pageSize * (page - 1);
    ctx.json(
      toGitTree(ctx, git.repo, {
        sha: resolved,
        page,
        totalCount: entries.length,
        // As the parameter documents it: more entries after this page (Gitea sets it on every page of a
        // tree longer than one page, the last included).
        truncated: start + pageSize < entries.length,
        entries: entries.slice(start, start + pageSize),
      }),
    );
  }),

  GetAnnotatedTag: gitRoute(readRepo, async (ctx, git) => {
    const sha = objectIdParam(ctx);
    const tag = await readTagObject(git.reader, sha);
    // A lightweight tag is a commit: the git tags API knows annotated tag objects only.
    if (!tag) throw objectMissing(sha);
    const peeled = await git.reader.info(`${sha}^{commit}`);
    const commit = peeled ? await readCommit(git.reader, peeled.sha) : undefined;
    if (!commit) throw malformed(`the tag ${sha} does not point at a commit`);
    // The name of the reference that holds the object, as Gitea reports it; the object's own name when none does.
    const name = (await listTags(git.gitDir)).find((listed) => listed.id === sha)?.name ?? tag.name;
    ctx.json(toAnnotatedTag(ctx, git.repo, name, tag, commit));
  }),

  repoListAllGitRefs: gitRoute(readRepo, async (ctx, git) => {
    const refs = await listAllRefs(git.gitDir);
    if (refs.length === 0) throw notFound();
    ctx.json(refs.map((ref) => toReference(ctx, git.repo, ref)));
  }),

  /**
   * Refs whose full name starts with `refs/{ref}` (`heads` lists the branches, `heads/ma` finds `main`).
   * A single ref named exactly is answered as an object, not a list, as Gitea (and GitHub) answer it;
   * Gitea's SDK reads a single ref that way.
   */
  repoListGitRefs: gitRoute(readRepo, async (ctx, git) => {
    const filter = ctx.param('ref') === '' ? '' : `refs/${ctx.param('ref')}`;
    const refs = (await listAllRefs(git.gitDir)).filter((entry) => entry.ref.startsWith(filter));
    if (refs.length === 0) throw notFound();
    const answers = refs.map((ref) => toReference(ctx, git.repo, ref));
    ctx.json(answers.length === 1 && refs[0]!.ref === filter ? answers[0] : answers);
  }),
};
