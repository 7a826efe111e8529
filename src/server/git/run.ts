import { spawn } from 'node:child_process';
import { countedRefChange, noteGitRead } from './readTracking';

/** How long one git command may run before it is killed. */
export const defaultGitTimeoutMs = 60_000;

export interface GitRunOptions {
  /** Runs as `git --git-dir <gitDir> ...` (bare repositories). */
  readonly gitDir?: string;
  readonly cwd?: string;
  /** Extra environment (GIT_AUTHOR_NAME, ...); the process environment is inherited. */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to the command's stdin, then stdin is closed. */
  readonly input?: string | Buffer;
  readonly timeoutMs?: number;
}

export interface GitResult {
  readonly stdout: string;
  readonly stderr: string;
}

/** A git command that could not run, failed, or timed out; `stderr` says why. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
    reason: string,
    /** What the command printed before failing (merge-tree names conflicts there with exit status 1). */
    readonly stdout: string = '',
  ) {
    super(`git ${args[0] ?? ''} ${reason}${stderr.trim() ? `: ${stderr.trim()}` : ''}`);
    this.name = 'GitError';
  }
}

/** git could not be started at all (not installed, not on the PATH, no processes left): a fault of the server's environment. */
export class GitUnavailableError extends GitError {
  constructor(args: readonly string[], cause: Error) {
    super(args, null, '', `could not start (${cause.message})`);
    this.name = 'GitUnavailableError';
  }
}

/**
 * Runs the git CLI with an argument array (never a shell). Prompts are disabled so a command can never
 * hang waiting for credentials; a command running past its timeout is killed.
 */
export function runGit(args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
  noteGitRead(options.gitDir);
  const command = args.find((arg) => !arg.startsWith('-')) ?? '';
  const run = (): Promise<GitResult> => spawnGit(args, options);
  return refMovingCommands.has(command) ? countedRefChange(run) : run();
}

/** Commands that may move a reference (reading ones among them, `symbolic-ref HEAD`, only cost a little). */
const refMovingCommands = new Set([
  'update-ref',
  'symbolic-ref',
  'fetch',
  'push',
  'tag',
  'branch',
  'clone',
  'init',
  'merge',
  'commit',
  'reset',
  'checkout',
  'switch',
  'rebase',
  'cherry-pick',
  'receive-pack',
  'pack-refs',
]);

function spawnGit(args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  const fullArgs = options.gitDir === undefined ? [...args] : ['--git-dir', options.gitDir, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('git', fullArgs, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, GIT_TERMINAL_PROMPT: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? defaultGitTimeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A command that exits before reading its input closes the pipe; the exit code tells what happened.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new GitUnavailableError(args, error));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const result = {
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      };
      if (timedOut) reject(new GitError(args, code, result.stderr, 'timed out'));
      else if (code !== 0)
        reject(new GitError(args, code, result.stderr, `exited with ${code}`, result.stdout));
      else resolve(result);
    });
  });
}

/**
 * git settings passed through the environment (`GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_n`, `GIT_CONFIG_VALUE_n`)
 * rather than `-c` on the command line, so that credentials never show in a process list.
 */
export function gitConfigEnv(settings: readonly (readonly [string, string])[]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(settings.length) };
  settings.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
