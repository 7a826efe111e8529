import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import * as vscode from 'vscode';
import { TeahouseClient } from '../../api/client';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import {
  LineSplitter,
  parseAdminLine,
  parseListeningLine,
  redactLine,
  type BootstrapCredentials,
} from './serverOutput';

export type LocalServerState = 'stopped' | 'starting' | 'running' | 'stopping' | 'crashed';

export interface LocalServerLaunch {
  /** `dist/cli.js` of the extension. */
  readonly cliPath: string;
  readonly dataDir: string;
  readonly workspaces: readonly string[];
  /** `--allowed-hosts` (local/allowedHosts.ts): the hosts the server may migrate from beyond its own rules. */
  readonly allowedHosts: readonly string[];
}

export interface StartedServer {
  readonly url: string;
  /** Only on the very first start of a data folder: the administrator the server created. */
  readonly credentials: BootstrapCredentials | undefined;
}

export interface CrashInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const startTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;

/**
 * The bundled server as a child process of the extension host: `node dist/cli.js serve` (the extension host's
 * own Node, through ELECTRON_RUN_AS_NODE) on a free loopback port. Its log goes to an output channel.
 */
export class LocalServer extends Disposable {
  readonly #stateChanged = this._register(new vscode.EventEmitter<LocalServerState>());
  readonly onDidChangeState = this.#stateChanged.event;
  readonly #crashed = this._register(new vscode.EventEmitter<CrashInfo>());
  readonly onDidCrash = this.#crashed.event;
  readonly output: vscode.OutputChannel = this._register(
    vscode.window.createOutputChannel('Teahouse Local Server'),
  );
  #state: LocalServerState = 'stopped';
  #url: string | undefined;
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #starting: Promise<StartedServer> | undefined;
  #allowedHosts: readonly string[] = [];

  constructor(private readonly log: Log) {
    super();
    this._register({ dispose: () => this.#child?.kill('SIGTERM') });
  }

  get state(): LocalServerState {
    return this.#state;
  }

  /** `http://127.0.0.1:PORT/` while running. */
  get url(): string | undefined {
    return this.#state === 'running' ? this.#url : undefined;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The `--allowed-hosts` the running server was started with. */
  get allowedHosts(): readonly string[] {
    return this.#allowedHosts;
  }

  /** Starts the server (or joins a start in progress) and resolves once it answers `GET /version`. */
  start(launch: LocalServerLaunch): Promise<StartedServer> {
    if (this.#state === 'running' && this.#url)
      return Promise.resolve({ url: this.#url, credentials: undefined });
    this.#starting ??= this.#start(launch).finally(() => (this.#starting = undefined));
    return this.#starting;
  }

  async stop(): Promise<void> {
    await this.#starting?.catch(() => undefined);
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.#setState('stopped');
      return;
    }
    this.#setState('stopping');
    const exited = this.#exited;
    child.kill('SIGTERM');
    // the server drains requests and closes its database; a hung one is killed
    const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    await exited;
    clearTimeout(timer);
  }

  async #start(launch: LocalServerLaunch): Promise<StartedServer> {
    await this.stop();
    if (!existsSync(launch.cliPath)) {
      throw new Error(
        vscode.l10n.t(
          'The bundled server is missing ({0}). Reinstall Teahouse or run "npm run build".',
          launch.cliPath,
        ),
      );
    }
    mkdirSync(launch.dataDir, { recursive: true });
    this.#setState('starting');
    const args = [launch.cliPath, 'serve', '--data', launch.dataDir, '--host', '127.0.0.1', '--port', '0'];
    for (const folder of launch.workspaces) args.push('--workspace', folder);
    if (launch.allowedHosts.length > 0) args.push('--allowed-hosts', launch.allowedHosts.join(','));
    this.#allowedHosts = launch.allowedHosts;
    this.output.appendLine(`[teahouse] starting: ${process.execPath} ${args.join(' ')}`);
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.#child = child;
    let credentials: BootstrapCredentials | undefined;
    const listening = new Promise<string>((resolve, reject) => {
      const stdout = new LineSplitter();
      const stderr = new LineSplitter();
      const onLine = (line: string) => {
        this.output.appendLine(redactLine(line));
        credentials ??= parseAdminLine(line);
        const url = parseListeningLine(line);
        if (url) resolve(url);
      };
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk).forEach(onLine));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk).forEach(onLine));
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        [...stdout.flush(), ...stderr.flush()].forEach(onLine);
        reject(
          new Error(
            vscode.l10n.t(
              'The local server exited while starting (code {0}). See the "Teahouse Local Server" output.',
              String(code ?? signal),
            ),
          ),
        );
      });
    });
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => this.#onExit(child, { code, signal }));
    try {
      const url = await withTimeout(
        listening,
        startTimeoutMs,
        vscode.l10n.t('The local server did not start within a minute.'),
      );
      await waitUntilAnswering(url);
      this.#url = url;
      this.#setState('running');
      this.log.info(`local server running at ${url} (pid ${child.pid})`);
      return { url, credentials };
    } catch (error) {
      child.kill('SIGTERM');
      await this.#exited;
      this.#setState('stopped');
      throw error;
    }
  }

  #onExit(child: ChildProcess, info: CrashInfo): void {
    if (this.#child !== child) return;
    this.output.appendLine(`[teahouse] the server exited (code ${info.code}, signal ${info.signal})`);
    const unexpected = this.#state === 'running';
    this.#child = undefined;
    this.#url = undefined;
    if (unexpected) {
      this.log.warn(`local server exited unexpectedly (code ${info.code}, signal ${info.signal})`);
      this.#setState('crashed');
      this.#crashed.fire(info);
    } else if (this.#state !== 'starting') {
      this.#setState('stopped');
    }
  }

  #setState(state: LocalServerState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#stateChanged.fire(state);
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The server prints its address once it listens; this confirms the API answers before anyone uses it. */
async function waitUntilAnswering(url: string): Promise<void> {
  const client = new TeahouseClient({ baseUrl: url, proxy: 'none', retries: 0, timeout: 5_000 });
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      try {
        await client.api.getVersion();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.close();
  }
}
