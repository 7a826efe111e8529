import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AppServices } from '../appServices';
import { unavailable } from '../../domain/errors';
import { escapeHtml, type RenderOptions } from './renderMarkdown';

/** What the worker is sent: the options minus the callback, which cannot cross threads. */
export interface RenderRequest {
  readonly text: string;
  readonly options: Omit<RenderOptions, 'onError'>;
}

/** What the worker posts: once loaded; then per render the HTML, and why it is the escaped text if it is. */
export type WorkerMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'rendered'; readonly html: string; readonly failure?: unknown };

/** Told to `onError` when a render took longer than the pool allows. */
export class RenderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`markdown rendering timed out after ${timeoutMs} ms`);
    this.name = 'RenderTimeoutError';
  }
}

export interface RenderPoolOptions {
  /** How long one render may run before its worker is terminated. */
  readonly timeoutMs: number;
  readonly workers?: number;
  /** Renders waiting for a worker beyond which `render` answers 503. */
  readonly queueLimit?: number;
  readonly workerFile?: string;
}

interface Job {
  readonly request: RenderRequest;
  readonly onError?: (error: unknown) => void;
  readonly resolve: (html: string) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  worker?: Worker;
  /** The worker has loaded the renderer; until then a render's time limit has not started. */
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/**
 * Bundled, the worker is its own esbuild entry beside `dist/cli.js`; from source (tsx) it is the `.ts`
 * file here, and the worker inherits tsx through `execArgv`.
 */
const defaultWorkerFile = __filename.endsWith('.ts')
  ? path.join(__dirname, 'renderWorker.ts')
  : path.join(__dirname, 'markdownWorker.js');

/**
 * Renders markdown on worker threads, so a slow render (marked is super-linear on some input) never
 * blocks the server: each render has a time limit, after which its worker is terminated and replaced on
 * the next use, and the escaped text is answered as for any renderer failure.
 */
export class MarkdownRenderPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private readonly timeoutMs: number;
  private readonly queueLimit: number;
  private readonly workerFile: string;
  private closed = false;

  constructor(options: RenderPoolOptions) {
    this.timeoutMs = options.timeoutMs;
    this.queueLimit = options.queueLimit ?? 64;
    this.workerFile = options.workerFile ?? defaultWorkerFile;
    this.slots = Array.from({ length: options.workers ?? 1 }, (): Slot => ({ ready: false }));
  }

  /** `renderMarkdown` on a worker; 503 when too many renders wait or the pool is closed. */
  render(text: string, options: RenderOptions): Promise<string> {
    // 503 rather than 429: the queue is shared by every caller, so a full one says the server is busy,
    // not that this caller sent too much.
    if (this.closed) return Promise.reject(unavailable('the server is stopping'));
    if (this.queue.length >= this.queueLimit) {
      return Promise.reject(
        unavailable(
          'too many markdown renders are waiting; try again shortly',
          Math.ceil(this.timeoutMs / 1000),
        ),
      );
    }
    const { onError, ...rest } = options;
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { text, options: rest }, onError, resolve, reject });
      this.dispatch();
    });
  }

  /** Terminates the workers; renders still waiting or running answer 503. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = unavailable('the server is stopping');
    for (const job of this.queue.splice(0)) job.reject(stopping);
    const terminations: Promise<number>[] = [];
    for (const slot of this.slots) {
      if (slot.worker) terminations.push(slot.worker.terminate());
      slot.worker = undefined;
      this.settle(slot, (job) => job.reject(stopping));
    }
    await Promise.all(terminations);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      const worker = slot.worker ?? this.spawn(slot);
      slot.job = job;
      if (slot.ready) this.startTimer(slot);
      worker.postMessage(job.request);
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.workerFile);
    // Never what keeps the process alive: the HTTP server is, while it listens.
    worker.unref();
    worker.on('message', (reply: WorkerMessage) => {
      if (slot.worker !== worker) return;
      if (reply.kind === 'ready') {
        slot.ready = true;
        if (slot.job) this.startTimer(slot);
        return;
      }
      this.settle(slot, (job) => {
        if (reply.failure !== undefined) job.onError?.(reply.failure);
        job.resolve(reply.html);
      });
    });
    worker.on('error', (error) => this.lose(slot, worker, error));
    worker.on('exit', (code) =>
      this.lose(slot, worker, new Error(`the markdown worker exited with code ${code}`)),
    );
    slot.worker = worker;
    slot.ready = false;
    return worker;
  }

  private startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => this.timeOut(slot), this.timeoutMs);
  }

  private timeOut(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    this.fallBack(slot, new RenderTimeoutError(this.timeoutMs));
  }

  /** A worker that failed or exited on its own: its render answers the escaped text, the next spawns anew. */
  private lose(slot: Slot, worker: Worker, error: unknown): void {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    this.fallBack(slot, error);
  }

  private fallBack(slot: Slot, error: unknown): void {
    this.settle(slot, (job) => {
      job.onError?.(error);
      job.resolve(escapeHtml(job.request.text));
    });
  }

  /** Ends the slot's current render (if any) and starts the next one waiting. */
  private settle(slot: Slot, finish: (job: Job) => void): void {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    if (job) finish(job);
    if (!this.closed) this.dispatch();
  }
}

const pools = new WeakMap<AppServices, MarkdownRenderPool>();

/** The app's render pool, created on first use and closed when the server stops. */
export function markdownRenderer(app: AppServices): MarkdownRenderPool {
  let pool = pools.get(app);
  if (!pool) {
    const created = new MarkdownRenderPool({ timeoutMs: app.config.markdownTimeoutMs });
    pools.set(app, created);
    app.onStop(() => created.close());
    pool = created;
  }
  return pool;
}
