import cluster from 'node:cluster';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../api/operations';
import { databaseFile, type ServerConfig } from '../config';
import { shareRefChanges } from '../git/readTracking';
import { answerClientError } from '../http/clientError';
import { shareTags } from '../http/conditional';
import { createRequestHandler } from '../http/requestHandler';
import { buildRouter } from '../http/router';
import { createLogger, type Logger } from '../log';
import { handlers } from '../routes';
import { subscribeActivityLog } from '../services/activityLog';
import { createAppServices } from '../services/appServices';
import { EventBus } from '../services/events';
import { subscribeNotifications } from '../services/notifications';
import { queueDeliveries } from '../services/webhooks/hookQueueing';
import { drainServer, letGoWhileStopping, runCleanups } from '../shutdown';
import { siteRoutesOf } from '../siteRouteList';
import { Database } from '../store/database';
import { isClusterMessage, type PrimaryMessage, type WorkerMessage } from './messages';
import { RefClock } from './refClock';
import { sharedTags } from './sharedTags';
import { createRelay, servedByPrimary } from './relay';

/** How long in-flight requests may take to finish once the primary asks a worker to stop. */
const drainTimeoutMs = 10_000;
/** While no folder is hosted, how long a worker answers without asking the primary about a rescan. */
const noFoldersForMs = 1_000;

const send = (message: WorkerMessage): void => {
  if (process.connected) process.send?.(message);
};

/** Every line of a worker names it, so one log shows which process answered. */
function workerLogger(config: ServerConfig): Logger {
  const log = createLogger(config.logLevel, undefined, { batch: true });
  const tag = `[w${cluster.worker?.id ?? process.pid}] `;
  return {
    level: log.level,
    info: (message) => log.info(tag + message),
    access: (message) => log.access(tag + message),
    debug: (message) => log.debug(tag + message),
    error: (message, error) => log.error(tag + message, error),
  };
}

/**
 * One worker of `teahouse serve --workers N` (cluster/clusterPrimary.ts forks it): it shares the clients'
 * port with the other workers and answers reads from the same database (SQLite in WAL; its caches follow
 * the other processes' commits by `data_version`) and the same repositories, and relays the rest to the
 * primary. It takes no lock, migrates nothing and runs no background work. Resolves when it has stopped.
 */
export async function runWorker(config: ServerConfig): Promise<number> {
  const log = workerLogger(config);
  const db = new Database(databaseFile(config.dataDir));
  const clock = RefClock.open(config.dataDir);
  shareRefChanges(clock);
  const cleanups: (() => void | Promise<void>)[] = [];
  const httpServer = http.createServer();
  httpServer.keepAliveTimeout = 65_000;

  let answer: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let stopping = false;
  let asked = 0;
  const freshenings = new Map<number, () => void>();
  let foldersUnhostedUntil = 0;
  // Requests see the workspace folders as they are: the primary rescans them (at most every few seconds).
  const freshen = (): Promise<void> | undefined => {
    if (Date.now() < foldersUnhostedUntil) return undefined;
    const id = ++asked;
    send({ kind: 'freshen', id });
    return new Promise((resolve) => freshenings.set(id, resolve));
  };

  httpServer.on('request', (req, res) => {
    letGoWhileStopping(httpServer, res, () => stopping);
    if (!answer) waiting.push([req, res]);
    else answer(req, res);
  });

  const ready = (message: Extract<PrimaryMessage, { kind: 'ready' }>): void => {
    const tags = sharedTags(databaseFile(config.dataDir), message.relaySecret);
    shareTags(tags);
    cleanups.push(() => tags.close());
    const events = new EventBus((error) => log.error('an event listener failed', error));
    const app = createAppServices({
      db,
      log,
      config: { ...config, rootUrl: message.rootUrl },
      onStop: (cleanup) => cleanups.push(cleanup),
      events,
    });
    // A read that writes (few do) announces like any write: the rows now, the sending by the primary.
    subscribeNotifications(events, db);
    subscribeActivityLog(events, db);
    events.subscribe((event) => {
      if (queueDeliveries(db, event) > 0) send({ kind: 'wakeDeliveries' });
    });
    httpServer.on('clientError', (error: NodeJS.ErrnoException, socket) =>
      answerClientError(message.rootUrl, error, socket),
    );
    const router = buildRouter(operations);
    const handle = createRequestHandler({ app, router, handlers, siteRoutes: siteRoutesOf(app, router) });
    const relay = createRelay(new URL(message.relayUrl), message.relaySecret);
    answer = (req, res) => {
      if (servedByPrimary(req.method ?? 'GET', req.url ?? '/', req.headers.authorization))
        return relay(req, res);
      const rescanning = freshen();
      if (rescanning) void rescanning.then(() => handle(req, res));
      else handle(req, res);
    };
    for (const [req, res] of waiting.splice(0)) answer(req, res);
  };

  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      void (async () => {
        await drainServer(httpServer, drainTimeoutMs);
        await runCleanups(cleanups, log);
        db.close();
        clock.close();
        resolve();
      })();
    };
    process.on('message', (message: unknown) => {
      if (!isClusterMessage<PrimaryMessage>(message)) return;
      if (message.kind === 'ready') ready(message);
      else if (message.kind === 'freshened') {
        if (!message.hostsFolders) foldersUnhostedUntil = Date.now() + noFoldersForMs;
        freshenings.get(message.id)?.();
        freshenings.delete(message.id);
      } else if (message.kind === 'stop') stop();
    });
    // the primary stops its workers itself: a signal to the whole group (Ctrl-C) waits for its word
    process.on('SIGINT', () => undefined);
    process.on('SIGTERM', () => undefined);
  });
  // a primary that is gone (killed) takes its workers with it: the data folder is no longer held
  const orphaned = (): never => process.exit(1);
  process.on('disconnect', orphaned);

  await new Promise<void>((resolve) => {
    httpServer.once('error', (error: NodeJS.ErrnoException) => {
      send({ kind: 'listenFailed', code: error.code, message: error.message });
      process.exit(1);
    });
    httpServer.listen(config.port, config.host, () => resolve());
  });
  send({ kind: 'listening', port: (httpServer.address() as AddressInfo).port });
  await stopped;
  process.off('disconnect', orphaned);
  process.disconnect();
  return 0;
}
