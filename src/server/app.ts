import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControlStatus, StopReason } from '../api/localServer/controlProtocol';
import { controlProtocolVersion } from '../api/localServer/runtimeFile';
import { operations } from '../api/operations';
import { databaseFile, repositoriesDir, rootUrlFor, type ServerConfig } from './config';
import { createAppServices } from './services/appServices';
import { answerClientError } from './http/clientError';
import { createRequestHandler } from './http/requestHandler';
import { buildRouter } from './http/router';
import { createLogger, type Logger } from './log';
import { handlers } from './routes';
import { Database } from './store/database';
import { migrate } from './store/migrations';
import { teahouseVersion } from './version';
import { EventBus } from './services/events';
import { subscribeNotifications } from './services/notifications';
import { subscribeActivityLog } from './services/activityLog';
import { startWebhooks, wakeDeliveries } from './services/webhooks/webhookService';
import { startMirrorScheduler } from './services/mirrors';
import { startPushMirrorsOnCommit } from './services/pushMirrors';
import { startWorkspaceSync } from './workspace/workspaceSync';
import { startPullRequestSync } from './services/pullRequestsEvents';
import { startCommitReferences } from './services/commitReferences';
import { recoverInterruptedWork } from './services/recovery';
import { startAutoMerges } from './services/autoMerge';
import { EditorWindows } from './services/editorWindows';
import { controlRoute } from './http/controlRoute';
import { acquireDataFolderLock } from './store/dataFolderLock';
import { drainServer, letGoWhileStopping, runCleanups } from './shutdown';
import { adoptRelayedPeer } from './cluster/relay';
import { siteRoutesOf } from './siteRouteList';

/** How long in-flight requests may take to finish once a stop is asked for. */
const drainTimeoutMs = 10_000;

/** Where the primary of a server with `--workers` listens: its workers relay to it (cluster/). */
export interface RelayPlace {
  readonly host: string;
  readonly port: number;
  /** The URL clients use (the workers' port): announced, and the root URL unless `--root-url` says. */
  readonly announcedUrl: string;
  /** What a request relayed by a worker carries (cluster/relay.ts). */
  readonly relaySecret: Buffer;
}

/** What the primary does for its workers, which run none of it themselves. */
export interface PrimaryDuties {
  /** The workspace rescan a request waits for (see WorkspaceSync.freshen). */
  freshen(): Promise<void> | undefined;
  /** Whether any workspace folder is hosted (else no request needs to wait for a rescan). */
  hostsFolders(): boolean;
  /** A worker queued webhook deliveries: send them. */
  wakeDeliveries(): void;
}

export interface TeahouseServer {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly log: Logger;
  /**
   * Binds the port (`place`'s, when workers serve the clients); resolves with the URL clients use
   * (`http://127.0.0.1:PORT/`), the public root URL, the URL it is bound to (the same, unless `place`
   * says) and what the primary does for its workers.
   */
  listen(
    place?: RelayPlace,
  ): Promise<{ listenUrl: string; rootUrl: string; boundUrl: string; duties: PrimaryDuties }>;
  /** Registers cleanup (git processes, watchers, timers) run after the last request, before the database closes. */
  onStop(cleanup: () => void | Promise<void>): void;
  /** Settles when the server asks to be stopped: over the control path, or no window used it for a while. */
  readonly stopRequested: Promise<StopReason>;
  /**
   * Tells the windows' sessions why, stops accepting, lets in-flight requests finish, runs the `onStop`
   * cleanups, closes the database, then lets the data folder go. `beforeClose` runs first, after the
   * sessions were told (a primary's workers stop there, while their relayed requests are still answered).
   */
  stop(reason?: StopReason, beforeClose?: () => Promise<void>): Promise<void>;
}

/**
 * Takes the data folder (its lock: `DataFolderHeld` when another process has it), opens it (creating it,
 * migrating the database) and prepares a server that is not yet listening.
 */
export function createTeahouseServer(
  config: ServerConfig,
  log: Logger = createLogger(config.logLevel),
): TeahouseServer {
  mkdirSync(config.dataDir, { recursive: true });
  const lock = acquireDataFolderLock(config.dataDir, 'serve');
  let db: Database;
  try {
    mkdirSync(repositoriesDir(config.dataDir), { recursive: true });
    db = new Database(databaseFile(config.dataDir));
  } catch (error) {
    lock.release();
    throw error;
  }
  try {
    migrate(db);
  } catch (error) {
    db.close();
    lock.release();
    throw error;
  }
  const router = buildRouter(operations);
  for (const conflict of router.conflicts) log.error(`catalogue: ${conflict}`);

  let server: http.Server | undefined;
  let stopping: Promise<void> | undefined;
  const cleanups: (() => void | Promise<void>)[] = [];
  const onStop = (cleanup: () => void | Promise<void>): void => {
    cleanups.push(cleanup);
  };
  let requestStop: (reason: StopReason) => void = () => undefined;
  const stopRequested = new Promise<StopReason>((resolve) => (requestStop = resolve));
  let endSessions: (reason: StopReason) => void = () => undefined;

  return {
    db,
    config,
    log,
    stopRequested,
    async listen(place) {
      const httpServer = http.createServer();
      // Idle connections stay open longer than clients keep them (undici 4 s, browsers and git more), so a
      // client never sends a request on a connection the server is closing at that moment ("other side
      // closed"); Gitea's Go server keeps idle connections without a limit.
      httpServer.keepAliveTimeout = 65_000;
      server = httpServer;
      await new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(place?.port ?? config.port, place?.host ?? config.host, () => resolve());
      });
      // The listening callback runs before any connection is accepted, so no request misses the handler.
      const { port } = httpServer.address() as AddressInfo;
      const listenUrl = place?.announcedUrl ?? rootUrlFor(config.host, port);
      const rootUrl = config.rootUrl ?? listenUrl;
      const events = new EventBus((error) => log.error('an event listener failed', error));
      const windows = new EditorWindows({
        stopWhenUnusedMs: config.stopWhenUnusedMs,
        onChange: () => undefined,
        onWindows: (list) => control.announceWindows(list),
        requestStop,
        log,
      });
      onStop(() => windows.dispose());
      const allowedHosts = (): readonly string[] => [...config.allowedHosts, ...windows.allowedHosts()];
      const folders = (): string[] => [...new Set([...config.workspaces, ...windows.folders()])];
      const app = createAppServices({
        db,
        log,
        config: { ...config, rootUrl },
        onStop,
        events,
        allowedHosts,
      });
      httpServer.on('clientError', (error: NodeJS.ErrnoException, socket) =>
        answerClientError(rootUrl, error, socket),
      );
      subscribeNotifications(events, db);
      subscribeActivityLog(events, db);
      startWebhooks(app);
      startPullRequestSync(app);
      startCommitReferences(app);
      // Operations a crash cut off are finished or undone before any request is answered.
      const recovered = recoverInterruptedWork(app).then(
        (lines) => lines.forEach((line) => log.info(`recovery: ${line}`)),
        (error: unknown) => log.error('recovering interrupted operations failed', error),
      );
      startAutoMerges(app, recovered);
      startMirrorScheduler(app);
      startPushMirrorsOnCommit(app);
      const workspace = startWorkspaceSync(app, {
        folders,
      });
      const controlToken = randomBytes(32).toString('base64url');
      const startedAt = new Date().toISOString();
      const status = (): ControlStatus => ({
        pid: process.pid,
        version: teahouseVersion,
        protocol: controlProtocolVersion,
        url: listenUrl,
        startedAt,
        windows: windows.list(),
        stopWhenUnusedSeconds:
          config.stopWhenUnusedMs === undefined ? null : Math.round(config.stopWhenUnusedMs / 1000),
      });
      const control = controlRoute({
        app,
        windows,
        controlToken,
        status,
        rescan: () => workspace.rescan(),
        requestStop,
      });
      endSessions = control.endSessions;
      const handle = createRequestHandler({
        app,
        router,
        handlers,
        siteRoutes: [control.route, ...siteRoutesOf(app, router)],
      });
      const firstScan = workspace.scan();
      let ready = false;
      void recovered.then(() => (ready = true));
      httpServer.on('request', (req, res) => {
        if (place) adoptRelayedPeer(req, place.relaySecret);
        letGoWhileStopping(httpServer, res, () => stopping !== undefined);
        if (!ready) {
          void recovered.then(() => workspace.freshen()).then(() => handle(req, res));
          return;
        }
        // Requests see the workspace folders as they are (a rescan at most every few seconds).
        const rescanning = workspace.freshen();
        if (rescanning) void rescanning.then(() => handle(req, res));
        else handle(req, res);
      });
      await recovered;
      await firstScan;
      // only now do windows find it: it answers, and what a crash left is repaired
      lock.announce({ url: listenUrl, controlToken });
      const duties: PrimaryDuties = {
        freshen: () => workspace.freshen(),
        hostsFolders: () => folders().length > 0,
        wakeDeliveries: () => wakeDeliveries(app),
      };
      return { listenUrl, rootUrl, boundUrl: rootUrlFor(place?.host ?? config.host, port), duties };
    },
    onStop,
    stop(reason: StopReason = 'signal', beforeClose) {
      endSessions(reason);
      stopping ??= (async () => {
        await beforeClose?.();
        await drainServer(server, drainTimeoutMs);
        await runCleanups(cleanups, log);
        db.close();
        lock.release();
      })();
      return stopping;
    },
  };
}
