import { spawn } from 'node:child_process';
import type { NodeRuntime } from './nodeRuntime';

/** One phase's progress, as `teahouse publish --json` prints it. */
export interface PublishProgressEvent {
  readonly phase: 'repository' | 'git' | 'labels' | 'milestones' | 'issues' | 'releases';
  readonly done: number;
  readonly total: number;
}

type Counts = Readonly<
  Record<'label' | 'milestone' | 'issue' | 'comment' | 'review' | 'release' | 'asset', number>
>;

/** The summary line of `teahouse publish --json` (the fields the extension shows). */
export interface PublishSummary {
  readonly remoteFullName: string;
  readonly htmlUrl: string;
  readonly repositoryCreated: boolean;
  readonly created: Counts;
  readonly updated: Counts;
  readonly deleted: Counts;
  readonly unchanged: Counts;
  readonly refsPushed: number;
  readonly refsRejected: readonly string[];
  readonly renumbered: readonly { local: number; remote: number }[];
  readonly warnings: readonly string[];
  readonly requests: { readonly reads: number; readonly writes: number };
  readonly cancelled: boolean;
  readonly seconds: number;
}

export interface PublishLaunch {
  readonly cliPath: string;
  /** The Node.js that runs the CLI (nodeRuntime.ts). */
  readonly runtime: NodeRuntime;
  readonly dataDir: string;
  /** `owner/name` on the local server. */
  readonly repository: string;
  readonly serverUrl: string;
  readonly token: string;
  readonly owner: string;
  readonly name: string;
  readonly existing: boolean;
  readonly insecure: boolean;
  readonly caFile?: string;
  readonly proxy?: string;
}

/** `teahouse publish` refused or failed; `message` is its one-line reason. */
export class PublishFailed extends Error {
  constructor(
    message: string,
    /** The target has a repository of that name that was not published from here. */
    readonly nameTaken: boolean,
  ) {
    super(message);
    this.name = 'PublishFailed';
  }
}

/**
 * Runs the bundled CLI's `publish` on the local server's data folder (it works while the server runs), as
 * scripts do: the token goes through the environment, never the command line. Aborting sends SIGTERM: the
 * CLI stops between two items and reports what it sent, which the next run does not send again.
 */
export function runPublish(
  launch: PublishLaunch,
  onProgress: (event: PublishProgressEvent) => void,
  signal: AbortSignal,
): Promise<PublishSummary> {
  const args = [
    launch.cliPath,
    'publish',
    '--data',
    launch.dataDir,
    '--repo',
    launch.repository,
    '--to',
    launch.serverUrl,
    '--owner',
    launch.owner,
    '--name',
    launch.name,
    '--json',
  ];
  if (launch.existing) args.push('--existing');
  if (launch.insecure) args.push('--insecure');
  if (launch.caFile) args.push('--ca-file', launch.caFile);
  if (launch.proxy) args.push('--proxy', launch.proxy);
  return new Promise((resolve, reject) => {
    const child = spawn(launch.runtime.command, args, {
      env: { ...process.env, ...launch.runtime.env, TEAHOUSE_PUBLISH_TOKEN: launch.token },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stop = (): void => void child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    let summary: PublishSummary | undefined;
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      let end;
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        try {
          const event = JSON.parse(line) as { type?: string };
          if (event.type === 'progress') onProgress(event as unknown as PublishProgressEvent);
          else if (event.type === 'summary') summary = event as unknown as PublishSummary;
        } catch {
          // not one of ours: ignore
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', () => {
      signal.removeEventListener('abort', stop);
      if (summary) return resolve(summary);
      const message =
        stderr
          .trim()
          .split('\n')[0]
          ?.replace(/^teahouse: /, '') || 'teahouse publish failed';
      reject(new PublishFailed(message, /already exists on .*--existing/.test(message)));
    });
  });
}
