import { randomBytes } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import type { Readable } from 'node:stream';
import type { PrimaryDuties, TeahouseServer } from '../app';
import { databaseFile, rootUrlFor, type ServerConfig } from '../config';
import { shareTags } from '../http/conditional';
import { shareRefChanges } from '../git/readTracking';
import { isClusterMessage, type PrimaryMessage, type WorkerMessage } from './messages';
import { RefClock } from './refClock';
import { sharedTags } from './sharedTags';

/** How long the workers may take to finish their requests once asked to stop, before they are killed. */
const stopTimeoutMs = 15_000;
/** A worker that dies again soon after it started is replaced after a growing pause, up to this. */
const maxRespawnDelayMs = 5_000;

export interface Workers {
  /** The URL clients use (the port the workers share), the root URL, and the primary's own duties. */
  readonly listenUrl: string;
  /** Asks every worker to stop, waits for them (killing those that outstay `stopTimeoutMs`). */
  stop(): Promise<void>;
}

/** A refused listen (the port in use): the error `listen` would have thrown in one process. */
export class ListenError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A worker's output, line by line, into the primary's log (which may be a file the workers do not open). */
function pipeLines(stream: Readable | null | undefined, write: (text: string) => void): void {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const end = text.lastIndexOf('\n') + 1;
    rest = text.slice(end);
    if (end > 0) write(text.slice(0, end));
  });
  stream?.on('end', () => {
    if (rest !== '') write(`${rest}\n`);
  });
}

/**
 * The primary of `teahouse serve --workers N`: it holds the data folder's lock, migrated the database and
 * runs what must run once — recovery, webhook deliveries, mirrors, scheduled merges, workspace rescans, the
 * cron tasks, the control path — and answers on a loopback port what the workers relay (every request that
 * may write, smart HTTP, the control path). The N workers share the clients' port (cluster's round robin)
 * and answer reads. A worker that dies is replaced; `stop` ends them all.
 */
export async function startWorkers(
  server: TeahouseServer,
  config: ServerConfig,
  count: number,
  logSink: (text: string) => void,
): Promise<Workers> {
  const clock = RefClock.create(config.dataDir);
  shareRefChanges(clock);
  server.onStop(() => {
    clock.close();
    RefClock.remove(config.dataDir);
  });
  const relaySecret = randomBytes(32).toString('base64url');
  const tags = sharedTags(databaseFile(config.dataDir), relaySecret);
  shareTags(tags);
  server.onStop(() => tags.close());
  let stopping = false;
  let readyMessage: PrimaryMessage | undefined;
  let duties: PrimaryDuties | undefined;
  let respawnDelay = 0;
  const live = new Set<Worker>();
  const listeningWorkers = new Set<Worker>();

  const handle = (worker: Worker, message: WorkerMessage): void => {
    if (message.kind === 'wakeDeliveries') duties?.wakeDeliveries();
    else if (message.kind === 'freshen') {
      const reply = (): void => {
        if (worker.isConnected())
          worker.send({ kind: 'freshened', id: message.id, hostsFolders: duties?.hostsFolders() ?? false });
      };
      const rescanning = duties?.freshen();
      if (rescanning) void rescanning.then(reply);
      else reply();
    }
  };

  const fork = (): { worker: Worker; listening: Promise<number> } => {
    const worker = cluster.fork();
    const forkedAt = Date.now();
    live.add(worker);
    pipeLines(worker.process.stdout, (text) => process.stdout.write(text));
    pipeLines(worker.process.stderr, logSink);
    const listening = new Promise<number>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (!isClusterMessage<WorkerMessage>(message)) return;
        if (message.kind === 'listening') {
          resolve(message.port);
          listeningWorkers.add(worker);
          if (readyMessage) worker.send(readyMessage);
        } else if (message.kind === 'listenFailed') reject(new ListenError(message.code, message.message));
        else handle(worker, message);
      });
      worker.once('exit', () => reject(new Error('a worker exited before it listened')));
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      listeningWorkers.delete(worker);
      clock.settle(worker.process.pid ?? 0);
      if (stopping) return;
      server.log.error(`worker ${worker.id} exited (${signal ?? code}); starting another`);
      // one that lived a while is replaced at once; one that keeps dying at start, ever more slowly
      const lived = Date.now() - forkedAt;
      respawnDelay = lived > 10_000 ? 0 : Math.min(maxRespawnDelayMs, Math.max(100, respawnDelay * 2));
      setTimeout(() => {
        if (!stopping) fork().listening.catch(() => undefined);
      }, respawnDelay);
    });
    return { worker, listening };
  };

  const stop = async (): Promise<void> => {
    stopping = true;
    const exits = [...live].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          const kill = setTimeout(() => worker.process.kill('SIGKILL'), stopTimeoutMs);
          worker.once('exit', () => clearTimeout(kill));
          if (worker.isConnected()) worker.send({ kind: 'stop' } satisfies PrimaryMessage);
          else worker.process.kill('SIGKILL');
        }),
    );
    await Promise.all(exits);
  };
  try {
    // The workers accept from the shared socket themselves: with cluster's round robin the primary accepts
    // and hands each connection over, and one handed to a worker that has just died is never answered.
    cluster.schedulingPolicy = cluster.SCHED_NONE;
    // the workers run this same command line (cluster's default) and see they are workers
    cluster.setupPrimary({ silent: true });
    // all at once (they share one port, the one the first to listen learns), ready once the primary is
    const forks = Array.from({ length: count }, fork);
    const port = await forks[0]!.listening;
    const announcedUrl = rootUrlFor(config.host, port);
    const listened = await server.listen({
      host: '127.0.0.1',
      port: 0,
      announcedUrl,
      relaySecret: Buffer.from(relaySecret),
    });
    duties = listened.duties;
    const relayUrl = listened.boundUrl;
    readyMessage = { kind: 'ready', relayUrl, rootUrl: listened.rootUrl, relaySecret };
    for (const worker of listeningWorkers) worker.send(readyMessage);
    await Promise.all(forks.map((forked) => forked.listening));
    return { listenUrl: listened.listenUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
