import autocannon from 'autocannon';
import { median } from '../helpers/median';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  url: string;
  token?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  /** The answers every request must get: 2xx (the default) or 304 (a conditional GET). */
  expect?: '2xx' | '304';
}

/** autocannon against one URL (20 connections, 10 s by default); any failed request fails the bench. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `token ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 20,
    duration: options.seconds ?? 10,
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const [expected, others] =
    options.expect === '304'
      ? [result['3xx'], result['2xx'] + result['4xx'] + result['5xx']]
      : [result['2xx'], result.non2xx];
  if (result.errors > 0 || others > 0 || expected === 0) {
    throw new Error(
      `${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${others} answers not ${options.expect ?? '2xx'} (by status: ${JSON.stringify(result.statusCodeStats ?? {})})`,
    );
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Median milliseconds of `count` sequential runs of `task` (after a few warm-up runs). */
export async function medianMs(task: () => Promise<unknown>, count: number, warmUp = 3): Promise<number> {
  for (let i = 0; i < warmUp; i++) await task();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** A GET whose body is read to the end; throws unless 2xx. */
export async function fetchOk(url: string, token?: string): Promise<Buffer> {
  const response = await fetch(url, token ? { headers: { authorization: `token ${token}` } } : {});
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.toString().slice(0, 200)}`);
  return body;
}

/** Median milliseconds of each task, run in turn `count` times (after `warmUp` rounds). */
export async function interleavedMediansMs(
  tasks: readonly (() => Promise<unknown>)[],
  count: number,
  warmUp = 3,
): Promise<number[]> {
  const times = tasks.map((): number[] => []);
  for (let round = -warmUp; round < count; round++) {
    for (const [i, task] of tasks.entries()) {
      const t0 = performance.now();
      await task();
      if (round >= 0) times[i]!.push(performance.now() - t0);
    }
  }
  return times.map(median);
}
