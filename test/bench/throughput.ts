import type { CapturedRoute, CapturedRoutes } from './baselineServer';
import { startBaseline } from './baseline';
import { load, type LoadResult } from './load';
import type { BenchWorld } from './seed';
import type { BenchServer } from './serverProcess';
import { ms, rps, times, type Row } from './table';

interface Target {
  figure: string;
  method: 'GET' | 'POST';
  /** below /api/v1 */
  path: string;
  body?: unknown;
  raw?: boolean;
  /** Issue 33's targets: ≥ 1.0× the bare serialising server, ≥ 0.35× the floor, p99 ≤ 1.5× the bare one's. */
  targeted?: boolean;
}

export const throughputTargets = (searchKeyword: string): Target[] => [
  {
    figure: 'GET issues ?limit=50 (10k issues: 3 labels, a milestone, 1 KB bodies)',
    method: 'GET',
    path: '/repos/bench/issues-10k/issues?limit=50',
    targeted: true,
  },
  {
    figure: `GET pulls ?limit=50 (${benchPullCount} open pull requests)`,
    method: 'GET',
    path: '/repos/bench/history/pulls?state=open&limit=50',
    targeted: true,
  },
  { figure: 'GET issue', method: 'GET', path: '/repos/bench/issues-10k/issues/5', targeted: true },
  { figure: 'GET repository', method: 'GET', path: '/repos/bench/issues-10k' },
  {
    figure: `GET repos/search ?q=${searchKeyword} (10k repos)`,
    method: 'GET',
    path: `/repos/search?q=${searchKeyword}`,
    targeted: true,
  },
  { figure: 'GET /user', method: 'GET', path: '/user', targeted: true },
  { figure: 'GET raw file', method: 'GET', path: '/repos/bench/history/raw/README.md', raw: true },
  {
    // last: every request adds an issue to the repository the first row lists
    figure: 'POST issue',
    method: 'POST',
    path: '/repos/bench/issues-10k/issues',
    body: { title: 'Filed by the benchmark', body: 'The list is slow.', labels: [] },
  },
];

/** How many open pull requests the history repository holds for the pull request list row. */
export const benchPullCount = 50;

export const warmUpSeconds = 4;

/** Gitea 1.14 serving the issue list with token auth on this kind of machine, as issue #9 reports it. */
const giteaIssueListRps = 40;

const keptHeaders = ['content-type', 'x-total-count', 'link', 'content-disposition'];

/** The real server's answer to one request, as the baseline will replay it. */
async function capture(server: BenchServer, token: string, target: Target): Promise<CapturedRoute> {
  const response = await fetch(`${server.apiUrl}${target.path}`, {
    method: target.method,
    headers: {
      authorization: `token ${token}`,
      ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${target.path}: ${response.status} ${bytes.toString().slice(0, 200)}`);
  const headers: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return target.raw
    ? { status: response.status, headers, base64: bytes.toString('base64') }
    : {
        status: response.status,
        headers,
        json: JSON.parse(bytes.toString('utf8')) as unknown,
        ...(target.method === 'POST' ? { echoTitle: true } : {}),
      };
}

/**
 * A short load on every route of the real server: JIT, caches and buffers reach their working size (4 s:
 * in 2 s a server answering lists from its serialised cache had not grown its heap to it yet).
 */
export async function warmUp(server: BenchServer, token: string, searchKeyword: string): Promise<void> {
  for (const target of throughputTargets(searchKeyword)) {
    await load({
      url: `${server.apiUrl}${target.path}`,
      token,
      method: target.method,
      body: target.body,
      seconds: warmUpSeconds,
    });
  }
}

export interface ThroughputOptions {
  server: BenchServer;
  world: BenchWorld;
  workDir: string;
  searchKeyword: string;
  seconds: number;
  log: (line: string) => void;
  /**
   * The server runs `--workers N`: only the targeted rows and issue creation are measured, named with N.
   * The baselines stay one process each: what both cores bring is read off the same ratios.
   */
  workers?: number;
}

/**
 * Section 1: each route against the real server, the bare serialising baseline and the floor (bytes made
 * once), 20 connections, token auth, each server in its own process, measured in turn.
 */
export async function measureThroughput(options: ThroughputOptions): Promise<Row[]> {
  const { server, world, log, workers } = options;
  const targets = throughputTargets(options.searchKeyword)
    .filter((target) => workers === undefined || target.targeted || target.method === 'POST')
    .map((target) =>
      workers === undefined ? target : { ...target, figure: `${target.figure} [${workers} workers]` },
    );
  const routes: CapturedRoutes = {};
  for (const target of targets) {
    routes[`${target.method} /api/v1${target.path.split('?')[0]}`] = await capture(
      server,
      world.token,
      target,
    );
  }
  const bare = await startBaseline(routes, options.workDir);
  const floor = await startBaseline(routes, options.workDir, { prebuilt: true });
  const rows: Row[] = [];
  try {
    for (const target of targets) {
      const run = (root: string): Promise<LoadResult> =>
        load({
          url: `${root}/api/v1${target.path}`,
          token: world.token,
          method: target.method,
          body: target.body,
          // rows without a target are stable within half the time: the bench stays under ten minutes
          seconds: target.targeted ? options.seconds : Math.ceil(options.seconds / 2),
        });
      const base = await run(bare.url);
      const prebuilt = await run(floor.url);
      const real = await run(server.url.replace(/\/$/, ''));
      log(
        `${target.figure}: ${rps(real.requestsPerSecond)} p50 ${real.p50} p99 ${real.p99} | bare ${rps(base.requestsPerSecond)} p99 ${base.p99} | floor ${rps(prebuilt.requestsPerSecond)} p99 ${prebuilt.p99}`,
      );
      rows.push(...throughputRows(target, real, base, prebuilt));
    }
  } finally {
    await bare.stop();
    await floor.stop();
  }
  return rows;
}

function throughputRows(target: Target, real: LoadResult, bare: LoadResult, floor: LoadResult): Row[] {
  const targeted = target.targeted === true;
  const ratio = real.requestsPerSecond / bare.requestsPerSecond;
  const floorRatio = real.requestsPerSecond / floor.requestsPerSecond;
  const p99Ratio = real.p99 / Math.max(bare.p99, 1);
  const rows: Row[] = [
    {
      figure: `${target.figure}: req/s vs the bare server`,
      value: rps(real.requestsPerSecond),
      baseline: rps(bare.requestsPerSecond),
      ratio: times(ratio),
      target: targeted ? '≥ 1.00× (1.5× moonshot)' : '–',
      met: targeted ? ratio >= 1 : undefined,
    },
    {
      figure: `${target.figure}: req/s vs the floor`,
      value: rps(real.requestsPerSecond),
      baseline: rps(floor.requestsPerSecond),
      ratio: times(floorRatio),
      target: targeted ? '≥ 0.35× (0.5× moonshot)' : '–',
      met: targeted ? floorRatio >= 0.35 : undefined,
    },
    {
      figure: `${target.figure}: p50 / p99`,
      value: `${ms(real.p50)} / ${ms(real.p99)}`,
      baseline: `${ms(bare.p50)} / ${ms(bare.p99)}`,
      ratio: times(p99Ratio),
      target: targeted ? 'p99 ≤ 1.5×' : '–',
      met: targeted ? p99Ratio <= 1.5 : undefined,
    },
  ];
  if (target.path.endsWith('/issues?limit=50')) {
    rows.push({
      figure: `${target.figure}: vs Gitea 1.14 (token auth)`,
      value: rps(real.requestsPerSecond),
      baseline: `${rps(giteaIssueListRps)} (the issue's figure)`,
      ratio: times(real.requestsPerSecond / giteaIssueListRps),
      target: '≥ 50×',
      met: real.requestsPerSecond / giteaIssueListRps >= 50,
    });
  }
  return rows;
}
