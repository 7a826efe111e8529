import { commitIdentityEnv } from './identity';
import { branchRef, isObjectId, isValidBranchName } from './refs';
import { runGit } from './run';

export type ObjectFormat = 'sha1' | 'sha256';

export interface InitOptions {
  readonly defaultBranch: string;
  readonly objectFormat: ObjectFormat;
}

/**
 * Creates a bare repository at `gitDir` whose HEAD names `defaultBranch`. The empty template keeps a
 * user's own `init.templateDir` hooks out of server repositories.
 */
export async function initBareRepository(gitDir: string, options: InitOptions): Promise<void> {
  if (!isValidBranchName(options.defaultBranch))
    throw new Error(`invalid branch name: ${options.defaultBranch}`);
  await runGit([
    'init',
    '--bare',
    '--quiet',
    '--template=',
    `--object-format=${options.objectFormat}`,
    `--initial-branch=${options.defaultBranch}`,
    '--',
    gitDir,
  ]);
}

/** A person in a commit, with the time git records for them. */
export interface Signature {
  readonly name: string;
  readonly email: string;
  /** Unix seconds. */
  readonly when: number;
}

export interface InitialCommit {
  readonly branch: string;
  readonly message: string;
  readonly author: Signature;
  /** Top-level files only: name → content. */
  readonly files: ReadonlyMap<string, string>;
}

async function hashBlob(gitDir: string, content: string): Promise<string> {
  const { stdout } = await runGit(['hash-object', '-w', '--stdin'], { gitDir, input: content });
  return stdout.trim();
}

/**
 * Writes the first commit of an empty bare repository with plumbing (blobs, a tree, a commit, the branch
 * reference), so no working tree is needed. Returns the commit id.
 */
export async function commitInitialFiles(gitDir: string, commit: InitialCommit): Promise<string> {
  if (!isValidBranchName(commit.branch)) throw new Error(`invalid branch name: ${commit.branch}`);
  const entries: string[] = [];
  for (const [name, content] of [...commit.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (name.includes('/') || name.includes('\t') || name.includes('\n'))
      throw new Error(`invalid file name: ${name}`);
    entries.push(`100644 blob ${await hashBlob(gitDir, content)}\t${name}\n`);
  }
  const tree = (await runGit(['mktree'], { gitDir, input: entries.join('') })).stdout.trim();
  const { name, email, when } = commit.author;
  const person = { name, email, date: `@${when} +0000` };
  const { stdout } = await runGit(['commit-tree', '--no-gpg-sign', '-m', commit.message, tree], {
    gitDir,
    env: commitIdentityEnv(person, person),
  });
  const sha = stdout.trim();
  if (!isObjectId(sha)) throw new Error(`git commit-tree answered an unexpected id: ${sha}`);
  // The all-zero old value makes git refuse if the branch appeared meanwhile.
  await runGit(['update-ref', branchRef(commit.branch), sha, '0'.repeat(sha.length)], { gitDir });
  return sha;
}
