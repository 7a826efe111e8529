import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import type { CatFileReader } from '../git/catFile';
import { readCommit } from '../git/commits';
import { commitFileChanges, moveBranch, type FileChange } from '../git/fileCommit';
import type { CommitPerson } from '../git/identity';
import { listBranches, resolveBranch } from '../git/refs';
import { entryAt, type TreeEntry } from '../git/trees';
import { isValidBranchName } from '../git/validate';
import { listProtectedBranches } from '../store/branchProtections';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { mayPushTo, ruleForBranch } from './branchProtectionRules';
import { isSiteAdmin, repoAccess } from './permissions';

/** Gitea's ChangeFileOperation kinds: `upload` creates or updates, `rename` moves keeping the content. */
export type FileOperation = 'create' | 'update' | 'upload' | 'rename' | 'delete';
export const fileOperations: readonly FileOperation[] = ['create', 'update', 'upload', 'rename', 'delete'];

export interface PersonInput {
  readonly name?: string;
  readonly email?: string;
}

/** One file of a change, its paths already normalised. */
export interface FileOperationRequest {
  readonly operation: FileOperation;
  readonly path: string;
  readonly content?: Buffer;
  /** The blob id the client last saw; when given it must match. */
  readonly sha?: string;
  /** Where the file was, for an update or rename that moves it. */
  readonly fromPath?: string;
}

/** What a commit through the contents API says about itself and where it goes. */
export interface CommitRequest {
  readonly branch?: string;
  readonly newBranch?: string;
  /** A new branch that exists already is overwritten (Gitea's `force_push`). */
  readonly forcePush?: boolean;
  readonly message?: string;
  readonly author?: PersonInput;
  readonly committer?: PersonInput;
  /** Dates as git takes them (`@<unix> +hhmm`). */
  readonly authorDate?: string;
  readonly committerDate?: string;
  readonly signoff: boolean;
}

export interface FileChangeRequest extends CommitRequest {
  readonly files: readonly FileOperationRequest[];
}

export interface FileRepository {
  readonly repo: RepositoryRow;
  readonly gitDir: string;
  readonly reader: CatFileReader;
}

export interface FileChangeResult {
  /** The branch the commit went to. */
  readonly branch: string;
  readonly commit: string;
}

/**
 * Author and committer as Gitea's GetAuthorAndCommitterUsers picks them: each as given (by e-mail),
 * one standing in for the other when only one is given, else the caller (their private address when
 * they keep it private).
 */
export function commitPeople(
  request: CommitRequest,
  doer: UserRow,
  noreplyHost: string,
): [CommitPerson, CommitPerson] {
  const doerPerson: CommitPerson = {
    name: doer.full_name || doer.name,
    email: doer.keep_email_private ? `${doer.lower_name}@noreply.${noreplyHost}` : doer.email,
  };
  const given = (input: PersonInput | undefined): CommitPerson | undefined => {
    if (!input?.email) return undefined;
    if (input.email.toLowerCase() === doer.email.toLowerCase())
      return { ...doerPerson, name: input.name || doerPerson.name };
    return { name: input.name ?? '', email: input.email };
  };
  const author = given(request.author);
  const committer = given(request.committer);
  const pick = (first: CommitPerson | undefined, second: CommitPerson | undefined): CommitPerson =>
    first ?? second ?? doerPerson;
  return [
    { ...pick(author, committer), date: request.authorDate },
    { ...pick(committer, author), date: request.committerDate },
  ];
}

/** Gitea's default message: "Add a, b", "Update c", "Delete d" on their own lines. */
function defaultMessage(files: readonly FileOperationRequest[]): string {
  const of = (kinds: readonly FileOperation[]): string[] =>
    files.filter((f) => kinds.includes(f.operation)).map((f) => f.path);
  const lines: [string, string[]][] = [
    ['Add', of(['create'])],
    ['Update', of(['update', 'upload', 'rename'])],
    ['Delete', of(['delete'])],
  ];
  return lines
    .filter(([, paths]) => paths.length > 0)
    .map(([verb, paths]) => `${verb} ${paths.join(', ')}`)
    .join('\n');
}

/** The message as given (or Gitea's default), a final newline, and a sign-off trailer when asked. */
export function commitMessage(request: CommitRequest, fallback: string, committer: CommitPerson): string {
  let message = request.message?.trim() ? request.message.trim() : fallback;
  if (!message.endsWith('\n')) message += '\n';
  if (request.signoff) message += `\nSigned-off-by: ${committer.name} <${committer.email}>\n`;
  return message;
}

/**
 * Gitea's CanWriteToBranch for the contents API: write access, and the target branch's protection rule
 * allowing the push; site administrators pass. 403 otherwise.
 */
export function assertMayWriteBranch(db: Database, repo: RepositoryRow, doer: UserRow, branch: string): void {
  if (isSiteAdmin(doer)) return;
  const rule = ruleForBranch(listProtectedBranches(db, repo.id), branch);
  if (!mayPushTo(db, rule, doer, repoAccess(db, doer, repo, 'repo.code'))) {
    throw forbidden('user should have a permission to write to the target branch');
  }
}

/** 422 unless every folder on the way to `path` is a folder (not a file) in `tree`. */
async function assertFoldersOnPath(reader: CatFileReader, tree: string, path: string): Promise<void> {
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    const entry = await entryAt(reader, tree, prefix);
    if (!entry) return;
    if (entry.kind !== 'dir') {
      throw invalid(`a file exists where you’re trying to create a subdirectory [path: ${prefix}]`);
    }
  }
}

function assertSha(entry: TreeEntry | undefined, sha: string | undefined): void {
  if (sha === undefined || sha === '') return;
  if (entry?.sha !== sha) {
    throw invalid(`sha does not match [given: ${sha}, expected: ${entry?.sha ?? ''}]`);
  }
}

/**
 * Where the commit goes and what it starts from: the base branch's tip (nothing in an empty repository),
 * the branch to move, and the value that branch must still have when it moves (undefined: must not exist).
 */
async function baseOf(
  target: FileRepository,
  request: FileChangeRequest,
): Promise<{ parent: string | undefined; branch: string; expected: string | undefined }> {
  const base = request.branch || target.repo.default_branch;
  let parent = await resolveBranch(target.reader, base);
  if (!parent) {
    // Only new files may start the default branch of a repository that has no branches at all.
    const empty = base === target.repo.default_branch && (await listBranches(target.gitDir)).length === 0;
    const onlyCreates = request.files.every((f) => f.operation === 'create' || f.operation === 'upload');
    if (!empty || !onlyCreates) throw notFound(`branch does not exist [name: ${base}]`);
    parent = undefined;
  }
  const branch = request.newBranch || base;
  if (branch === base) return { parent, branch, expected: parent };
  if (!isValidBranchName(branch)) throw invalid('[NewBranchName]: GitRefName');
  const existing = await resolveBranch(target.reader, branch);
  if (existing && request.forcePush) return { parent, branch, expected: existing };
  const clash = (await listBranches(target.gitDir)).find(
    (b) => b.name === branch || b.name.startsWith(`${branch}/`) || branch.startsWith(`${b.name}/`),
  );
  if (clash) throw invalid(`branch already exists [name: ${clash.name}]`);
  return { parent, branch, expected: undefined };
}

/** The tree changes of one file, checked against the parent's tree as Gitea checks them (before any is applied). */
async function planFile(
  reader: CatFileReader,
  tree: string | undefined,
  file: FileOperationRequest,
): Promise<FileChange[]> {
  const at = (path: string): Promise<TreeEntry | undefined> =>
    tree === undefined ? Promise.resolve(undefined) : entryAt(reader, tree, path);
  const from = file.fromPath && file.fromPath !== file.path ? file.fromPath : undefined;
  const existing = await at(file.path);
  const isFile = (entry: TreeEntry | undefined): entry is TreeEntry =>
    entry !== undefined && entry.kind !== 'dir' && entry.kind !== 'submodule';
  if (file.operation === 'delete') {
    if (!isFile(existing)) throw notFound(`repository file does not exist [path: ${file.path}]`);
    assertSha(existing, file.sha);
    return [{ kind: 'delete', path: file.path }];
  }
  if (tree !== undefined) await assertFoldersOnPath(reader, tree, file.path);
  if (existing?.kind === 'dir') {
    throw invalid(`a directory exists where you’re trying to create a file [path: ${file.path}]`);
  }
  const source = from === undefined ? existing : await at(from);
  if (file.operation !== 'create' && !(file.operation === 'upload' && source === undefined)) {
    if (!isFile(source)) throw notFound(`repository file does not exist [path: ${from ?? file.path}]`);
    assertSha(source, file.sha);
  }
  if (existing && (file.operation === 'create' || from !== undefined)) {
    throw invalid(`repository file already exists [path: ${file.path}]`);
  }
  const mode = source?.kind === 'executable' ? '100755' : '100644';
  const changes: FileChange[] = from === undefined ? [] : [{ kind: 'delete', path: from }];
  if (file.operation === 'rename') {
    // a rename keeps the blob as it is (Gitea ignores `content` here)
    changes.push({ kind: 'blob', path: file.path, sha: source!.sha, mode: source!.mode });
  } else {
    changes.push({ kind: 'write', path: file.path, content: file.content ?? Buffer.alloc(0), mode });
  }
  return changes;
}

/**
 * Creates, updates, moves and deletes files with ONE new commit on the base branch or on a new branch made
 * from it, as Gitea's ChangeRepoFiles does: every file is checked against the base commit first, then all
 * are applied in order. The branch moves by compare-and-swap: a concurrent change answers 409. (The caller
 * records the move as a push, which also marks an empty repository as no longer empty.)
 */
export async function changeFiles(
  target: FileRepository,
  doer: UserRow,
  noreplyHost: string,
  request: FileChangeRequest,
): Promise<FileChangeResult> {
  const { parent, branch, expected } = await baseOf(target, request);
  const parentCommit = parent === undefined ? undefined : await readCommit(target.reader, parent);
  const changes: FileChange[] = [];
  for (const file of request.files)
    changes.push(...(await planFile(target.reader, parentCommit?.tree, file)));
  const [author, committer] = commitPeople(request, doer, noreplyHost);
  const commit = await commitFileChanges(target.gitDir, {
    parent,
    changes,
    message: commitMessage(request, defaultMessage(request.files), committer),
    author,
    committer,
  });
  if (!(await moveBranch(target.gitDir, branch, commit, expected))) {
    throw conflict(`branch ${branch} changed meanwhile; fetch it and try again`);
  }
  return { branch, commit };
}
