// `npm run bench:publish`: the time `teahouse publish` takes to publish a repository of 1,000 issues and
// 5,000 comments to another Teahouse server, the first run and a second one (nothing changed, then one new
// comment). Figures to report, not assertions. The issues and comments are written through the store while
// the source server is stopped; publishing is the real CLI against the real target over HTTP.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { databaseFile } from '../../src/server/config';
import { insertComment } from '../../src/server/store/comments';
import { Database } from '../../src/server/store/database';
import { findIssueByNumber, insertIssue } from '../../src/server/store/issues';
import { cliPath, makeTempDir, projectRoot, startServer } from '../server/harness';

const issueCount = 1_000;
const commentsPerIssue = 5;

function seed(dataDir: string, repoId: number, ownerId: number, otherId: number): void {
  const db = new Database(databaseFile(dataDir));
  try {
    const start = Math.floor(Date.now() / 1000) - issueCount * 60;
    db.transaction(() => {
      for (let i = 0; i < issueCount; i++) {
        const issue = insertIssue(db, {
          repoId,
          posterId: i % 3 === 0 ? otherId : ownerId,
          title: `Issue ${i + 1}`,
          content: `Seeded issue ${i + 1}.\r\nWith a second line.`,
          isClosed: i % 5 === 0,
          created: start + i * 60,
        });
        for (let c = 0; c < commentsPerIssue; c++) {
          insertComment(db, {
            issueId: issue.id,
            posterId: c % 2 === 0 ? ownerId : otherId,
            content: `Comment ${c + 1} on ${i + 1}`,
          });
        }
      }
    });
  } finally {
    db.close();
  }
}

interface Summary {
  created: { issue: number; comment: number };
  requests: { reads: number; writes: number };
  seconds: number;
}

function publish(
  dataDir: string,
  targetUrl: string,
  token: string,
): Promise<{ summary: Summary; wallMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cliPath,
        'publish',
        '--data',
        dataDir,
        '--repo',
        'alice/big',
        '--to',
        targetUrl,
        '--json',
      ],
      {
        cwd: projectRoot,
        env: { ...process.env, TEAHOUSE_PUBLISH_TOKEN: token },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`publish exited ${code}: ${stderr}`));
      const summary = JSON.parse(stdout.trim().split('\n').at(-1)!) as Summary;
      resolve({ summary, wallMs: performance.now() - started });
    });
  });
}

const row = (what: string, run: { summary: Summary; wallMs: number }): string =>
  `${what.padEnd(34)} ${(run.wallMs / 1000).toFixed(1).padStart(6)} s wall, ${run.summary.seconds.toFixed(1).padStart(6)} s publishing, ` +
  `${run.summary.requests.reads} reads, ${run.summary.requests.writes} writes`;

async function main(): Promise<void> {
  const sourceDir = makeTempDir('teahouse-publish-bench-');
  const source = await startServer({ dataDir: sourceDir });
  const alice = await source.createUser('alice');
  const bob = await source.createUser('bob');
  const repo = await source.request<{ id: number }>('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'big', auto_init: true },
  });
  await source.stop({ keepData: true });
  const t0 = performance.now();
  seed(sourceDir, repo.json.id, alice.user.id, bob.user.id);
  console.log(
    `seeded ${issueCount} issues and ${issueCount * commentsPerIssue} comments in ${Math.round(performance.now() - t0)} ms`,
  );
  const target = await startServer();
  try {
    const carol = await target.createUser('carol');
    const first = await publish(sourceDir, target.url, carol.token);
    console.log(
      row(
        `first run (${first.summary.created.issue} issues, ${first.summary.created.comment} comments)`,
        first,
      ),
    );
    const idle = await publish(sourceDir, target.url, carol.token);
    console.log(row('second run, nothing changed', idle));
    const db = new Database(databaseFile(sourceDir));
    try {
      const issue = findIssueByNumber(db, repo.json.id, 500)!;
      insertComment(db, { issueId: issue.id, posterId: bob.user.id, content: 'one more' });
    } finally {
      db.close();
    }
    const one = await publish(sourceDir, target.url, carol.token);
    console.log(row('third run, one new comment', one));
  } finally {
    await target.stop();
    rmSync(sourceDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
