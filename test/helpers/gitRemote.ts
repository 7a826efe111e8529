import { spawnSync } from 'node:child_process';
import { fixtureEnv } from './gitFixtures';

/**
 * Git against a server over HTTP, for tests: commands that may fail answer their exit code and output
 * instead of throwing, and credentials go in the URL the way users paste them.
 */

export interface GitOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const commitIdentity = {
  GIT_AUTHOR_NAME: 'Remote Tester',
  GIT_AUTHOR_EMAIL: 'remote@example.com',
  GIT_COMMITTER_NAME: 'Remote Tester',
  GIT_COMMITTER_EMAIL: 'remote@example.com',
};

/** Runs git (no prompts, no user configuration) and answers how it went. */
export function tryGit(cwd: string, args: readonly string[], env: Record<string, string> = {}): GitOutcome {
  const result = spawnSync('git', args, {
    cwd,
    env: fixtureEnv({ ...commitIdentity, ...env }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs git and fails the test with git's own message when it fails. */
export function mustGit(cwd: string, args: readonly string[], env: Record<string, string> = {}): string {
  const outcome = tryGit(cwd, args, env);
  if (outcome.code !== 0)
    throw new Error(`git ${args.join(' ')} failed (${outcome.code}): ${outcome.stderr}`);
  return outcome.stdout;
}

/** `http://user:secret@host:port/owner/repo.git` from the server's root URL. */
export function remoteUrl(
  rootUrl: string,
  fullName: string,
  credentials?: { username: string; secret: string },
): string {
  const url = new URL(`${fullName}.git`, rootUrl);
  if (credentials) {
    url.username = encodeURIComponent(credentials.username);
    url.password = encodeURIComponent(credentials.secret);
  }
  return url.href;
}
