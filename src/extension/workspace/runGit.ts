import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gitApi } from './gitExtension';

const run = promisify(execFile);

/** Runs git (the git extension's binary when there is one) in `cwd`; resolves to its trimmed stdout. */
export async function runGit(cwd: string, args: readonly string[]): Promise<string> {
  const gitPath = (await gitApi())?.git.path ?? 'git';
  const { stdout } = await run(gitPath, [...args], { cwd, windowsHide: true });
  return stdout.trim();
}

/** Git's own explanation of a failed run (its stderr), else the error's message. */
export function gitFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'stderr' in error) {
    const stderr = String(error.stderr).trim();
    if (stderr !== '') return stderr;
  }
  return error instanceof Error ? error.message : String(error);
}
