import type { ContentsJson } from '../convert/contents';
import type { RequestContext } from '../http/context';
import { invalid, malformed, notFound } from '../domain/errors';
import { parseLfsPointer, lfsPointerMaxSize } from '../git/lfsPointer';
import type { ResolvedRef } from '../git/refs';
import { blobSizes, entryAt, readBlob, readTree, type TreeEntry } from '../git/trees';
import { normalizeTreePath } from '../git/validate';
import type { HandlerMap } from './handler';
import { contentsTarget, entryContents, serveRaw } from './repoFiles';
import { commitOf, resolveRefOrDefault, type GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';

/** What `includes=` asks of the extended contents API. */
interface Includes {
  fileContent: boolean;
  lfsMetadata: boolean;
  commitMetadata: boolean;
  commitMessage: boolean;
}

const includeNames: Readonly<Record<string, keyof Includes>> = {
  file_content: 'fileContent',
  lfs_metadata: 'lfsMetadata',
  commit_metadata: 'commitMetadata',
  commit_message: 'commitMessage',
};

function parseIncludes(value: string | undefined): Includes {
  const includes: Includes = {
    fileContent: false,
    lfsMetadata: false,
    commitMetadata: false,
    commitMessage: false,
  };
  for (const name of (value ?? '').split(',')) {
    if (name === '') continue;
    const key = includeNames[name];
    if (!key) throw malformed(`unknown include option "${name}"`);
    includes[key] = true;
  }
  return includes;
}

const isBlob = (entry: TreeEntry): boolean =>
  entry.kind === 'file' || entry.kind === 'executable' || entry.kind === 'symlink';

/**
 * One entry as the extended API answers it: Gitea's omitempty fields (the last commit's id and dates, its
 * message, the LFS pointer) only where asked for and known.
 */
async function extEntry(
  ctx: RequestContext,
  git: GitRepository,
  ref: ResolvedRef,
  tree: string,
  path: string,
  entry: TreeEntry,
  includes: Includes & { size?: number },
): Promise<Partial<ContentsJson>> {
  const json: Partial<ContentsJson> = await entryContents(ctx, git, ref, tree, path, entry, {
    withContent: includes.fileContent,
    size: includes.size,
  });
  if (!includes.commitMetadata) {
    delete json.last_commit_sha;
    delete json.last_author_date;
    delete json.last_committer_date;
  }
  if (!includes.commitMessage) delete json.last_commit_message;
  let pointer;
  if (entry.kind === 'file' || entry.kind === 'executable') {
    if (includes.fileContent && json.content) pointer = parseLfsPointer(Buffer.from(json.content, 'base64'));
    else if (includes.lfsMetadata)
      pointer = parseLfsPointer((await readBlob(git.reader, entry.sha, lfsPointerMaxSize))?.content);
  }
  if (pointer) {
    json.lfs_oid = pointer.oid;
    json.lfs_size = pointer.size;
  } else {
    delete json.lfs_oid;
    delete json.lfs_size;
  }
  return json;
}

/** A tree path of the API, or 404 for one that names nothing (traversal, control characters). */
function treePath(raw: string): string {
  const path = normalizeTreePath(raw === '.' || raw === '/' ? '' : raw);
  if (path === undefined) throw notFound(`invalid path: ${raw}`);
  return path;
}

/**
 * The files the `file-contents` API asks for, each with its content and last commit, null where a path names
 * nothing; at most 30, as Gitea pages them.
 */
async function fileContents(
  ctx: RequestContext,
  git: GitRepository,
  paths: readonly string[],
  refName: string | undefined,
): Promise<(ContentsJson | null)[]> {
  const ref = await resolveRefOrDefault(git, refName);
  const commit = await commitOf(git, ref.commit);
  const answers: (ContentsJson | null)[] = [];
  for (const raw of paths.slice(0, 30)) {
    const path = normalizeTreePath(raw);
    const entry =
      path === undefined || path === '' ? undefined : await entryAt(git.reader, commit.tree, path);
    const json = entry
      ? await entryContents(ctx, git, ref, commit.tree, path!, entry, { withContent: true })
      : null;
    if (json) delete (json as Partial<ContentsJson>).last_commit_message;
    answers.push(json);
  }
  return answers;
}

/** `{"files": [...]}` as the GET form's `body` query parameter carries it; 400 when it is not that. */
function filesOfQuery(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed('invalid body parameter');
  }
  const files =
    typeof value === 'object' && value !== null ? (value as { files?: unknown }).files : undefined;
  if (files === undefined || files === null) return [];
  if (!Array.isArray(files) || !files.every((f): f is string => typeof f === 'string')) {
    throw malformed('invalid body parameter');
  }
  return files;
}

export const contentsReadHandlers: HandlerMap = {
  repoGetContentsExt: gitRoute(readRepo, async (ctx, git) => {
    const includes = parseIncludes(ctx.args.includes);
    const path = treePath(ctx.param('filepath'));
    const target = await contentsTarget(git, ctx.args.ref || undefined, path);
    if (!target) {
      ctx.json({ dir_contents: [] });
      return;
    }
    const { ref, commit, entry } = target;
    if (entry.kind !== 'dir') {
      ctx.json({ file_contents: await extEntry(ctx, git, ref, commit.tree, path, entry, includes) });
      return;
    }
    const children = (await readTree(git.reader, entry.sha)) ?? [];
    const sizes = await blobSizes(
      git.reader,
      children.filter(isBlob).map((c) => c.sha),
    );
    const listing = { ...includes, fileContent: false };
    const dir = await Promise.all(
      children.map((child) =>
        extEntry(ctx, git, ref, commit.tree, path === '' ? child.name : `${path}/${child.name}`, child, {
          ...listing,
          size: sizes.get(child.sha) ?? 0,
        }),
      ),
    );
    ctx.json({ dir_contents: dir });
  }),

  repoGetFileContents: gitRoute(readRepo, async (ctx, git) => {
    ctx.json(await fileContents(ctx, git, filesOfQuery(ctx.args.body ?? ''), ctx.args.ref || undefined));
  }),

  // a read, but POST: Gitea's token scope asks for write:repository, its route only for reading the code
  repoGetFileContentsPost: gitRoute(readRepo, async (ctx, git) => {
    const files = (await ctx.body()).stringArray('files', true);
    if (!files) throw invalid('[Files]: Required');
    ctx.json(await fileContents(ctx, git, files, ctx.args.ref || undefined));
  }),

  repoGetRawFileOrLFS: gitRoute(readRepo, serveRaw),
};
