import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Real git repositories for tests, made with the git CLI in temporary folders: commits with fixed
 * identities and dates, branches with slashes, tags, binary files, symlinks, submodule entries. Nothing
 * of the user's own git configuration takes part.
 */

export interface Identity {
  name: string;
  email: string;
}

export const defaultIdentity: Identity = { name: 'Fixture Author', email: 'fixture@example.com' };

/** The environment every fixture git command runs with: no user or system config, no prompts. */
export function fixtureEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    ...extra,
  };
}

/** Runs git and answers its stdout (throws with stderr on failure). */
export function git(cwd: string, args: readonly string[], env: Record<string, string> = {}): string {
  return execFileSync('git', args, {
    cwd,
    env: fixtureEnv(env),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface CommitOptions {
  author?: Identity;
  committer?: Identity;
  /** Unix seconds and zone, e.g. `1700000000 +0200`; by default a clock that moves one minute per commit. */
  date?: string;
}

let clock = 1_700_000_000;

export function makeTempDir(prefix = 'teahouse-git-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A non-bare working repository in a temporary folder. */
export class GitWorkspace {
  /** Submodule entries (path → commit) to keep in the index: `add --all` would drop them, having no folder. */
  private readonly gitlinks = new Map<string, string>();

  private constructor(readonly dir: string) {
    // Merges and tags made with plain git commands need an identity of their own.
    git(dir, ['config', 'user.name', defaultIdentity.name]);
    git(dir, ['config', 'user.email', defaultIdentity.email]);
  }

  /** `git init` with `branch` as the first branch. */
  static init(branch = 'main'): GitWorkspace {
    const dir = makeTempDir();
    git(dir, ['init', '--quiet', `--initial-branch=${branch}`]);
    return new GitWorkspace(dir);
  }

  /** Clones a repository (e.g. the server's bare repository from its path on disk). */
  static clone(source: string): GitWorkspace {
    const dir = makeTempDir();
    git(dir, ['clone', '--quiet', source, '.']);
    return new GitWorkspace(dir);
  }

  git(...args: string[]): string {
    return git(this.dir, args);
  }

  write(file: string, content: string | Buffer, options: { executable?: boolean } = {}): this {
    const full = path.join(this.dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    if (options.executable) chmodSync(full, 0o755);
    return this;
  }

  symlink(file: string, target: string): this {
    const full = path.join(this.dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    symlinkSync(target, full);
    return this;
  }

  remove(file: string): this {
    unlinkSync(path.join(this.dir, file));
    return this;
  }

  /** Records a submodule entry (a gitlink) at `file` pointing at `commit`, with its `.gitmodules` section. */
  submodule(file: string, commit: string, url: string): this {
    this.write('.gitmodules', `[submodule "${file}"]\n\tpath = ${file}\n\turl = ${url}\n`);
    this.gitlinks.set(file, commit);
    return this;
  }

  /** Stages everything and commits; answers the new commit id. */
  commit(message: string, options: CommitOptions = {}): string {
    const author = options.author ?? defaultIdentity;
    const committer = options.committer ?? author;
    clock += 60;
    const date = options.date ?? `${clock} +0000`;
    git(this.dir, ['add', '--all']);
    for (const [file, commit] of this.gitlinks) {
      this.git('update-index', '--add', '--cacheinfo', `160000,${commit},${file}`);
    }
    git(this.dir, ['commit', '--quiet', '--no-gpg-sign', '--allow-empty', '-m', message], {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: committer.email,
      GIT_COMMITTER_DATE: date,
    });
    return this.head();
  }

  head(): string {
    return this.git('rev-parse', 'HEAD').trim();
  }

  /** Creates (and switches to, unless `stay`) a branch at HEAD. */
  branch(name: string, options: { stay?: boolean } = {}): this {
    this.git('branch', name);
    if (!options.stay) this.git('checkout', '--quiet', name);
    return this;
  }

  checkout(name: string): this {
    this.git('checkout', '--quiet', name);
    return this;
  }

  /** A lightweight tag, or an annotated one with `message`. */
  tag(name: string, message?: string): this {
    if (message === undefined) this.git('tag', name);
    else this.git('tag', '-a', name, '-m', message);
    return this;
  }

  /** Pushes all branches and tags to `origin` (or `remote`). */
  pushAll(remote = 'origin'): this {
    this.git('push', '--quiet', remote, '--all');
    this.git('push', '--quiet', remote, '--tags');
    return this;
  }

  /** A bare clone of this repository in a new temporary folder. */
  bareClone(): string {
    const dir = makeTempDir('teahouse-bare-');
    git(dir, ['clone', '--quiet', '--bare', this.dir, '.']);
    return dir;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Bytes that are not text: every byte value, NULs included. */
export function binaryBytes(length = 1024): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 37) % 256;
  return bytes;
}

/** Removes temporary folders made by these helpers. */
export function removeDirs(...dirs: string[]): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

/** Where the server keeps a repository it created (`<data>/repositories/<owner>/<name>.git`, lower-case). */
export function serverRepoPath(dataDir: string, owner: string, name: string): string {
  return path.join(dataDir, 'repositories', owner.toLowerCase(), `${name.toLowerCase()}.git`);
}

/** What the helpers need of the test server: a way to call its API. */
export interface ApiCaller {
  request<T = unknown>(
    method: string,
    apiPath: string,
    options?: { token?: string; body?: unknown },
  ): Promise<{ status: number; text: string; json: T }>;
}

/** Creates a repository of the token's user through the API (initialised with a README unless `empty`). */
export async function createRepository(
  server: ApiCaller,
  token: string,
  name: string,
  options: { private?: boolean; empty?: boolean } = {},
): Promise<void> {
  const created = await server.request('POST', '/user/repos', {
    token,
    body: { name, private: options.private ?? false, auto_init: !options.empty, readme: 'Default' },
  });
  if (created.status !== 201) throw new Error(`create repository ${name}: ${created.status} ${created.text}`);
}

/** Clones the server's repository from disk, lets `build` commit, pushes every branch and tag back. */
export function pushTo(bareDir: string, build: (work: GitWorkspace) => void): void {
  const work = GitWorkspace.clone(bareDir);
  try {
    build(work);
    work.pushAll();
  } finally {
    work.dispose();
  }
}

/** A workspace folder `<parent>/<name>`: a clone with a README on `main`, as a user's checkout is. */
export function workspaceRepository(parent: string, name: string): string {
  const work = GitWorkspace.init('main');
  work.write('README.md', `# ${name}\n`).commit(`Start ${name}`);
  mkdirSync(parent, { recursive: true });
  git(parent, ['clone', '--quiet', work.dir, name]);
  rmSync(work.dir, { recursive: true, force: true });
  return path.join(parent, name);
}
