import * as vscode from 'vscode';
import type { ControlClient, SessionEnd, WindowSession } from '../../api/localServer/controlClient';
import type {
  ControlEvent,
  MintedToken,
  WindowRegistration,
  WindowSummary,
} from '../../api/localServer/controlProtocol';
import { readServerRuntime, type ServerRuntime } from '../../api/localServer/runtimeFile';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { LogTail } from './logTail';
import { alive, joinOrStart, logFileOf, waitForExit, type LaunchSpec } from './sharedServer';

export type LocalServerState = 'stopped' | 'starting' | 'running' | 'stopping' | 'crashed';

export interface LocalServerLaunch {
  readonly dataDir: string;
  readonly registration: () => WindowRegistration;
  readonly ownVersion: string;
  readonly launch: () => Promise<LaunchSpec>;
}

export interface StartedServer {
  readonly url: string;
}

export interface CrashInfo {
  /** What the window saw: the connection to the server went away without a word. */
  readonly reason: string;
}

/** No server runs, and this window was asked only to join one. */
class NoServerRunning extends Error {
  override readonly name = 'NoServerRunning';
  constructor() {
    super('No local server runs.');
  }
}

/** How often a window that used the server looks for one started elsewhere (after a stop or a crash). */
const rejoinPollMs = 2_000;

/**
 * The local server as this window sees it: one `teahouse serve` per data folder, shared by every window of
 * the profile (sharedServer.ts). The window holds a session on its control path while it uses it; the server
 * lives on when the window closes, and the window follows its state (other windows' stops, crashes, restarts).
 */
export class LocalServer extends Disposable {
  readonly #stateChanged = this._register(new vscode.EventEmitter<LocalServerState>());
  readonly onDidChangeState = this.#stateChanged.event;
  readonly #crashed = this._register(new vscode.EventEmitter<CrashInfo>());
  readonly onDidCrash = this.#crashed.event;
  readonly #stoppedElsewhere = this._register(new vscode.EventEmitter<void>());
  /** Another window stopped the server. */
  readonly onDidStopElsewhere = this.#stoppedElsewhere.event;
  readonly #joinedStarted = this._register(new vscode.EventEmitter<StartedServer>());
  /** This window joined a server started elsewhere, on its own (`watchForServer`). */
  readonly onDidJoinStarted = this.#joinedStarted.event;
  readonly output: vscode.OutputChannel = this._register(
    vscode.window.createOutputChannel('Teahouse Local Server'),
  );
  #state: LocalServerState = 'stopped';
  #problem: string | undefined;
  #runtime: ServerRuntime | undefined;
  #client: ControlClient | undefined;
  #session: WindowSession | undefined;
  #windows: readonly WindowSummary[] = [];
  #windowId = '';
  #tail: LogTail | undefined;
  #starting: Promise<StartedServer> | undefined;
  #startingMayLaunch = false;
  #stopRequested = false;
  #lastLaunch: LocalServerLaunch | undefined;
  #rejoinTimer: NodeJS.Timeout | undefined;

  constructor(private readonly log: Log) {
    super();
    this._register({ dispose: () => this.#leave() });
  }

  get state(): LocalServerState {
    return this.#state;
  }

  /** `http://127.0.0.1:PORT/` while running. */
  get url(): string | undefined {
    return this.#state === 'running' ? this.#runtime?.url : undefined;
  }

  get pid(): number | undefined {
    return this.#state === 'running' ? this.#runtime?.pid : undefined;
  }

  /** Teahouse's version of the running server. */
  get version(): string | undefined {
    return this.#state === 'running' ? this.#runtime?.version : undefined;
  }

  /** The other windows that use the server now. */
  get otherWindows(): readonly WindowSummary[] {
    return this.#windows.filter((window) => window.id !== this.#windowId);
  }

  /** Why the last start failed, until one succeeds. */
  get problem(): string | undefined {
    return this.#problem;
  }

  /** Joins the server that runs (or starts one), or joins a start in progress; resolves once joined. */
  start(launch: LocalServerLaunch): Promise<StartedServer> {
    return this.#begin(launch, true);
  }

  /**
   * A join that may not start a server (`attach`) and a start asked meanwhile share the attempt, but the
   * start does not inherit its refusal: when the join found no server, the start launches one.
   */
  #begin(launch: LocalServerLaunch, mayLaunch: boolean): Promise<StartedServer> {
    if (mayLaunch) this.#lastLaunch = launch;
    const url = this.url;
    if (url) return Promise.resolve({ url });
    const attempt: LocalServerLaunch = mayLaunch
      ? launch
      : { ...launch, launch: () => Promise.reject(new NoServerRunning()) };
    if (!this.#starting) {
      this.#startingMayLaunch = mayLaunch;
      return this.#track(this.#start(attempt));
    }
    if (mayLaunch && !this.#startingMayLaunch) {
      this.#startingMayLaunch = true;
      return this.#track(
        this.#starting.catch((error: unknown) => {
          if (!(error instanceof NoServerRunning)) throw error;
          return this.#start(launch);
        }),
      );
    }
    return this.#starting;
  }

  /** The attempt in progress, until it settles (a later attempt that replaced it is left alone). */
  #track(attempt: Promise<StartedServer>): Promise<StartedServer> {
    const tracked = attempt.finally(() => {
      if (this.#starting === tracked) this.#starting = undefined;
    });
    this.#starting = tracked;
    return tracked;
  }

  /** A token of the local administrator, made by the running server for this window's Local account. */
  async mintToken(name: string): Promise<MintedToken> {
    if (this.#state !== 'running' || !this.#client) throw new Error('The local server is not running.');
    return this.#client.mintToken(name);
  }

  /** Tells the server this window's folders, hosts or setting changed. */
  async update(registration: WindowRegistration): Promise<void> {
    if (this.#state !== 'running' || !this.#client) return;
    this.#setWindows(await this.#client.update(registration));
  }

  /** Stops the server for every window that uses it; resolves once its process is gone. */
  async stop(): Promise<void> {
    await this.#starting?.catch(() => undefined);
    this.#stopRejoining();
    const client = this.#client;
    const runtime = this.#runtime;
    if (this.#state !== 'running' || !client || !runtime) {
      this.#setState('stopped');
      return;
    }
    this.#stopRequested = true;
    this.#setState('stopping');
    try {
      await client.stop();
    } catch (error) {
      this.log.warn(`asking the local server to stop failed: ${String(error)}`);
    }
    // it drains its requests and closes its database; a hung one is killed
    if (!(await waitForExit(runtime.pid, 15_000))) {
      this.log.warn(`the local server (pid ${runtime.pid}) did not stop in 15 s: killing it`);
      try {
        process.kill(runtime.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      await waitForExit(runtime.pid, 5_000);
    }
    this.#leave();
    this.#setState('stopped');
  }

  async #start(launch: LocalServerLaunch): Promise<StartedServer> {
    this.#stopRejoining();
    this.#windowId = launch.registration().id;
    this.#setState('starting');
    this.#problem = undefined;
    try {
      const joined = await joinOrStart({
        dataDir: launch.dataDir,
        registration: launch.registration,
        ownVersion: launch.ownVersion,
        launch: launch.launch,
        onEvent: (event) => this.#onEvent(event),
        log: (line) => {
          this.log.info(`local server: ${line}`);
          this.output.appendLine(`[teahouse] ${line}`);
        },
      });
      this.#client = joined.client;
      this.#session = joined.session;
      this.#runtime = joined.runtime;
      this.#problem = undefined;
      this.#stopRequested = false;
      this.#setWindows(joined.session.server.windows);
      this.#tail?.dispose();
      this.#tail = new LogTail(logFileOf(launch.dataDir), (text) => this.output.append(text), joined.logFrom);
      this.#tail.start();
      void joined.session.ended.then((end) => this.#onSessionEnd(joined.session, end));
      this.#setState('running');
      return { url: joined.runtime.url! };
    } catch (error) {
      if (!(error instanceof NoServerRunning)) {
        this.#problem = error instanceof Error ? error.message : String(error);
        this.output.appendLine(`[teahouse] ${this.#problem}`);
      }
      this.#setState('stopped');
      throw error;
    }
  }

  /**
   * Joins the server the profile's other windows run, never starting one; when none runs, waits for one to
   * start (`watchForServer`). For a window opening in a profile that uses the local server.
   */
  async attach(launch: LocalServerLaunch): Promise<StartedServer | undefined> {
    this.#lastLaunch = launch;
    try {
      return await this.#begin(launch, false);
    } catch (error) {
      if (!(error instanceof NoServerRunning)) throw error;
      this.watchForServer(launch);
      return undefined;
    }
  }

  #onEvent(event: ControlEvent): void {
    if (event.type === 'windows') this.#setWindows(event.windows);
  }

  #onSessionEnd(session: WindowSession, end: SessionEnd): void {
    if (this.#session !== session) return;
    const requestedHere = this.#stopRequested;
    this.#leave();
    if (requestedHere) return; // stop() finishes the state
    if (end.kind === 'stopping') {
      this.output.appendLine(`[teahouse] the server stopped (${end.reason})`);
      this.#setState('stopped');
      if (end.reason === 'requested') this.#stoppedElsewhere.fire();
    } else {
      const pid = this.#runtime?.pid;
      const reason =
        pid !== undefined && !alive(pid) ? `its process (pid ${pid}) is gone` : 'it stopped answering';
      this.log.warn(`local server: the connection was lost; ${reason}`);
      this.#setState('crashed');
      this.#crashed.fire({ reason });
    }
    if (this.#lastLaunch) this.watchForServer(this.#lastLaunch);
  }

  /** While no server runs here: when another window (or a restart here) brings one up, join it. */
  watchForServer(launch: LocalServerLaunch): void {
    const previous = this.#runtime;
    this.#stopRejoining();
    this.#rejoinTimer = setInterval(() => {
      if (this.#state !== 'stopped' && this.#state !== 'crashed') return this.#stopRejoining();
      const runtime = readServerRuntime(launch.dataDir);
      if (!runtime?.url || runtime.command !== 'serve') return;
      if (previous && runtime.pid === previous.pid && runtime.startedAt === previous.startedAt) return;
      if (!alive(runtime.pid)) return;
      this.#stopRejoining();
      this.start(launch).then(
        (started) => {
          this.log.info('local server: joined the server another window started');
          this.#joinedStarted.fire(started);
        },
        (error: unknown) => this.log.warn(`local server: joining failed: ${String(error)}`),
      );
    }, rejoinPollMs);
  }

  #stopRejoining(): void {
    clearInterval(this.#rejoinTimer);
    this.#rejoinTimer = undefined;
  }

  /** Ends this window's session (the server drops its folders) and lets its connections go. */
  #leave(): void {
    this.#session?.close();
    this.#session = undefined;
    void this.#client?.close();
    this.#client = undefined;
    this.#tail?.dispose();
    this.#tail = undefined;
    this.#windows = [];
  }

  #setWindows(windows: readonly WindowSummary[]): void {
    this.#windows = windows;
    this.#stateChanged.fire(this.#state);
  }

  #setState(state: LocalServerState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#stateChanged.fire(state);
  }

  override dispose(): void {
    this.#stopRejoining();
    super.dispose();
  }
}
