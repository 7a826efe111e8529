import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { noteGitRead, refChangeCount, refChangeUnderWay } from './readTracking';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertNotOption, isSafeRequestLine } from './validate';
import { GitUnavailableError } from './run';

export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface ObjectInfo {
  readonly sha: string;
  readonly type: ObjectType;
  readonly size: number;
}

export interface GitObject extends ObjectInfo {
  readonly content: Buffer;
}

type Mode = 'batch' | 'batch-check';

interface Pending {
  readonly line: string;
  resolve(value: GitObject | ObjectInfo | undefined): void;
  reject(error: Error): void;
}

/** How long a repository's readers stay alive without requests. */
export const defaultIdleMs = 30_000;

const headerPattern = /^([0-9a-f]{40}|[0-9a-f]{64}) (blob|tree|commit|tag) (\d+)$/;

/**
 * The environment of the git processes started here: no prompts, no pager or editor that could wait, and
 * paths taken literally (a path like `:(glob)*` is a file name, not pathspec magic).
 */
export const gitEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  GIT_EDITOR: 'true',
  GIT_LITERAL_PATHSPECS: '1',
});

/**
 * One `git cat-file --batch` (or `--batch-check`) process. Requests are written as they come (git answers
 * them in order and flushes after each), so callers share the process without waiting for each other.
 * When the process exits, whatever it still owed fails.
 */
class BatchProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The header of the object whose content is being read (`--batch` only). */
  private reading: ObjectInfo | undefined;
  private stderr = '';
  /** No more requests: ending, ended, or broken. */
  done = false;

  constructor(
    gitDir: string,
    private readonly mode: Mode,
    /** Called whenever the queue empties (for idle timers). */
    private readonly onIdle: () => void,
  ) {
    const child = spawn('git', ['--git-dir', gitDir, 'cat-file', `--${mode}`], {
      env: gitEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child = child;
    child.stdout.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.drain();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => this.fail(new GitUnavailableError(['cat-file', `--${mode}`], error)));
    child.on('close', (code, signal) => {
      const why = this.stderr.trim() || `exited with ${code ?? signal}`;
      this.fail(`git cat-file --${mode} in ${gitDir} stopped: ${why}`);
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  request(line: string): Promise<GitObject | ObjectInfo | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.child.stdin.write(`${line}\n`);
    });
  }

  /** Lets git answer what it was asked, then exit. */
  end(): void {
    this.done = true;
    this.child.stdin.end();
  }

  kill(): void {
    this.done = true;
    this.child.kill('SIGKILL');
  }

  private fail(reason: string | Error): void {
    this.done = true;
    const error = typeof reason === 'string' ? new Error(reason) : reason;
    for (const pending of this.queue.splice(0)) pending.reject(error);
    this.chunks = [];
    this.buffered = 0;
  }

  private settle(value: GitObject | ObjectInfo | undefined): void {
    this.queue.shift()?.resolve(value);
    if (this.queue.length === 0) this.onIdle();
  }

  /** A protocol error leaves the stream unreadable: the process goes, and so does all it owed. */
  private breakWith(message: string): void {
    this.child.kill('SIGKILL');
    this.fail(message);
  }

  private drain(): void {
    while (this.buffered > 0) {
      if (this.queue.length === 0) return this.breakWith('git cat-file answered more than it was asked');
      if (!this.reading) {
        const line = this.readLine();
        if (line === undefined) return;
        const header = headerPattern.exec(line);
        if (!header) {
          if (line.endsWith(' missing') || line.endsWith(' ambiguous')) {
            this.settle(undefined);
            continue;
          }
          return this.breakWith(`git cat-file answered an unexpected line: ${line}`);
        }
        const info: ObjectInfo = { sha: header[1]!, type: header[2] as ObjectType, size: Number(header[3]) };
        if (this.mode === 'batch-check') {
          this.settle(info);
          continue;
        }
        this.reading = info;
      }
      const info = this.reading;
      if (this.buffered < info.size + 1) return;
      const content = this.take(info.size);
      this.take(1);
      this.reading = undefined;
      this.settle({ ...info, content });
    }
  }

  private readLine(): string | undefined {
    let offset = 0;
    for (const chunk of this.chunks) {
      const at = chunk.indexOf(0x0a);
      if (at >= 0) {
        const line = this.take(offset + at).toString('utf8');
        this.take(1);
        return line;
      }
      offset += chunk.length;
    }
    return undefined;
  }

  /** Removes and returns the next `count` buffered bytes (the caller knows they are there). */
  private take(count: number): Buffer {
    const parts: Buffer[] = [];
    let needed = count;
    while (needed > 0) {
      const chunk = this.chunks[0]!;
      if (chunk.length <= needed) {
        parts.push(chunk);
        this.chunks.shift();
        needed -= chunk.length;
      } else {
        parts.push(chunk.subarray(0, needed));
        this.chunks[0] = chunk.subarray(needed);
        needed = 0;
      }
    }
    this.buffered -= count;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, count);
  }
}

/**
 * A `BatchProcess` that is there when asked for: started on the first request, restarted after an exit,
 * ended after `idleMs` without requests.
 */
class BatchChannel {
  private process: BatchProcess | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly gitDir: string,
    private readonly mode: Mode,
    private readonly idleMs: number,
  ) {}

  get busy(): boolean {
    return (this.process?.pending ?? 0) > 0;
  }

  get running(): boolean {
    return this.process !== undefined && !this.process.done;
  }

  request(line: string): Promise<GitObject | ObjectInfo | undefined> {
    if (!isSafeRequestLine(line)) {
      return Promise.reject(new Error(`unsafe cat-file request: ${JSON.stringify(line)}`));
    }
    clearTimeout(this.idleTimer);
    if (!this.process || this.process.done) {
      const started = new BatchProcess(this.gitDir, this.mode, () => this.armIdleTimer(started));
      this.process = started;
    }
    return this.process.request(line);
  }

  close(): void {
    clearTimeout(this.idleTimer);
    this.process?.end();
    this.process = undefined;
  }

  kill(): void {
    clearTimeout(this.idleTimer);
    this.process?.kill();
    this.process = undefined;
  }

  private armIdleTimer(owner: BatchProcess): void {
    if (owner !== this.process) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.process === owner && owner.pending === 0) this.close();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}

/**
 * Reads objects of one repository through its two long-lived processes: `info` (type and size, through
 * `--batch-check`) and `read` (with content, through `--batch`). A request is anything `cat-file` takes:
 * an object id, `<commit>:<path>`, `refs/heads/main^{commit}`. Missing (or ambiguous) objects are undefined.
 */
export class CatFileReader {
  private readonly check: BatchChannel;
  private readonly batch: BatchChannel;
  /** The directory this reader was opened on (device and inode), to notice a replaced one. */
  readonly identity: string;
  /** What `info` answered about references, while the count of reference changes stays `changes`. */
  private refAnswers = { changes: -1, answers: new Map<string, ObjectInfo | undefined>() };

  constructor(
    readonly gitDir: string,
    idleMs: number = defaultIdleMs,
    /**
     * The references move only through commands the server counts (a managed repository, not a workspace
     * one whose folder anyone may commit in): answers about them hold until the count moves.
     */
    private readonly countedRefs = false,
  ) {
    this.identity = directoryIdentity(gitDir);
    this.check = new BatchChannel(gitDir, 'batch-check', idleMs);
    this.batch = new BatchChannel(gitDir, 'batch', idleMs);
  }

  get busy(): boolean {
    return this.check.busy || this.batch.busy;
  }

  /** How many of its two processes are running (they start on demand and stop when idle). */
  get runningProcesses(): number {
    return Number(this.check.running) + Number(this.batch.running);
  }

  async info(spec: string): Promise<ObjectInfo | undefined> {
    if (!this.countedRefs || !spec.startsWith('refs/') || refChangeUnderWay())
      return this.check.request(spec);
    const changes = refChangeCount();
    if (this.refAnswers.changes !== changes) this.refAnswers = { changes, answers: new Map() };
    const { answers } = this.refAnswers;
    if (answers.has(spec)) return answers.get(spec);
    const answer = await this.check.request(spec);
    // Kept only when no reference began or finished moving while git answered.
    if (refChangeCount() === changes && !refChangeUnderWay() && this.refAnswers.answers === answers) {
      if (answers.size >= maxRefAnswers) answers.clear();
      answers.set(spec, answer);
    }
    return answer;
  }

  async read(spec: string): Promise<GitObject | undefined> {
    // --batch always answers with content
    return (await this.batch.request(spec)) as GitObject | undefined;
  }

  close(): void {
    this.check.close();
    this.batch.close();
  }

  kill(): void {
    this.check.kill();
    this.batch.kill();
  }
}

/** Reference answers one reader keeps at most (a client asking for ever new names cannot grow it). */
const maxRefAnswers = 1_000;

export interface CatFilePoolOptions {
  /** Idle time after which a repository's processes exit. */
  readonly idleMs?: number;
  /**
   * Where the managed repositories live: their references move only through counted commands
   * (git/readTracking), so their readers keep what references resolve to until the count moves.
   */
  readonly managedRoot?: string;
  /** Repositories with live readers at most; the least recently used idle one is closed beyond. */
  readonly maxRepositories?: number;
}

function directoryIdentity(directory: string): string {
  const stats = statSync(directory, { throwIfNoEntry: false });
  return stats ? `${stats.dev}:${stats.ino}` : 'missing';
}

/**
 * The server's cat-file readers, one per repository, plus the other git processes that stream to clients
 * (archives, large blobs) so that a stop can end them all.
 */
export class CatFilePool {
  private readonly readers = new Map<string, CatFileReader>();
  private readonly streams = new Set<ChildProcess>();
  private closed = false;
  private readonly idleMs: number;
  private readonly maxRepositories: number;
  private readonly managedPrefix: string | undefined;

  constructor(options: CatFilePoolOptions = {}) {
    this.idleMs = options.idleMs ?? defaultIdleMs;
    this.maxRepositories = options.maxRepositories ?? 64;
    this.managedPrefix =
      options.managedRoot === undefined ? undefined : path.resolve(options.managedRoot) + path.sep;
  }

  reader(gitDir: string): CatFileReader {
    noteGitRead(gitDir);
    if (this.closed) throw new Error('the git reader pool is closed');
    let reader = this.readers.get(gitDir);
    if (reader && reader.identity !== directoryIdentity(gitDir)) {
      // Deleted and re-created, or moved away and another moved in: a reader of the old one would serve
      // stale refs, so it goes (after what it owes) and a new one starts.
      reader.close();
      this.readers.delete(gitDir);
      reader = undefined;
    }
    if (reader) {
      // Re-inserting keeps the map in least-recently-used order.
      this.readers.delete(gitDir);
    } else {
      const counted = this.managedPrefix !== undefined && path.resolve(gitDir).startsWith(this.managedPrefix);
      reader = new CatFileReader(gitDir, this.idleMs, counted);
      this.evictBeyond(this.maxRepositories - 1);
    }
    this.readers.set(gitDir, reader);
    return reader;
  }

  /**
   * Closes a repository's readers (after what they owe), for when its git directory is deleted, moved or
   * replaced: a new reader starts on the next request.
   */
  forget(gitDir: string): void {
    this.readers.get(gitDir)?.close();
    this.readers.delete(gitDir);
  }

  /** Registers a streaming git process so `close` ends it. */
  track(child: ChildProcess): void {
    if (this.closed) {
      child.kill('SIGKILL');
      return;
    }
    this.streams.add(child);
    child.once('close', () => this.streams.delete(child));
  }

  /** Ends every process: readers finish what they owe, streams are killed. */
  async close(): Promise<void> {
    this.closed = true;
    const exits: Promise<void>[] = [];
    for (const child of this.streams) {
      exits.push(new Promise((resolve) => child.once('close', () => resolve())));
      child.kill('SIGKILL');
    }
    for (const reader of this.readers.values()) reader.close();
    this.readers.clear();
    await Promise.all(exits);
  }

  private evictBeyond(limit: number): void {
    for (const [gitDir, reader] of this.readers) {
      if (this.readers.size <= limit) return;
      if (reader.busy) continue;
      reader.close();
      this.readers.delete(gitDir);
    }
  }
}

/**
 * A blob's content as a stream from its own `git cat-file blob` process, for blobs too large to hold in
 * memory. The pool ends it on shutdown.
 */
export function streamBlob(pool: CatFilePool, gitDir: string, sha: string): Readable {
  assertNotOption(sha);
  noteGitRead(gitDir);
  const child = spawn('git', ['--git-dir', gitDir, 'cat-file', 'blob', sha], {
    env: gitEnv(),
    stdio: ['ignore', 'pipe', 'ignore'],
    windowsHide: true,
  });
  pool.track(child);
  child.on('error', (error) => child.stdout.destroy(error));
  return child.stdout;
}
