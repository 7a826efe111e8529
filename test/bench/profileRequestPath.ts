// `npm run bench:profile`: where the time of one request goes. Seeds the issue list of the throughput row
// (10,000 labelled issues), runs the BUILT server with --cpu-prof under 20 connections for each route, and
// prints the top frames by self time and the share of the request path's stages. The .cpuprofile files stay
// in test-results/profile/ (open them in Chrome DevTools or speedscope for the flame graph).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from './load';
import { execFileSync } from 'node:child_process';
import { buildHistory } from './gitRepository';
import {
  historyRepo,
  issueRepos,
  seedIssues,
  seedPullRequests,
  seedRepositories,
  seedThroughApi,
} from './seed';
import { benchPullCount } from './throughput';
import { projectRoot, startBuiltServer } from './serverProcess';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface ProfiledRoute {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly body?: unknown;
  readonly connections?: number;
}

const routes: Record<string, ProfiledRoute> = {
  'issue list': { path: `/repos/bench/${issueRepos.medium}/issues?limit=50` },
  'pull request list': { path: `/repos/bench/${historyRepo}/pulls?state=open&limit=50` },
  'single issue': { path: `/repos/bench/${issueRepos.medium}/issues/5` },
  'repository search': { path: '/repos/search?q=12' },
  '/user': { path: '/user' },
  'issue creation': {
    path: `/repos/bench/${issueRepos.medium}/issues`,
    method: 'POST',
    // as the bench's write row: three labels (by name, which the API takes as ids are taken)
    body: {
      title: 'Filed by the profile',
      body: 'The list is slow.',
      labels: ['label-0', 'label-1', 'label-2'],
    },
    connections: 8,
  },
  'comment creation': {
    path: `/repos/bench/${issueRepos.medium}/issues/5/comments`,
    method: 'POST',
    body: { body: 'Seen it too.' },
    connections: 8,
  },
};

function frameName(node: ProfileNode): string {
  const file = node.callFrame.url.replace(/^.*\/(dist|node_modules)\//, '$1/').replace(/^node:/, 'node:');
  return `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
}

/** Self time per frame, and inclusive time per frame name (a frame counted once per sample). */
function analyse(profile: CpuProfile): {
  self: Map<string, number>;
  inclusive: Map<string, number>;
  total: number;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    total += micros;
    const node = byId.get(id)!;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + micros);
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = frameName(byId.get(current)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + micros);
    }
  });
  return { self, inclusive, total };
}

async function main(): Promise<void> {
  const seconds = Number(process.env['TEAHOUSE_PROFILE_SECONDS'] ?? 8);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-profile-'));
  const outDir = path.join(projectRoot, 'test-results', 'profile');
  mkdirSync(outDir, { recursive: true });
  try {
    let server = await startBuiltServer(dataDir);
    const world = await seedThroughApi(server);
    await server.stop();
    seedIssues(dataDir, world, issueRepos.medium, 10_000, 'labelled');
    seedRepositories(dataDir, world, 10_000);
    const gitDir = buildHistory(50, benchPullCount);
    server = await startBuiltServer(dataDir);
    execFileSync(
      'git',
      [
        'push',
        '--quiet',
        `${server.url.replace('://', `://bench:${world.token}@`)}bench/${historyRepo}.git`,
        'refs/heads/*:refs/heads/*',
      ],
      { cwd: gitDir },
    );
    rmSync(gitDir, { recursive: true, force: true });
    await seedPullRequests(server, world, benchPullCount);
    await server.stop();
    const only = process.env['TEAHOUSE_PROFILE_ONLY'];
    for (const [name, route] of Object.entries(routes)) {
      if (only && !name.includes(only)) continue;
      const dir = mkdtempSync(path.join(outDir, `${name.replace(/\W+/g, '-')}-`));
      server = await startBuiltServer(dataDir, ['--cpu-prof', '--cpu-prof-dir', dir]);
      const url = `${server.apiUrl}${route.path}`;
      const options = {
        url,
        token: world.token,
        method: route.method ?? 'GET',
        body: route.body,
        connections: route.connections ?? 20,
      } as const;
      await load({ ...options, seconds: 3 });
      const measured = await load({ ...options, seconds });
      await server.stop();
      const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile in ${dir}`);
      const { self, inclusive, total } = analyse(
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile,
      );
      console.log(
        `\n== ${name} (${route}): ${Math.round(measured.requestsPerSecond)} req/s, p99 ${measured.p99} ms; ${path.join(dir, file)}`,
      );
      const share = (micros: number): string => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
      console.log('top frames by self time:');
      for (const [frame, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        console.log(`  ${share(micros)}  ${frame}`);
      }
      console.log('top frames of the project by inclusive time:');
      for (const [frame, micros] of [...inclusive]
        .filter(([frame]) => frame.includes('dist/cli.js'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 30)) {
        console.log(`  ${share(micros)}  ${frame}`);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
