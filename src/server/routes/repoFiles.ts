import { pipeline } from 'node:stream/promises';
import { contentDisposition, sniffRaw, toContents, type ContentsJson } from '../convert/contents';
import { noneMatchHits, setCacheHeaders } from '../http/conditional';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { archiveContentType, ArchiveError, parseArchiveName, streamArchive } from '../git/archive';
import { streamBlob } from '../git/catFile';
import { lastChangeOf, readCommit, type CommitObject } from '../git/commits';
import { parseEditorconfig, propertiesFor, toDefinition, type Editorconfig } from '../git/editorconfig';
import { ObjectCache } from '../git/objectCache';
import { resolveRefPrefix, type ResolvedRef } from '../git/refs';
import { blobSizes, entryAt, readBlob, readTree, submoduleUrl, type TreeEntry } from '../git/trees';
import { isAbbreviatedObjectId, isValidRefName, normalizeTreePath } from '../git/validate';
import type { HandlerMap } from './handler';
import { commitOf, resolveRefOrDefault, type GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';
import { defaultMaxBlobSize } from '../domain/blobLimits';

/** Blobs up to this size are read through the shared cat-file process; larger ones get their own stream. */
const bufferedBlobLimit = 8 * 1024 * 1024;
const editorconfigLimit = 1024 * 1024;

const isBlobKind = (entry: TreeEntry): boolean =>
  entry.kind === 'file' || entry.kind === 'executable' || entry.kind === 'symlink';

/** A normalised tree path from a request, or 404 (traversal and control characters name nothing). */
function treePathOr404(raw: string): string {
  const path = normalizeTreePath(raw);
  if (path === undefined) throw notFound(`invalid path: ${raw}`);
  return path;
}

/** `?ref=` (or the spec's `?branch=`) resolved, or the default branch. */
/** The contents endpoints take the spec's `branch` beside Gitea's `ref`. */
const contentsRef = (ctx: RequestContext<'repoGetContents' | 'repoGetContentsList'>): string | undefined =>
  ctx.args.ref || ctx.args.branch || undefined;

/**
 * The ref and path of a raw request: `?ref=` with the whole path, else the legacy `{ref}/{path}` form (the
 * shortest leading segments naming a branch, else a tag, else a full commit id), else the default branch.
 */
async function rawTarget(
  ctx: RequestContext<'repoGetRawFile' | 'repoGetRawFileOrLFS'>,
  git: GitRepository,
): Promise<{ ref: ResolvedRef; path: string }> {
  const path = treePathOr404(ctx.param('filepath'));
  const ref = ctx.args.ref || undefined;
  if (ref !== undefined) return { ref: await resolveRefOrDefault(git, ref), path };
  // The default branch is looked up alongside the prefixes: most paths start with no ref at all.
  const fallback = resolveRefOrDefault(git, undefined).then(
    (resolved) => ({ resolved }),
    (error: unknown) => ({ error }),
  );
  const prefixed = await resolveRefPrefix(git.reader, path);
  if (prefixed) return { ref: prefixed.ref, path: prefixed.rest };
  const outcome = await fallback;
  if ('error' in outcome) throw outcome.error;
  return { ref: outcome.resolved, path };
}

/**
 * A blob as it is stored. `/media` answers the same here: an LFS pointer is served as the pointer, as Gitea
 * does for one whose object it does not hold (this server keeps no LFS objects).
 */
export async function serveRaw(
  ctx: RequestContext<'repoGetRawFile' | 'repoGetRawFileOrLFS'>,
  git: GitRepository,
): Promise<void> {
  const { ref, path } = await rawTarget(ctx, git);
  // Commits, trees and small blobs are cached by id, so a warm read costs only the ref lookup.
  const commit = await commitOf(git, ref.commit);
  const entry = path === '' ? undefined : await entryAt(git.reader, commit.tree, path);
  const blob =
    entry && isBlobKind(entry) ? await readBlob(git.reader, entry.sha, bufferedBlobLimit) : undefined;
  if (!entry || !blob) throw notFound(`file does not exist [path: ${path}]`);
  const etag = `"${entry.sha}"`;
  const { res } = ctx;
  res.setHeader('ETag', etag);
  setCacheHeaders(res);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Gitea-Object-Type', entry.kind === 'symlink' ? 'symlink' : 'file');
  // Even a browser that ignores the content type may not run what it shows.
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (noneMatchHits(ctx.req.headers, etag)) {
    ctx.empty(304);
    return;
  }
  const name = entry.name;
  res.statusCode = 200;
  res.setHeader('Content-Length', blob.size);
  if (!blob.content) {
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Disposition', contentDisposition('attachment', name));
    await pipeline(streamBlob(git.pool, git.gitDir, entry.sha), res);
    return;
  }
  const kind = sniffRaw(blob.content);
  res.setHeader('Content-Type', kind.contentType);
  res.setHeader('Content-Disposition', contentDisposition(kind.disposition, name));
  res.end(blob.content);
}

async function serveArchive(ctx: RequestContext<'repoGetArchive'>, git: GitRepository): Promise<void> {
  const requested = ctx.param('archive');
  const parsed = parseArchiveName(requested);
  if (!parsed) throw notFound(`unknown archive format: ${requested}`);
  if (!isValidRefName(parsed.ref) && !isAbbreviatedObjectId(parsed.ref)) {
    throw notFound(`unrecognized repository reference: ${parsed.ref}`);
  }
  const ref = await resolveRefOrDefault(git, parsed.ref);
  const paths = (ctx.args.path ?? []).map(treePathOr404).filter((p) => p !== '');
  // Gitea names the download after the ref as asked, slashes made dashes.
  const baseName = `${git.repo.name}-${parsed.ref.replace(/\//g, '-')}`;
  const fileName = `${baseName}.${parsed.format}`;
  try {
    await streamArchive(
      git.pool,
      git.gitDir,
      { format: parsed.format, commit: ref.commit, prefix: `${baseName}/`, paths },
      ctx.res,
      {
        'Content-Type': archiveContentType[parsed.format],
        'Content-Disposition': contentDisposition('attachment', fileName),
        'X-Content-Type-Options': 'nosniff',
      },
    );
  } catch (error) {
    if (error instanceof ArchiveError) throw notFound(error.message);
    throw error;
  }
}

const editorconfigCache = new ObjectCache<Editorconfig>(256);

async function serveEditorconfig(ctx: RequestContext, git: GitRepository): Promise<void> {
  const ref = await resolveRefOrDefault(git, ctx.args.ref);
  const path = treePathOr404(ctx.param('filepath'));
  const info = await git.reader.info(`${ref.commit}:.editorconfig`);
  if (!info || info.type !== 'blob' || info.size > editorconfigLimit) {
    throw notFound('.editorconfig does not exist');
  }
  let config = editorconfigCache.get(info.sha);
  if (!config) {
    const blob = await git.reader.read(info.sha);
    if (!blob) throw notFound('.editorconfig does not exist');
    config = parseEditorconfig(blob.content.toString('utf8'));
    editorconfigCache.set(info.sha, config);
  }
  ctx.json(toDefinition(propertiesFor(config, path)));
}

/**
 * One entry's ContentsResponse. A single file carries its content (`withContent`; not in listings, not
 * past Gitea's size limit); `size` is known already in listings, read here otherwise.
 */
export async function entryContents(
  ctx: RequestContext,
  git: GitRepository,
  ref: ResolvedRef,
  rootTree: string,
  path: string,
  entry: TreeEntry,
  options: { withContent: boolean; size?: number },
): Promise<ContentsJson> {
  const lastId = await lastChangeOf(git.reader, git.gitDir, ref.commit, path);
  const lastCommit = (lastId && (await readCommit(git.reader, lastId))) || (await commitOf(git, ref.commit));
  let size = options.size ?? 0;
  let content: Buffer | undefined;
  let target: string | undefined;
  if (entry.kind === 'symlink') {
    const blob = await readBlob(git.reader, entry.sha, defaultMaxBlobSize);
    size = blob?.size ?? size;
    target = blob?.content?.subarray(0, 1024).toString('utf8');
  } else if (isBlobKind(entry) && (options.withContent || options.size === undefined)) {
    const blob = await readBlob(git.reader, entry.sha, options.withContent ? defaultMaxBlobSize : 0);
    size = blob?.size ?? size;
    content = options.withContent ? blob?.content : undefined;
  }
  const submodule = entry.kind === 'submodule' ? await submoduleUrl(git.reader, rootTree, path) : undefined;
  return toContents(ctx, git.repo, ref, {
    path,
    entry,
    size,
    lastCommit,
    content,
    target,
    submoduleUrl: submodule,
  });
}

/**
 * What a contents path names at a ref (the default branch when none): the ref, its commit and the entry;
 * 404 for a path that is not there; undefined for the root of a repository without commits, which Gitea
 * lists as empty.
 */
export async function contentsTarget(
  git: GitRepository,
  refName: string | undefined,
  path: string,
): Promise<{ ref: ResolvedRef; commit: CommitObject; entry: TreeEntry } | undefined> {
  let ref: ResolvedRef;
  try {
    ref = await resolveRefOrDefault(git, refName);
  } catch (error) {
    if (refName === undefined && path === '') return undefined;
    throw error;
  }
  const commit = await commitOf(git, ref.commit);
  const entry = await entryAt(git.reader, commit.tree, path);
  if (!entry) throw notFound(`file does not exist [path: ${path}]`);
  return { ref, commit, entry };
}

async function serveContents(
  ctx: RequestContext<'repoGetContents' | 'repoGetContentsList'>,
  git: GitRepository,
  rawPath: string,
): Promise<void> {
  const path = treePathOr404(rawPath);
  const target = await contentsTarget(git, contentsRef(ctx), path);
  if (!target) {
    ctx.json([]);
    return;
  }
  const { ref, commit, entry } = target;
  if (entry.kind !== 'dir') {
    ctx.json(await entryContents(ctx, git, ref, commit.tree, path, entry, { withContent: true }));
    return;
  }
  const entries = (await readTree(git.reader, entry.sha)) ?? [];
  const sizes = await blobSizes(
    git.reader,
    entries.filter(isBlobKind).map((e) => e.sha),
  );
  const join = (name: string): string => (path === '' ? name : `${path}/${name}`);
  const items = await Promise.all(
    entries.map((child) =>
      entryContents(ctx, git, ref, commit.tree, join(child.name), child, {
        withContent: false,
        size: sizes.get(child.sha) ?? 0,
      }),
    ),
  );
  ctx.json(items);
}

export const repoFileHandlers: HandlerMap = {
  repoGetRawFile: gitRoute(readRepo, serveRaw),
  repoGetArchive: gitRoute(readRepo, serveArchive),
  repoGetEditorConfig: gitRoute(readRepo, serveEditorconfig),
  repoGetContentsList: gitRoute(readRepo, (ctx, git) => serveContents(ctx, git, '')),
  repoGetContents: gitRoute(readRepo, (ctx, git) => serveContents(ctx, git, ctx.param('filepath'))),
};
