import fc from 'fast-check';
import { operations } from '../../../src/api/operations';
import { basicHeader, type TestServer } from '../../server/harness';
import { operationCases, type FuzzCase } from './cases';
import { rawRequest, type RawAnswer } from './rawRequest';
import { snapshotDifferences, takeSnapshot, type Snapshot } from './snapshot';
import type { FuzzWorld } from './world';

export interface FuzzFailure {
  readonly fuzzCase: FuzzCase;
  readonly problem: string;
}

export interface FuzzResult {
  readonly cases: number;
  readonly statuses: Map<number, number>;
  readonly serverErrors: number;
  readonly failures: FuzzFailure[];
  readonly windowsChecked: number;
  readonly windowsInconclusive: number;
  readonly operationsCovered: number;
}

/** Every operation gets its share of the cases, each from its own seed derived from the run's. */
export function generateCases(seed: number, total: number, world: FuzzWorld): FuzzCase[] {
  const perOperation = Math.max(1, Math.ceil(total / operations.length));
  const byOperation = operations.map((op, i) =>
    fc.sample(operationCases(op, world.values), { seed: (seed + i * 7919) | 0, numRuns: perOperation }),
  );
  // Interleave, so each window mixes operations and the world's state is exercised from many sides.
  const cases: FuzzCase[] = [];
  for (let round = 0; round < perOperation; round++) {
    for (const list of byOperation) if (list[round]) cases.push(list[round]!);
  }
  return cases.slice(0, total);
}

function authorization(fuzzCase: FuzzCase, world: FuzzWorld): Record<string, string> {
  if (fuzzCase.caller === 'anonymous' || fuzzCase.caller === 'forged') return {};
  const caller = fuzzCase.caller === 'admin' ? world.admin : world.user;
  const op = operations.find((candidate) => candidate.operationId === fuzzCase.operationId);
  // Token management wants HTTP Basic; a token as the password keeps it cheap (no password hash per request).
  if (op?.auth === 'basic')
    return { Authorization: basicHeader({ username: caller.username, password: caller.token }) };
  return { Authorization: `token ${caller.token}` };
}

/** What is wrong with an answer: anything but a 2xx/3xx, or a 4xx whose body is JSON with a string message. */
export function answerProblem(answer: RawAnswer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return undefined;
  try {
    const parsed = JSON.parse(answer.text) as { message?: unknown };
    if (typeof parsed.message !== 'string')
      return `answered ${answer.status} without a message: ${answer.text.slice(0, 200)}`;
  } catch {
    return `answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`;
  }
  return undefined;
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * A snapshot once the server's background work has finished: an accepted push makes the pull-request
 * sync update rows after the answer, which must not be blamed on the next window's refused requests.
 */
async function settledSnapshot(dataDir: string): Promise<Snapshot> {
  let previous = await takeSnapshot(dataDir);
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await takeSnapshot(dataDir);
    if (snapshotDifferences(previous, current).length === 0) return current;
    previous = current;
  }
  return previous;
}

export interface RunOptions {
  readonly server: TestServer;
  readonly world: FuzzWorld;
  readonly cases: readonly FuzzCase[];
  /** Cases between two snapshots. */
  readonly windowSize: number;
  readonly concurrency: number;
}

/**
 * Sends the cases window by window. Around each window the database and repositories are snapshotted: when
 * every mutating request in the window was refused (4xx), nothing may have changed. After each window the
 * server must still answer its health check.
 */
export async function runFuzz(options: RunOptions): Promise<FuzzResult> {
  const { server, world, cases } = options;
  const statuses = new Map<number, number>();
  const failures: FuzzFailure[] = [];
  const covered = new Set<string>();
  let serverErrors = 0;
  let windowsChecked = 0;
  let windowsInconclusive = 0;
  let before: Snapshot = await takeSnapshot(server.dataDir);

  for (let start = 0; start < cases.length; start += options.windowSize) {
    const window = cases.slice(start, start + options.windowSize);
    let acceptedWrites = 0;
    await inParallel(window, options.concurrency, async (fuzzCase) => {
      covered.add(fuzzCase.operationId);
      let answer: RawAnswer;
      try {
        answer = await rawRequest(server.url, {
          method: fuzzCase.method,
          path: fuzzCase.path,
          headers: { ...fuzzCase.headers, ...authorization(fuzzCase, world) },
          body: fuzzCase.body,
        });
      } catch (error) {
        failures.push({ fuzzCase, problem: `no answer: ${(error as Error).message}` });
        return;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) serverErrors++;
      const problem = answerProblem(answer);
      if (problem) failures.push({ fuzzCase, problem });
      if (fuzzCase.method !== 'GET' && answer.status < 400) acceptedWrites++;
    });

    const health = await rawRequest(server.url, {
      method: 'GET',
      path: '/api/v1/version',
      timeoutMs: 10_000,
    }).catch((error: Error) => ({ status: 0, text: error.message, headers: {} }));
    if (health.status !== 200) {
      failures.push({
        fuzzCase: window[0]!,
        problem: `health check after this window: ${health.status} ${health.text}`,
      });
      break;
    }

    const after =
      acceptedWrites === 0 ? await takeSnapshot(server.dataDir) : await settledSnapshot(server.dataDir);
    if (acceptedWrites === 0) {
      windowsChecked++;
      const changed = snapshotDifferences(before, after);
      if (changed.length > 0) {
        const writes = window
          .filter((c) => c.method !== 'GET')
          .map((c) => `${c.method} ${c.path.slice(0, 120)}`);
        failures.push({
          fuzzCase: window[0]!,
          problem: `refused requests changed ${changed.join(', ')}; the window's writes: ${writes.join(' | ')}`,
        });
      }
    } else {
      windowsInconclusive++;
    }
    before = after;
  }
  return {
    cases: [...statuses.values()].reduce((sum, n) => sum + n, 0),
    statuses,
    serverErrors,
    failures,
    windowsChecked,
    windowsInconclusive,
    operationsCovered: covered.size,
  };
}
