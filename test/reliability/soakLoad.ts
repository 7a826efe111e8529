import { Pool } from 'undici';

/**
 * The soak's load: `connections` workers on one keep-alive pool, each sending the next request of a
 * mixed read/write plan until the deadline. Every request must answer its expected 2xx; anything else
 * (another status, a socket error) is an error, counted and sampled.
 */

export interface PlannedRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Below the server's root, e.g. `/api/v1/repos/a/b/issues`. */
  readonly path: string;
  readonly body?: unknown;
  readonly expect: number;
  /** The kind, for the figures (e.g. "issue list"). */
  readonly kind: string;
}

export interface LoadFigures {
  requests: number;
  errors: number;
  /** Up to 10 errors, described. */
  samples: string[];
  byKind: Record<string, number>;
  seconds: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly token: string;
  readonly connections: number;
  readonly seconds: number;
  /** The request a worker sends as its `sequence`-th (all workers share one sequence). */
  readonly plan: (sequence: number) => PlannedRequest;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const figures: LoadFigures = { requests: 0, errors: 0, samples: [], byKind: {}, seconds: 0 };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let sequence = 0;
  const fail = (what: string): void => {
    figures.errors++;
    if (figures.samples.length < 10) figures.samples.push(what);
  };

  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const planned = options.plan(sequence++);
      figures.requests++;
      figures.byKind[planned.kind] = (figures.byKind[planned.kind] ?? 0) + 1;
      try {
        const res = await pool.request({
          method: planned.method,
          path: planned.path,
          headers: {
            authorization: `token ${options.token}`,
            ...(planned.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: planned.body === undefined ? undefined : JSON.stringify(planned.body),
        });
        const text = await res.body.text();
        if (res.statusCode !== planned.expect) {
          fail(`${planned.method} ${planned.path} → ${res.statusCode} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        fail(`${planned.method} ${planned.path} → ${(error as Error).message}`);
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    await pool.close();
  }
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}
