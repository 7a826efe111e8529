import type { CatFileReader } from './catFile';
import { GitError, runGit } from './run';
import { isAbbreviatedObjectId, isObjectId, isValidBranchName, isValidRefName } from './validate';

export { isObjectId, isValidBranchName } from './validate';

/** The full reference of a branch. */
export const branchRef = (branch: string): string => `refs/heads/${branch}`;
export const tagRef = (tag: string): string => `refs/tags/${tag}`;

export interface BranchTip {
  readonly name: string;
  readonly commit: string;
}

/**
 * Every branch and the commit it points at, most recently committed first and then by name, as Gitea lists
 * them (`git for-each-ref`; the last `--sort` is the primary key).
 */
export async function listBranches(gitDir: string): Promise<BranchTip[]> {
  const { stdout } = await runGit(
    [
      'for-each-ref',
      '--sort=refname',
      '--sort=-committerdate',
      '--format=%(objecttype)%00%(objectname)%00%(refname)',
      'refs/heads/',
    ],
    { gitDir },
  );
  const branches: BranchTip[] = [];
  for (const line of stdout.split('\n')) {
    const [type, commit, ref] = line.split('\0');
    if (type !== 'commit' || commit === undefined || !ref?.startsWith('refs/heads/')) continue;
    branches.push({ name: ref.slice('refs/heads/'.length), commit });
  }
  return branches;
}

/** The commit a branch points at, or undefined (also for names git would not accept). */
export async function resolveBranch(reader: CatFileReader, name: string): Promise<string | undefined> {
  if (!isValidRefName(name)) return undefined;
  const info = await reader.info(branchRef(name));
  return info?.type === 'commit' ? info.sha : undefined;
}

/** The commit a tag points at (annotated tags peeled), or undefined. */
export async function resolveTag(reader: CatFileReader, name: string): Promise<string | undefined> {
  if (!isValidRefName(name)) return undefined;
  const info = await reader.info(`${tagRef(name)}^{commit}`);
  return info?.sha;
}

/** The full id of the commit a full or abbreviated id names, or undefined (also when ambiguous). */
export async function resolveCommitId(reader: CatFileReader, id: string): Promise<string | undefined> {
  if (!isAbbreviatedObjectId(id)) return undefined;
  const info = await reader.info(`${id.toLowerCase()}^{commit}`);
  return info?.sha;
}

export type RefKind = 'branch' | 'tag' | 'commit';

/** A reference resolved to a commit: what kind of name it was, the name (a full id for commits), the commit. */
export interface ResolvedRef {
  readonly kind: RefKind;
  readonly name: string;
  readonly commit: string;
}

/**
 * Resolves what clients pass as a ref, in Gitea's order: a full `refs/heads/…` or `refs/tags/…` name, a
 * branch, a tag, then a full or abbreviated commit id. Undefined when nothing matches.
 */
export async function resolveRef(reader: CatFileReader, ref: string): Promise<ResolvedRef | undefined> {
  for (const [prefix, kind] of [
    ['refs/heads/', 'branch'],
    ['refs/tags/', 'tag'],
  ] as const) {
    if (!ref.startsWith(prefix)) continue;
    const name = ref.slice(prefix.length);
    const commit = kind === 'branch' ? await resolveBranch(reader, name) : await resolveTag(reader, name);
    if (commit) return { kind, name, commit };
  }
  const [branch, tag] = await Promise.all([resolveBranch(reader, ref), resolveTag(reader, ref)]);
  if (branch) return { kind: 'branch', name: ref, commit: branch };
  if (tag) return { kind: 'tag', name: ref, commit: tag };
  const commit = await resolveCommitId(reader, ref);
  return commit ? { kind: 'commit', name: commit, commit } : undefined;
}

/**
 * Splits a path that starts with a ref (`main/docs/a.md`, `feature/x/a.md`, `v1.0/a.md`, `<full id>/a.md`)
 * into the ref and the rest, as Gitea's legacy raw route does: the shortest prefix naming a branch, else a
 * tag, else a full commit id as the first segment. Undefined when no prefix is a ref (all lookups go to
 * cat-file at once).
 */
export async function resolveRefPrefix(
  reader: CatFileReader,
  path: string,
): Promise<{ ref: ResolvedRef; rest: string } | undefined> {
  const segments = path.split('/');
  // A ref must leave a path behind it: the whole path is never tried as a ref.
  const prefixes = segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
  const restAfter = (i: number): string => segments.slice(i + 1).join('/');
  const [branches, tags] = await Promise.all([
    Promise.all(prefixes.map((prefix) => resolveBranch(reader, prefix))),
    Promise.all(prefixes.map((prefix) => resolveTag(reader, prefix))),
  ]);
  for (const [kind, found] of [
    ['branch', branches],
    ['tag', tags],
  ] as const) {
    const at = found.findIndex((commit) => commit !== undefined);
    if (at >= 0) return { ref: { kind, name: prefixes[at]!, commit: found[at]! }, rest: restAfter(at) };
  }
  const first = segments[0]?.toLowerCase() ?? '';
  if (segments.length > 1 && isObjectId(first)) {
    const commit = await resolveCommitId(reader, first);
    if (commit) return { ref: { kind: 'commit', name: commit, commit }, rest: restAfter(0) };
  }
  return undefined;
}

export type CreateBranchResult = 'created' | 'exists' | 'conflict';

/**
 * Creates `refs/heads/<name>` at `commit` only if it does not exist (the all-zero old value makes the update
 * a compare-and-swap). `conflict` when a branch `a` blocks `a/b` or the other way round.
 */
export async function createBranch(
  gitDir: string,
  name: string,
  commit: string,
): Promise<CreateBranchResult> {
  if (!isValidBranchName(name) || !isObjectId(commit))
    throw new Error(`invalid branch or commit: ${name} ${commit}`);
  try {
    await runGit(['update-ref', branchRef(name), commit, '0'.repeat(commit.length)], { gitDir });
    return 'created';
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/reference already exists/.test(error.stderr)) return 'exists';
    if (/exists; cannot create|cannot lock ref/.test(error.stderr)) return 'conflict';
    throw error;
  }
}

/** Deletes `refs/heads/<name>` if it still points at `expected`; false when it moved or went meanwhile. */
export async function deleteBranch(gitDir: string, name: string, expected: string): Promise<boolean> {
  if (!isValidRefName(name) || !isObjectId(expected))
    throw new Error(`invalid branch or commit: ${name} ${expected}`);
  try {
    await runGit(['update-ref', '-d', branchRef(name), expected], { gitDir });
    return true;
  } catch (error) {
    if (error instanceof GitError && /cannot lock ref|expected/.test(error.stderr)) return false;
    throw error;
  }
}

/** A reference and the object it names directly (an annotated tag names its tag object). */
export interface RefEntry {
  /** The full name: `refs/heads/main`, `refs/tags/v1`, `refs/pull/1/head`. */
  readonly ref: string;
  readonly sha: string;
  readonly type: 'commit' | 'tag' | 'tree' | 'blob';
}

/**
 * Every reference by name (`git for-each-ref`), apart from remote-tracking branches and the stash, which
 * a workspace folder's own repository may have and a hosted one shows nobody (Gitea means to skip them).
 */
export async function listAllRefs(gitDir: string): Promise<RefEntry[]> {
  const { stdout } = await runGit(['for-each-ref', '--format=%(objectname) %(objecttype) %(refname)'], {
    gitDir,
  });
  const refs: RefEntry[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^([0-9a-f]{40}|[0-9a-f]{64}) (commit|tag|tree|blob) (refs\/.+)$/.exec(line);
    if (!match) continue;
    const ref = match[3]!;
    if (ref.startsWith('refs/remotes/') || ref === 'refs/stash') continue;
    refs.push({ ref, sha: match[1]!, type: match[2] as RefEntry['type'] });
  }
  return refs;
}

/** `moved`, or why not: the target exists (or a branch blocks its name), or the source moved meanwhile. */
export type MoveBranchResult = 'moved' | 'exists' | 'changed';

/**
 * Renames `from` to `to` in one ref transaction: `to` is created at `commit` only if absent and `from`
 * deleted only if it still points at `commit`, so a concurrent push makes the whole rename fail.
 */
export async function moveBranch(
  gitDir: string,
  from: string,
  to: string,
  commit: string,
): Promise<MoveBranchResult> {
  if (!isValidBranchName(from) || !isValidBranchName(to) || !isObjectId(commit))
    throw new Error(`invalid branches or commit: ${from} ${to} ${commit}`);
  // `a` → `a/b` (or back) cannot be one transaction: the old name blocks the new one until it is gone
  if (to.startsWith(`${from}/`) || from.startsWith(`${to}/`)) return renameNested(gitDir, from, to, commit);
  try {
    const input = `create ${branchRef(to)} ${commit}\ndelete ${branchRef(from)} ${commit}\n`;
    await runGit(['update-ref', '--stdin'], { gitDir, input });
    return 'moved';
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/reference already exists|exists; cannot create/.test(error.stderr)) return 'exists';
    if (/cannot lock ref|expected|is at/.test(error.stderr)) return 'changed';
    throw error;
  }
}

/** `git branch -m` for names nested in each other, after checking the branch is still at `commit`. */
async function renameNested(
  gitDir: string,
  from: string,
  to: string,
  commit: string,
): Promise<MoveBranchResult> {
  const { stdout } = await runGit(['rev-parse', '--verify', '--quiet', `${branchRef(from)}^{commit}`], {
    gitDir,
  });
  if (stdout.trim() !== commit) return 'changed';
  try {
    await runGit(['branch', '-m', '--', from, to], { gitDir });
    return 'moved';
  } catch (error) {
    if (error instanceof GitError && /already exists|cannot lock ref/.test(error.stderr)) return 'exists';
    throw error;
  }
}

/** Moves `refs/heads/<name>` from `expected` to `commit`; false when it no longer points at `expected`. */
export async function setBranch(
  gitDir: string,
  name: string,
  commit: string,
  expected: string,
): Promise<boolean> {
  if (!isValidBranchName(name) || !isObjectId(commit) || !isObjectId(expected))
    throw new Error(`invalid branch or commits: ${name} ${commit} ${expected}`);
  try {
    await runGit(['update-ref', branchRef(name), commit, expected], { gitDir });
    return true;
  } catch (error) {
    if (error instanceof GitError && /cannot lock ref|expected|is at/.test(error.stderr)) return false;
    throw error;
  }
}
