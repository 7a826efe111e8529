import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { ControlClient, ControlUnreachable, type WindowSession } from '../../api/localServer/controlClient';
import type { ControlEvent, WindowRegistration } from '../../api/localServer/controlProtocol';
import {
  describeHolder,
  readServerRuntime,
  serverLogFileName,
  type ServerRuntime,
} from '../../api/localServer/runtimeFile';
import { LogTail, sizeOf } from './logTail';
import type { NodeRuntime } from './nodeRuntime';

/** What starting a server takes, asked for only when no server runs (finding a runtime takes a moment). */
export interface LaunchSpec {
  /** `dist/cli.js` of the extension. */
  readonly cliPath: string;
  readonly runtime: NodeRuntime;
  /** How long the server outlives the last window (`--stop-when-unused`). */
  readonly stopWhenUnusedSeconds: number;
}

export interface JoinOptions {
  readonly dataDir: string;
  /** This window's registration as it is now. */
  readonly registration: () => WindowRegistration;
  /** The extension's version: a window alone with an older server replaces it. */
  readonly ownVersion: string;
  readonly launch: () => Promise<LaunchSpec>;
  readonly onEvent: (event: ControlEvent) => void;
  readonly log: (line: string) => void;
  /** How long to keep trying (default 90 s). */
  readonly timeoutMs?: number;
}

export interface Joined {
  readonly client: ControlClient;
  readonly session: WindowSession;
  readonly runtime: ServerRuntime;
  /** Where this window's log view starts: the start of its own launch, when it started the server. */
  readonly logFrom: number | undefined;
}

export const logFileOf = (dataDir: string): string => path.join(dataDir, serverLogFileName);

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A runtime file without an address this old is a server that died while starting. */
const startingForAtMostMs = 120_000;

/**
 * Joins the server that holds the data folder, or starts one and joins it. One server per folder: two
 * windows starting at once both launch one, the folder's lock lets one of them run (the other exits with
 * code 3) and both join it. A window alone with a server older than itself stops it and starts its own,
 * which migrates the folder; it never replaces a newer one (an older server cannot open a newer database).
 */
export async function joinOrStart(options: JoinOptions): Promise<Joined> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  let logFrom: number | undefined;
  for (;;) {
    if (Date.now() > deadline) throw new Error('The local server did not start within 90 seconds.');
    const runtime = readServerRuntime(options.dataDir);
    if (runtime?.command === 'serve' && runtime.url && runtime.controlToken) {
      const joined = await tryJoin(options, runtime, logFrom !== undefined);
      if (joined === 'replaced') continue;
      if (joined) return { ...joined, runtime, logFrom };
    } else if (runtime && alive(runtime.pid)) {
      if (runtime.command !== 'serve') {
        throw new Error(`${describeHolder(options.dataDir, runtime)}; start the server once it is done.`);
      }
      if (Date.now() - Date.parse(runtime.startedAt) < startingForAtMostMs) {
        await delay(200); // another window's server is starting
        continue;
      }
    }
    const launch = await options.launch();
    const from = sizeOf(logFileOf(options.dataDir));
    const outcome = await startServer(options.dataDir, launch);
    if (outcome.kind === 'failed') {
      const lines = LogTail.since(logFileOf(options.dataDir), from).trim().split('\n').filter(Boolean);
      const reason = lines.at(-1)?.replace(/^(\S+Z )?teahouse: /, '');
      throw new Error(reason ? `The local server did not start: ${reason}` : outcome.message);
    }
    if (outcome.kind === 'started') logFrom = from;
    else await delay(300); // another process holds the folder: join it once it listens
  }
}

async function tryJoin(
  options: JoinOptions,
  runtime: ServerRuntime,
  startedHere: boolean,
): Promise<{ client: ControlClient; session: WindowSession } | 'replaced' | undefined> {
  const client = new ControlClient({ url: runtime.url!, controlToken: runtime.controlToken! });
  try {
    const status = await client.status();
    if (!startedHere && isOlder(status.version, options.ownVersion) && status.windows.length === 0) {
      options.log(
        `the local server runs Teahouse ${status.version}, older than this window's ${options.ownVersion}, ` +
          'and no other window uses it: replacing it',
      );
      await client.stop();
      await waitForExit(status.pid, 15_000);
      await client.close();
      return 'replaced';
    }
    const session = await client.join(options.registration(), options.onEvent);
    options.log(
      `joined the local server at ${runtime.url} (pid ${status.pid}, Teahouse ${status.version}, ` +
        `${session.server.windows.length} window(s))`,
    );
    return { client, session };
  } catch (error) {
    await client.close();
    // the runtime file is stale (its server was killed): start one
    if (error instanceof ControlUnreachable) return undefined;
    throw error;
  }
}

type StartOutcome =
  | { readonly kind: 'started' }
  | { readonly kind: 'held' }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * `serve` detached from the window (its own process group, no pipes to the extension host): it outlives the
 * window that started it, and writes its log to the data folder's `server.log`, which every window follows.
 */
async function startServer(dataDir: string, launch: LaunchSpec): Promise<StartOutcome> {
  mkdirSync(dataDir, { recursive: true });
  const logFile = logFileOf(dataDir);
  const fd = openSync(logFile, 'a', 0o600);
  let child: ChildProcess;
  try {
    child = spawn(
      launch.runtime.command,
      [
        launch.cliPath,
        'serve',
        '--data',
        dataDir,
        '--host',
        '127.0.0.1',
        '--port',
        '0',
        '--log-file',
        logFile,
        '--no-first-admin',
        '--stop-when-unused',
        `${launch.stopWhenUnusedSeconds}s`,
      ],
      {
        detached: true,
        stdio: ['ignore', fd, fd],
        env: { ...process.env, ...launch.runtime.env },
        windowsHide: true,
      },
    );
  } finally {
    closeSync(fd);
  }
  child.unref();
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    const runtime = readServerRuntime(dataDir);
    if (runtime !== undefined && runtime.pid === child.pid && runtime.url) return { kind: 'started' };
    if (exitCode !== undefined) {
      if (exitCode === 3) return { kind: 'held' };
      return { kind: 'failed', message: `The local server exited while starting (code ${exitCode}).` };
    }
    await Promise.race([delay(100), exited]);
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await delay(100);
  }
  return true;
}

/** Whether version `a` is older than `b` (major.minor.patch; a pre-release counts as its release). */
export function isOlder(a: string, b: string): boolean {
  const parts = (version: string): number[] =>
    (version.split(/[-+]/)[0] ?? '').split('.').map((part) => Number(part) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  }
  return false;
}
