import { GitError, runGit } from './run';
import { isObjectId } from './validate';

/**
 * Which commit last changed each line of a file at `rev` (`git blame --porcelain`): a map from line number to
 * commit id, only of the lines asked for (`lines`, else every line). Undefined when the file is not there
 * or has fewer lines than asked for, as Gitea's LineBlame tells "no such path" and "has only N lines".
 */
export async function blameLines(
  gitDir: string,
  rev: string,
  path: string,
  lines?: { from: number; to: number },
): Promise<Map<number, string> | undefined> {
  if (!isObjectId(rev)) throw new Error(`not an object id: ${rev}`);
  const range = lines ? ['-L', `${lines.from},${lines.to}`] : [];
  let stdout: string;
  try {
    ({ stdout } = await runGit(['blame', '--porcelain', ...range, rev, '--', path], {
      gitDir,
      env: { GIT_LITERAL_PATHSPECS: '1' },
    }));
  } catch (error) {
    if (error instanceof GitError && /no such path|has only \d+ lines?/.test(error.stderr)) return undefined;
    throw error;
  }
  const commits = new Map<number, string>();
  for (const text of stdout.split('\n')) {
    const header = /^([0-9a-f]{40,64}) \d+ (\d+)/.exec(text);
    if (header) commits.set(Number(header[2]), header[1]!);
  }
  return commits;
}
