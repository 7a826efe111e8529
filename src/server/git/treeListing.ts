import { runGit } from './run';
import { isObjectId } from './validate';

/** One entry of `git ls-tree -l`: its path below the listed tree, mode, object type, id and size. */
export interface ListedEntry {
  /** The path below the listed tree (the name alone unless recursive). */
  readonly path: string;
  /** Six octal digits as git prints them: `100644`, `100755`, `120000`, `040000`, `160000`. */
  readonly mode: string;
  readonly type: 'blob' | 'tree' | 'commit';
  readonly sha: string;
  /** Bytes of a blob; 0 for trees and submodules (git prints `-`). */
  readonly size: number;
}

const entryPattern = /^(\d{6}) (blob|tree|commit) ([0-9a-f]{40}|[0-9a-f]{64}) +(\d+|-)\t(.*)$/s;

/**
 * The entries of the tree `tree` (a full id) in git's order, with blob sizes (`git ls-tree -l -z`).
 * `recursive` walks every subtree, each directory listed before what it holds (`-r -t`), as Gitea's tree
 * API and language statistics read them; `treesToo: false` leaves the directories out.
 */
export async function listTreeEntries(
  gitDir: string,
  tree: string,
  options: { recursive: boolean; treesToo?: boolean },
): Promise<ListedEntry[]> {
  if (!isObjectId(tree)) throw new Error(`not an object id: ${tree}`);
  const args = ['ls-tree', '-l', '-z'];
  if (options.recursive) args.push('-r', ...(options.treesToo === false ? [] : ['-t']));
  const { stdout } = await runGit([...args, tree], { gitDir });
  const entries: ListedEntry[] = [];
  for (const record of stdout.split('\0')) {
    if (record === '') continue;
    const match = entryPattern.exec(record);
    if (!match) throw new Error(`git ls-tree printed an unexpected entry: ${record}`);
    entries.push({
      mode: match[1]!,
      type: match[2] as ListedEntry['type'],
      sha: match[3]!,
      size: match[4] === '-' ? 0 : Number(match[4]),
      path: match[5]!,
    });
  }
  return entries;
}
