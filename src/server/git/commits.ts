import type { CatFileReader } from './catFile';
import { ObjectCache } from './objectCache';
import { entryAt } from './trees';
import { runGit } from './run';
import { assertNotOption, isObjectId } from './validate';

/** An author or committer line of a commit: who, and when in their own time zone. */
export interface PersonIdent {
  readonly name: string;
  readonly email: string;
  /** Unix seconds. */
  readonly when: number;
  /** The zone as git recorded it, e.g. `+0200`. */
  readonly zone: string;
}

export interface CommitObject {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly author: PersonIdent;
  readonly committer: PersonIdent;
  /** The whole message as stored (subject, body, trailing newline). */
  readonly message: string;
  /** The signature (`gpgsig`) if the commit is signed; it is not verified here. */
  readonly signature: string | undefined;
  /** What the signature signs: the object without its signature header (only for signed commits). */
  readonly signedPayload: string | undefined;
}

const identPattern = /^(.*?) ?<([^<>]*)> (-?\d+) ([+-]\d{4})$/;

/** A `Name <email> 1700000000 +0200` line of a commit or tag object. */
export function parseIdent(value: string): PersonIdent {
  const match = identPattern.exec(value);
  if (!match) return { name: value, email: '', when: 0, zone: '+0000' };
  return { name: match[1]!, email: match[2]!, when: Number(match[3]), zone: match[4]! };
}

/**
 * Parses a raw commit object: headers up to the first blank line (a continuation line starts with a space),
 * then the message.
 */
export function parseCommit(sha: string, content: Buffer): CommitObject {
  const text = content.toString('utf8');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const message = split < 0 ? '' : text.slice(split + 2);
  let tree = '';
  const parents: string[] = [];
  let author: PersonIdent | undefined;
  let committer: PersonIdent | undefined;
  const signatureLines: string[] = [];
  const unsignedHead: string[] = [];
  let inSignature = false;
  for (const line of head.split('\n')) {
    if (line.startsWith(' ')) {
      if (inSignature) signatureLines.push(line.slice(1));
      else unsignedHead.push(line);
      continue;
    }
    const space = line.indexOf(' ');
    const key = space < 0 ? line : line.slice(0, space);
    const value = space < 0 ? '' : line.slice(space + 1);
    inSignature = key === 'gpgsig' || key === 'gpgsig-sha256';
    if (inSignature) {
      signatureLines.push(value);
      continue;
    }
    unsignedHead.push(line);
    if (key === 'tree') tree = value;
    else if (key === 'parent') parents.push(value);
    else if (key === 'author') author = parseIdent(value);
    else if (key === 'committer') committer = parseIdent(value);
  }
  const nobody: PersonIdent = { name: '', email: '', when: 0, zone: '+0000' };
  const signed = signatureLines.length > 0;
  return {
    sha,
    tree,
    parents,
    author: author ?? nobody,
    committer: committer ?? author ?? nobody,
    message,
    signature: signed ? `${signatureLines.join('\n')}\n` : undefined,
    signedPayload: signed ? `${unsignedHead.join('\n')}\n\n${message}` : undefined,
  };
}

const commitCache = new ObjectCache<CommitObject>(4096);

/** A commit by full object id; undefined when there is no such commit. */
export async function readCommit(reader: CatFileReader, sha: string): Promise<CommitObject | undefined> {
  const cached = commitCache.get(sha);
  if (cached) return cached;
  const object = await reader.read(sha);
  if (!object || object.type !== 'commit') return undefined;
  const commit = parseCommit(object.sha, object.content);
  commitCache.set(object.sha, commit);
  return commit;
}

/** RFC 3339 in the person's own zone (`Z` for UTC), as Go formats a commit time. */
export function identTime(ident: Pick<PersonIdent, 'when' | 'zone'>): string {
  const sign = ident.zone.startsWith('-') ? -1 : 1;
  const hours = Number(ident.zone.slice(1, 3));
  const minutes = Number(ident.zone.slice(3, 5));
  const offsetMinutes = sign * (hours * 60 + minutes);
  const local = new Date((ident.when + offsetMinutes * 60) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  if (offsetMinutes === 0) return `${local}Z`;
  return `${local}${sign < 0 ? '-' : '+'}${ident.zone.slice(1, 3)}:${ident.zone.slice(3, 5)}`;
}

/** Paths after `--` are file names, never pathspec magic such as `:(glob)`. */
const literalPaths = { GIT_LITERAL_PATHSPECS: '1' };

export type FileChangeStatus = 'added' | 'removed' | 'modified';

export interface CommitChanges {
  readonly files: readonly { filename: string; status: FileChangeStatus }[];
  readonly additions: number;
  readonly deletions: number;
}

/**
 * The files a commit changed and its line counts, against its first parent (a root commit against the empty
 * tree), as Gitea reports them; renames count as a removal and an addition. Spawns `git diff-tree`.
 */
export async function commitChanges(gitDir: string, commit: CommitObject): Promise<CommitChanges> {
  if (!isObjectId(commit.sha)) throw new Error(`not an object id: ${commit.sha}`);
  const parent = commit.parents[0];
  const args = ['diff-tree', '-r', '--no-renames', '--raw', '--numstat', '-z'];
  if (parent === undefined) args.push('--root', commit.sha);
  else {
    assertNotOption(parent);
    args.push(parent, commit.sha);
  }
  const { stdout } = await runGit(args, { gitDir });
  const fields = stdout.split('\0');
  const files: { filename: string; status: FileChangeStatus }[] = [];
  let additions = 0;
  let deletions = 0;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.startsWith(':')) {
      // `:100644 100644 <old> <new> M` then the path
      const letter = field.split(' ').at(-1) ?? 'M';
      const filename = fields[++i] ?? '';
      files.push({ filename, status: letter === 'A' ? 'added' : letter === 'D' ? 'removed' : 'modified' });
      continue;
    }
    // `<added>\t<deleted>\t<path>`; binary files count `-`
    const numstat = /^(\d+|-)\t(\d+|-)\t/.exec(field);
    if (!numstat) continue;
    additions += numstat[1] === '-' ? 0 : Number(numstat[1]);
    deletions += numstat[2] === '-' ? 0 : Number(numstat[2]);
  }
  return { files, additions, deletions };
}

/** Commit ids reachable from `start`, newest first (`git rev-list`), one page of them and the total. */
export async function listCommitIds(
  gitDir: string,
  start: string,
  page: { offset: number; limit: number },
  filters: { path?: string; not?: string } = {},
): Promise<{ ids: string[]; total: number }> {
  assertNotOption(start);
  const revisions = [start];
  if (filters.not !== undefined) {
    assertNotOption(filters.not);
    revisions.push(`^${filters.not}`);
  }
  const pathArgs = filters.path ? ['--', filters.path] : ['--'];
  const env = literalPaths;
  const { stdout: countText } = await runGit(['rev-list', '--count', ...revisions, ...pathArgs], {
    gitDir,
    env,
  });
  const { stdout } = await runGit(
    ['rev-list', `--skip=${page.offset}`, `--max-count=${page.limit}`, ...revisions, ...pathArgs],
    { gitDir, env },
  );
  return { ids: stdout.split('\n').filter((line) => line !== ''), total: Number(countText.trim()) || 0 };
}

/** How many commits a walk for a path's last change may visit before asking `git rev-list` instead. */
const walkLimit = 2000;

const lastChangeCache = new ObjectCache<string>(8192);

/**
 * The newest commit reachable from `start` that changed `path` (what `git log -1 <start> -- <path>` shows):
 * follow parents whose entry at `path` is the same (for merges, the first such parent) until a commit
 * differs from all its parents. Walks through the cat-file readers and their caches; a very long walk
 * falls back to one `git rev-list`.
 */
export async function lastChangeOf(
  reader: CatFileReader,
  gitDir: string,
  start: string,
  path: string,
): Promise<string | undefined> {
  const key = `${start}:${path}`;
  const cached = lastChangeCache.get(key);
  if (cached) return cached;
  const entryKey = async (commit: CommitObject): Promise<string | undefined> => {
    const entry = await entryAt(reader, commit.tree, path);
    return entry && `${entry.mode} ${entry.sha}`;
  };
  let current = await readCommit(reader, start);
  if (!current) return undefined;
  let found: string | undefined;
  const target = await entryKey(current);
  for (let steps = 0; current && steps < walkLimit; steps++) {
    let same: CommitObject | undefined;
    for (const parentId of current.parents) {
      const parent = await readCommit(reader, parentId);
      if (parent && (await entryKey(parent)) === target) {
        same = parent;
        break;
      }
    }
    if (!same) {
      found = current.sha;
      break;
    }
    current = same;
  }
  if (found === undefined) {
    assertNotOption(start);
    const args = ['rev-list', '--max-count=1', start, '--'];
    if (path !== '') args.push(path);
    found = (await runGit(args, { gitDir, env: literalPaths })).stdout.trim() || undefined;
  }
  if (found) lastChangeCache.set(key, found);
  return found;
}
