import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './run';
import { assertNotOption, isObjectId } from './validate';

/** Every reference of a repository and the object it points at (`refs/heads/main` → id). */
export type RefSnapshot = ReadonlyMap<string, string>;

/** One reference a push (or a change found on disk) created, moved or deleted. */
export interface RefUpdate {
  readonly ref: string;
  /** The all-zero id when the reference was created. */
  readonly before: string;
  /** The all-zero id when the reference was deleted. */
  readonly after: string;
}

export const zeroId = (length = 40): string => '0'.repeat(length);
export const isZeroId = (id: string): boolean => /^0+$/.test(id);

/** Branches and tags (`for-each-ref`); other references (notes, pull heads) are not pushes anyone follows. */
export async function snapshotRefs(gitDir: string): Promise<RefSnapshot> {
  const { stdout } = await runGit(
    ['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads/', 'refs/tags/'],
    {
      gitDir,
    },
  );
  const refs = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const space = line.indexOf(' ');
    if (space < 0) continue;
    const id = line.slice(0, space);
    if (isObjectId(id)) refs.set(line.slice(space + 1), id);
  }
  return refs;
}

/** What changed between two snapshots: creations, moves and deletions, in reference order. */
export function diffRefs(before: RefSnapshot, after: RefSnapshot): RefUpdate[] {
  const updates: RefUpdate[] = [];
  const names = new Set([...before.keys(), ...after.keys()]);
  for (const ref of [...names].sort()) {
    const old = before.get(ref);
    const now = after.get(ref);
    if (old === now) continue;
    const length = (old ?? now)!.length;
    updates.push({ ref, before: old ?? zeroId(length), after: now ?? zeroId(length) });
  }
  return updates;
}

/**
 * Commits reachable from `tip` but from none of `exclude`, newest first: at most `limit` ids and how many
 * there are in all (`git rev-list`).
 */
export async function newCommits(
  gitDir: string,
  tip: string,
  exclude: readonly string[],
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  for (const id of [tip, ...exclude]) {
    assertNotOption(id);
    if (!isObjectId(id)) throw new Error(`not an object id: ${id}`);
  }
  const revisions = [tip, ...exclude.map((id) => `^${id}`)];
  const [{ stdout: count }, { stdout: list }] = await Promise.all([
    runGit(['rev-list', '--count', '--stdin'], { gitDir, input: `${revisions.join('\n')}\n` }),
    runGit(['rev-list', `--max-count=${limit}`, '--stdin'], { gitDir, input: `${revisions.join('\n')}\n` }),
  ]);
  return { ids: list.split('\n').filter((line) => line !== ''), total: Number(count.trim()) || 0 };
}

/** The commit a tag or branch id finally names (annotated tags peeled), or undefined when it names none. */
export async function peelToCommit(gitDir: string, id: string): Promise<string | undefined> {
  if (!isObjectId(id)) return undefined;
  try {
    const { stdout } = await runGit(['rev-parse', '--verify', '--quiet', `${id}^{commit}`], { gitDir });
    const commit = stdout.trim();
    return isObjectId(commit) ? commit : undefined;
  } catch {
    return undefined;
  }
}

/** The branch HEAD names (`ref: refs/heads/<branch>`), read from the file; undefined when detached or unreadable. */
export async function headBranchOf(gitDir: string): Promise<string | undefined> {
  try {
    const head = (await readFile(path.join(gitDir, 'HEAD'), 'utf8')).trim();
    return head.startsWith('ref: refs/heads/') ? head.slice('ref: refs/heads/'.length) : undefined;
  } catch {
    return undefined;
  }
}

/** `sha1` or `sha256`: how the repository names its objects. */
export async function objectFormatOf(gitDir: string): Promise<'sha1' | 'sha256'> {
  const { stdout } = await runGit(['rev-parse', '--show-object-format'], { gitDir });
  return stdout.trim() === 'sha256' ? 'sha256' : 'sha1';
}
