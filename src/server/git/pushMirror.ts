import { address, fetchEnv, fetchTimeoutMs, type FetchSource } from './fetch';
import { runGit } from './run';

/**
 * `git push --mirror` to a push mirror's remote: every reference as it is here, and none the repository no
 * longer has. Credentials and pinned addresses go through the environment as for fetches (git/fetch.ts).
 */
export async function pushToMirror(gitDir: string, target: FetchSource): Promise<void> {
  await runGit(['push', '--mirror', '--quiet', '--', address(target)], {
    gitDir,
    env: fetchEnv(target),
    timeoutMs: fetchTimeoutMs,
  });
}
