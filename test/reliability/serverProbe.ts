import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { databaseFile, repositoriesDir } from '../../src/server/config';
import { Database } from '../../src/server/store/database';
import { fixtureEnv } from '../helpers/gitFixtures';
import { commitIdentity } from '../helpers/gitRemote';

/**
 * What the fault, concurrency and soak tests look at from outside the server: its data folder (SQLite
 * integrity, git fsck) and its process in /proc (resident memory, open descriptors, git children).
 */

export interface GitOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** git without blocking the event loop (many run at once against the server); never throws. */
export function gitAsync(cwd: string, args: readonly string[]): Promise<GitOutcome> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      { cwd, env: fixtureEnv(commitIdentity), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `PRAGMA integrity_check` of the server's database (opened while the server is stopped or running). */
export function integrityCheck(dataDir: string): string {
  const db = new Database(databaseFile(dataDir));
  try {
    const rows = db.all<{ integrity_check: string }>('PRAGMA integrity_check');
    return rows.map((row) => row.integrity_check).join('\n');
  } finally {
    db.close();
  }
}

/** Every bare repository the server keeps under `<data>/repositories/<owner>/<name>.git`. */
export function bareRepositories(dataDir: string): string[] {
  const root = repositoriesDir(dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((owner) =>
    readdirSync(path.join(root, owner))
      .filter((name) => name.endsWith('.git'))
      .map((name) => path.join(root, owner, name)),
  );
}

/** `git fsck --full --strict` of each repository; answers the ones that are not clean, with git's words. */
export async function fsckFailures(gitDirs: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const gitDir of gitDirs) {
    const outcome = await gitAsync(gitDir, [
      '--git-dir',
      gitDir,
      'fsck',
      '--full',
      '--strict',
      '--no-progress',
    ]);
    // Dangling objects (from a rejected or interrupted push) are not damage; anything else printed is.
    const complaints = `${outcome.stdout}\n${outcome.stderr}`
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('dangling '));
    if (outcome.code !== 0 || complaints.length > 0) {
      failures.push(`${gitDir} (exit ${outcome.code}): ${complaints.join(' | ')}`);
    }
  }
  return failures;
}

/** Resident memory of a process in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** How many file descriptors a process holds open. */
export const openFdCount = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** The direct children of a process whose command is git (cat-file readers, http-backend, …). */
export function gitChildren(pid: number): { pid: number; command: string }[] {
  const children: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while listing
    }
    // `pid (comm) state ppid …`; comm may contain spaces and parentheses, so split after the last ')'.
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    if (ppid === pid && command.startsWith('git')) children.push({ pid: Number(entry), command });
  }
  return children;
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
