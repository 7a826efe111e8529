import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { issueRepos, type BenchWorld } from './seed';
import type { BenchServer } from './serverProcess';
import { projectRoot } from './serverProcess';
import { times, type Row } from './table';

export type WriteKind = 'issue' | 'comment' | 'label';

/** What writeFloor.ts is given (as JSON, its one argument). */
export interface FloorArguments {
  readonly dataDir: string;
  readonly kind: WriteKind;
  readonly seconds: number;
  readonly repoId: number;
  readonly posterId: number;
  readonly labelIds: readonly number[];
}

/** The issues the rows comment on (#5) and label (#6). */
export const commentedIssue = 5;
export const labelledIssue = 6;

/** Issue creation as issue 33 measured it: 8 clients at once, each issue with three labels. */
const writers = 8;

interface WriteTarget {
  readonly kind: WriteKind;
  readonly figure: string;
  readonly unit: string;
  readonly requests: (world: BenchWorld, labelIds: readonly number[]) => Request[];
}

const repo = `/api/v1/repos/bench/${issueRepos.medium}`;

const writeTargets: readonly WriteTarget[] = [
  {
    kind: 'issue',
    figure: `POST issue (${writers} clients, 3 labels)`,
    unit: 'issues/s',
    requests: (_, labels) => [
      {
        method: 'POST',
        path: `${repo}/issues`,
        body: JSON.stringify({
          title: 'Filed by the benchmark',
          body: 'The list is slow.',
          labels: labels.slice(0, 3),
        }),
      },
    ],
  },
  {
    kind: 'comment',
    figure: `POST comment (${writers} clients)`,
    unit: 'comments/s',
    requests: () => [
      {
        method: 'POST',
        path: `${repo}/issues/${commentedIssue}/comments`,
        body: JSON.stringify({ body: 'Seen it too.' }),
      },
    ],
  },
  {
    kind: 'label',
    figure: `label added and removed (${writers} clients)`,
    unit: 'changes/s',
    requests: (_, labels) => [
      {
        method: 'POST',
        path: `${repo}/issues/${labelledIssue}/labels`,
        body: JSON.stringify({ labels: [labels[0]] }),
      },
      { method: 'DELETE', path: `${repo}/issues/${labelledIssue}/labels/${labels[0]}` },
    ],
  },
];

async function apiWrites(
  server: BenchServer,
  world: BenchWorld,
  target: WriteTarget,
  seconds: number,
): Promise<number> {
  const labelIds = world.repos[issueRepos.medium]!.labelIds;
  const result = await autocannon({
    url: server.url.replace(/\/$/, ''),
    connections: writers,
    duration: seconds,
    headers: { authorization: `token ${world.token}`, 'content-type': 'application/json' },
    requests: target.requests(world, labelIds),
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${target.figure}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
  }
  return result.requests.average;
}

function floorWrites(dataDir: string, world: BenchWorld, kind: WriteKind, seconds: number): Promise<number> {
  const repoRow = world.repos[issueRepos.medium]!;
  const args: FloorArguments = {
    dataDir,
    kind,
    seconds,
    repoId: repoRow.id,
    posterId: world.ownerId,
    labelIds: repoRow.labelIds.slice(0, 3),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'writeFloor.ts'), JSON.stringify(args)],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      const perSecond = (/"perSecond":([\d.]+)/.exec(output) ?? [])[1];
      if (code !== 0 || perSecond === undefined)
        reject(new Error(`the write floor failed (${code}): ${output}`));
      else resolve(Number(perSecond));
    });
  });
}

/**
 * Writes against their floor: the API (8 clients, token auth) and the same SQLite work done by a bare script
 * through the store functions in its own process (writeFloor.ts), the server idle meanwhile.
 */
export async function measureWrites(
  server: BenchServer,
  world: BenchWorld,
  dataDir: string,
  seconds: number,
  log: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of writeTargets) {
    const floor = await floorWrites(dataDir, world, target.kind, seconds);
    const api = await apiWrites(server, world, target, seconds);
    log(`${target.figure}: ${Math.round(api)} ${target.unit} | floor ${Math.round(floor)} ${target.unit}`);
    rows.push({
      figure: `${target.figure}: ${target.unit} vs the SQLite floor`,
      value: `${Math.round(api)} ${target.unit}`,
      baseline: `${Math.round(floor)} ${target.unit}`,
      ratio: times(api / floor),
      target: '≥ 0.50×',
      met: api / floor >= 0.5,
    });
  }
  return rows;
}
