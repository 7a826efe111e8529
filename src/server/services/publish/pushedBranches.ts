import { setTimeout as sleep } from 'node:timers/promises';
import { TargetFailure, type TargetApi } from './targetApi';

/** How long a run waits, by default, for the target to show a pushed branch. */
export const defaultBranchWaitMs = 60_000;
const firstDelayMs = 100;
// at most a second between attempts: Gitea records a push within seconds, and each attempt after it costs
// up to a whole delay
const longestDelayMs = 1_000;

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;

/** `feature/x` as a path: each segment encoded, the separators kept (Gitea's `branches/*` route). */
const branchPath = (branch: string): string => branch.split('/').map(encodeURIComponent).join('/');

/**
 * Waits, once per branch and run, until the target shows a pushed branch through its API
 * (`GET …/branches/{branch}` answers 200). Gitea records the branches of a push into an empty repository
 * in a queue after the push has returned: until then that answers 404, and so does creating a pull request
 * from the branch. A target that shows it at once costs one request and no wait; otherwise it is asked
 * again with a growing delay until `waitMs` have passed, then the run stops with the reason.
 */
export class PushedBranches {
  private readonly seen = new Map<string, Promise<void>>();
  private readonly pushed = new Set<string>();

  constructor(
    private readonly api: TargetApi,
    /** `/repos/{owner}/{name}` on the target. */
    private readonly remotePath: string,
    private readonly waitMs: number,
    /** Throws when the run was asked to stop (checked between two attempts). */
    private readonly checkpoint: () => void,
  ) {}

  /** The branches the push carried (or found there already): only those are waited for. */
  carried(branches: Iterable<string>): void {
    for (const branch of branches) this.pushed.add(branch);
  }

  /** Resolves once the target shows `branch`; at once for a branch the push did not carry (the target decides). */
  visible(branch: string): Promise<void> {
    if (!this.pushed.has(branch)) return Promise.resolve();
    let waiting = this.seen.get(branch);
    if (!waiting) {
      waiting = this.waitFor(branch);
      this.seen.set(branch, waiting);
    }
    return waiting;
  }

  private async waitFor(branch: string): Promise<void> {
    const path = `${this.remotePath}/branches/${branchPath(branch)}`;
    const deadline = performance.now() + this.waitMs;
    for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, longestDelayMs)) {
      if ((await this.api.find<unknown>(path)) !== undefined) return;
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new TargetFailure(
          `the target does not show the pushed branch "${branch}" ${seconds(this.waitMs)} after the push ` +
            `(GET ${path} still answers 404): it has not recorded the push yet, and opens no pull request ` +
            'from a branch before it has. Run again later to go on, or give it more time with --branch-wait',
          404,
        );
      }
      await sleep(Math.min(delay, left));
      this.checkpoint();
    }
  }
}
