import { runGit } from './run';
import { isObjectId } from './validate';

/** Differences between two commits: the text of `.diff` / `.patch`, line counts, and the changed files. */

function assertCommitId(...ids: string[]): void {
  for (const id of ids) if (!isObjectId(id)) throw new Error(`not an object id: ${id}`);
}

/** `git diff` from `from` to `to` (renames detected; binary files as a `git apply`-able patch when asked). */
export async function diffText(
  gitDir: string,
  from: string,
  to: string,
  options: { binary: boolean },
): Promise<string> {
  assertCommitId(from, to);
  const args = ['diff', '-M', '-p'];
  if (options.binary) args.push('--binary');
  args.push(from, to, '--');
  return (await runGit(args, { gitDir })).stdout;
}

/** `git diff -M` of one file from `from` to `to` ('' when the file did not change); the path is no pattern. */
export async function fileDiffText(gitDir: string, from: string, to: string, path: string): Promise<string> {
  assertCommitId(from, to);
  const env = { GIT_LITERAL_PATHSPECS: '1' };
  return (await runGit(['diff', '-M', '-p', from, to, '--', path], { gitDir, env })).stdout;
}

/** `git format-patch --stdout` of the commits in `to` but not in `from`: one mail per commit. */
export async function patchText(gitDir: string, from: string, to: string): Promise<string> {
  assertCommitId(from, to);
  return (await runGit(['format-patch', '--binary', '--stdout', `${from}..${to}`, '--'], { gitDir })).stdout;
}

export interface DiffStat {
  readonly changedFiles: number;
  readonly additions: number;
  readonly deletions: number;
}

/** Files changed and lines added and removed from `from` to `to` (`git diff --shortstat`). */
export async function diffStat(gitDir: string, from: string, to: string): Promise<DiffStat> {
  assertCommitId(from, to);
  const { stdout } = await runGit(['diff', '--shortstat', from, to, '--'], { gitDir });
  const count = (pattern: RegExp): number => Number(pattern.exec(stdout)?.[1] ?? 0);
  return {
    changedFiles: count(/(\d+) files? changed/),
    additions: count(/(\d+) insertions?\(\+\)/),
    deletions: count(/(\d+) deletions?\(-\)/),
  };
}

export type ChangeStatus = 'added' | 'deleted' | 'changed' | 'renamed' | 'copied' | 'unchanged';

export interface FileDiff {
  readonly filename: string;
  /** The old path of a renamed or copied file, else empty. */
  readonly previousFilename: string;
  readonly status: ChangeStatus;
  readonly additions: number;
  readonly deletions: number;
  readonly binary: boolean;
}

function statusOf(
  letter: string,
  count: { additions: number; deletions: number; binary: boolean },
): ChangeStatus {
  if (letter === 'A') return 'added';
  if (letter === 'D') return 'deleted';
  if (letter === 'R') return 'renamed';
  if (letter === 'C') return 'copied';
  // A mode change only: Gitea says "unchanged" when no line moved.
  return count.additions + count.deletions === 0 && !count.binary ? 'unchanged' : 'changed';
}

/**
 * The files that differ from `from` to `to` with their line counts, in git's order (`git diff --raw
 * --numstat -z -M`: all raw records first, then the counts in the same order).
 */
export async function changedFiles(gitDir: string, from: string, to: string): Promise<FileDiff[]> {
  assertCommitId(from, to);
  const { stdout } = await runGit(['diff', '-M', '--raw', '--numstat', '-z', from, to, '--'], { gitDir });
  const fields = stdout.split('\0');
  const raw: { letter: string; path: string; previous: string }[] = [];
  const counts: { additions: number; deletions: number; binary: boolean }[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.startsWith(':')) {
      // `:<old mode> <new mode> <old id> <new id> <status letter><score>` then one path, or two for R/C
      const letter = (field.split(' ').at(-1) ?? 'M').charAt(0);
      if (letter === 'R' || letter === 'C') {
        raw.push({ letter, previous: fields[i + 1] ?? '', path: fields[i + 2] ?? '' });
        i += 2;
      } else {
        raw.push({ letter, previous: '', path: fields[i + 1] ?? '' });
        i += 1;
      }
      continue;
    }
    // `<added>\t<deleted>\t<path>`, or with an empty path followed by old and new paths for a rename
    const numstat = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(field);
    if (!numstat) continue;
    if (numstat[3] === '') i += 2;
    const binary = numstat[1] === '-';
    counts.push({
      additions: binary ? 0 : Number(numstat[1]),
      deletions: binary ? 0 : Number(numstat[2]),
      binary,
    });
  }
  return raw.map((entry, index) => {
    const count = counts[index] ?? { additions: 0, deletions: 0, binary: false };
    return {
      filename: entry.path,
      previousFilename: entry.previous,
      status: statusOf(entry.letter, count),
      additions: count.additions,
      deletions: count.deletions,
      binary: count.binary,
    };
  });
}

/** Git's empty tree: what a root commit is compared with. */
export const emptyTreeId = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** A commit's changes against its first parent (Gitea's commit diff), as `git diff` text. */
export function commitDiffText(
  gitDir: string,
  commit: { readonly sha: string; readonly parents: readonly string[] },
  binary = false,
): Promise<string> {
  return diffText(gitDir, commit.parents[0] ?? emptyTreeId, commit.sha, { binary });
}

/** The commit as one mail (`git format-patch -1`), what Gitea's `{sha}.patch` answers. */
export async function commitPatchText(gitDir: string, commit: { readonly sha: string }): Promise<string> {
  assertCommitId(commit.sha);
  return (await runGit(['format-patch', '-1', '--binary', '--stdout', commit.sha, '--'], { gitDir })).stdout;
}
