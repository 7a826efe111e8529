// `npm run bench:dump`: the time `teahouse dump` takes on a running server and `teahouse restore` takes,
// and the archive's size, for a data folder of 100,000 issues (200,000 comments) in 50 repositories, one
// of them holding this project's own git history (a figure to report, not an assertion). The issues are
// written through the server's store while the server is stopped (seedTracker); dump and restore are the
// real CLI, started through tsx (its start, about a second, is in the figures).
import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fixtureEnv } from '../helpers/gitFixtures';
import { remoteUrl } from '../helpers/gitRemote';
import { makeTempDir, projectRoot, runCli, startServer } from '../server/harness';
import { seedTracker } from './trackerSeed';

const repositoryCount = 50;
const issueCount = 100_000;
const commentsPerIssue = 2;

const du = (dir: string): string => execFileSync('du', ['-sh', dir]).toString().split('\t')[0]!;
const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await fn();
  console.log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

async function main(): Promise<void> {
  const work = makeTempDir('teahouse-dump-bench-');
  const dataDir = path.join(work, 'data');
  try {
    let server = await startServer({ dataDir });
    const admin = server.admin;
    const alice = await server.createUser('alice');
    const bob = await server.createUser('bob');
    const repoIds: number[] = [];
    for (let i = 1; i <= repositoryCount; i++) {
      const res = await server.request<{ id: number }>('POST', '/user/repos', {
        token: alice.token,
        body: { name: `repo-${i}`, auto_init: true },
      });
      if (res.status !== 201) throw new Error(`repository ${i}: ${res.status} ${res.text}`);
      repoIds.push(res.json.id);
    }
    execFileSync(
      'git',
      [
        'push',
        '--quiet',
        '--force',
        remoteUrl(server.url, 'alice/repo-1', { username: 'alice', secret: alice.token }),
        'HEAD:refs/heads/main',
      ],
      { cwd: projectRoot, env: fixtureEnv(), stdio: 'inherit' },
    );
    await server.stop({ keepData: true });
    const t0 = performance.now();
    for (const repoId of repoIds) {
      seedTracker(dataDir, repoId, alice.user.id, bob.user.id, {
        issues: issueCount / repositoryCount,
        commentsPerIssue,
        reactions: false,
      });
    }
    console.log(
      `seeded ${issueCount} issues and ${issueCount * commentsPerIssue} comments in ${repositoryCount} repositories in ${((performance.now() - t0) / 1000).toFixed(1)} s; data folder ${du(dataDir)}`,
    );

    server = await startServer({ dataDir, admin });
    const archive = path.join(work, 'backup.tar.gz');
    const dump = await timed('dump (server running)', () =>
      runCli(['dump', '--data', dataDir, '--file', archive]),
    );
    if (dump.code !== 0) throw new Error(`dump failed: ${dump.stderr}`);
    console.log(`  ${lastLine(dump.stderr)}`);
    await server.stop({ keepData: true });
    console.log(
      `archive: ${mib(statSync(archive).size)} (database ${mib(statSync(path.join(dataDir, 'teahouse.db')).size)} before)`,
    );

    const target = path.join(work, 'restored');
    const restore = await timed('restore (with git fsck)', () =>
      runCli(['restore', '--file', archive, '--data', target]),
    );
    if (restore.code !== 0) throw new Error(`restore failed: ${restore.stderr}`);
    console.log(`  ${lastLine(restore.stderr)}`);
    console.log(`restored folder: ${du(target)}`);
    const restored = await startServer({ dataDir: target, admin });
    try {
      const res = await restored.request('GET', '/repos/alice/repo-1/issues?state=all&limit=1', {
        token: alice.token,
      });
      console.log(`restored server: alice/repo-1 answers ${res.headers.get('x-total-count')} issues`);
    } finally {
      await restored.stop({ keepData: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
