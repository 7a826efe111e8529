import { conflict, invalid, notFound } from '../domain/errors';
import type { CatFileReader } from '../git/catFile';
import { readCommit } from '../git/commits';
import { commitFileChanges, moveBranch, type FileChange } from '../git/fileCommit';
import type { CommitPerson } from '../git/identity';
import { listBranches, resolveBranch } from '../git/refs';
import { entryAt, type TreeEntry } from '../git/trees';
import { isValidBranchName } from '../git/validate';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';

export type FileOperation = 'create' | 'update' | 'delete';

export interface PersonInput {
  readonly name?: string;
  readonly email?: string;
}

/** One file change through the contents API, parsed and with its path already normalised. */
export interface FileChangeRequest {
  readonly operation: FileOperation;
  readonly path: string;
  readonly content?: Buffer;
  /** The blob id the client last saw (required to update or delete). */
  readonly sha?: string;
  /** For an update that moves the file: where it was. */
  readonly fromPath?: string;
  readonly branch?: string;
  readonly newBranch?: string;
  readonly message?: string;
  readonly author?: PersonInput;
  readonly committer?: PersonInput;
  /** Dates as git takes them (`@<unix> +hhmm`). */
  readonly authorDate?: string;
  readonly committerDate?: string;
  readonly signoff: boolean;
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
function people(
  request: FileChangeRequest,
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

/** Gitea's default messages ("Add x", "Update x", "Delete x"), a final newline, and a sign-off trailer. */
function commitMessage(request: FileChangeRequest, committer: CommitPerson): string {
  const verb = request.operation === 'create' ? 'Add' : request.operation === 'update' ? 'Update' : 'Delete';
  let message = request.message?.trim() ? request.message : `${verb} ${request.path}`;
  if (!message.endsWith('\n')) message += '\n';
  if (request.signoff) message += `\nSigned-off-by: ${committer.name} <${committer.email}>\n`;
  return message;
}

/** 422 unless every folder on the way to `path` is a folder (not a file) in `tree`. */
async function assertFoldersOnPath(reader: CatFileReader, tree: string, path: string): Promise<void> {
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    const entry = await entryAt(reader, tree, prefix);
    if (!entry) return;
    if (entry.kind !== 'dir') throw invalid(`a file exists where a folder is needed [path: ${prefix}]`);
  }
}

function assertSha(entry: TreeEntry, sha: string | undefined): void {
  if (!sha) throw invalid('[SHA]: Required');
  if (entry.sha !== sha) throw invalid(`sha does not match [given: ${sha}, expected: ${entry.sha}]`);
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
    // Only a first file may start the default branch of a repository that has no branches at all.
    const empty = base === target.repo.default_branch && (await listBranches(target.gitDir)).length === 0;
    if (!empty || request.operation !== 'create') throw notFound(`branch does not exist [name: ${base}]`);
    parent = undefined;
  }
  const branch = request.newBranch || base;
  if (branch === base) return { parent, branch, expected: parent };
  if (!isValidBranchName(branch)) throw invalid('[NewBranchName]: GitRefName');
  const clash = (await listBranches(target.gitDir)).find(
    (b) => b.name === branch || b.name.startsWith(`${branch}/`) || branch.startsWith(`${b.name}/`),
  );
  if (clash) throw invalid(`branch already exists [name: ${clash.name}]`);
  return { parent, branch, expected: undefined };
}

/** The changes to the tree the request asks for, after checking it against the parent's tree. */
async function plan(
  target: FileRepository,
  request: FileChangeRequest,
  tree: string | undefined,
): Promise<FileChange[]> {
  const existing = tree === undefined ? undefined : await entryAt(target.reader, tree, request.path);
  const write = (mode: string): FileChange => ({
    kind: 'write',
    path: request.path,
    content: request.content ?? Buffer.alloc(0),
    mode,
  });
  if (tree !== undefined) await assertFoldersOnPath(target.reader, tree, request.path);
  if (existing?.kind === 'dir' && request.operation !== 'delete') {
    throw invalid(`a folder exists at the file's path [path: ${request.path}]`);
  }
  switch (request.operation) {
    case 'create':
      if (existing) throw invalid(`repository file already exists [path: ${request.path}]`);
      return [write('100644')];
    case 'delete':
      if (!existing || existing.kind === 'dir' || existing.kind === 'submodule') {
        throw notFound(`repository file does not exist [path: ${request.path}]`);
      }
      assertSha(existing, request.sha);
      return [{ kind: 'delete', path: request.path }];
    case 'update': {
      const from = request.fromPath && request.fromPath !== request.path ? request.fromPath : undefined;
      const source =
        from === undefined
          ? existing
          : tree === undefined
            ? undefined
            : await entryAt(target.reader, tree, from);
      if (!source || source.kind === 'dir' || source.kind === 'submodule') {
        throw notFound(`repository file does not exist [path: ${from ?? request.path}]`);
      }
      assertSha(source, request.sha);
      if (from === undefined) return [write(source.mode)];
      if (existing) throw invalid(`repository file already exists [path: ${request.path}]`);
      return [{ kind: 'delete', path: from }, write(source.mode)];
    }
  }
}

/**
 * Creates, updates (optionally moving) or deletes one file with a new commit on the base branch or on a
 * new branch made from it. The branch moves by compare-and-swap: a concurrent change answers 409. (The
 * caller records the move as a push, which also marks an empty repository as no longer empty.)
 */
export async function changeFile(
  target: FileRepository,
  doer: UserRow,
  noreplyHost: string,
  request: FileChangeRequest,
): Promise<FileChangeResult> {
  const { parent, branch, expected } = await baseOf(target, request);
  const parentCommit = parent === undefined ? undefined : await readCommit(target.reader, parent);
  const changes = await plan(target, request, parentCommit?.tree);
  const [author, committer] = people(request, doer, noreplyHost);
  const commit = await commitFileChanges(target.gitDir, {
    parent,
    changes,
    message: commitMessage(request, committer),
    author,
    committer,
  });
  if (!(await moveBranch(target.gitDir, branch, commit, expected))) {
    throw conflict(`branch ${branch} changed meanwhile; fetch it and try again`);
  }
  return { branch, commit };
}
