// `npm run bench:publish`: the time `teahouse publish` takes to publish a repository of 1,000 issues and
// 5,000 comments to another Teahouse server, the first run and a second one (nothing changed, then one new
// comment), then to the Gitea 1.22 double with its push queue recording branches at once and 2 s late.
// Figures to report, not assertions. The issues and comments are written through the store while
// the source server is stopped; publishing is the real CLI against the real target over HTTP.
import { rmSync } from 'node:fs';
import { databaseFile } from '../../src/server/config';
import { insertComment } from '../../src/server/store/comments';
import { Database } from '../../src/server/store/database';
import { findIssueByNumber } from '../../src/server/store/issues';
import { gitea122Tokens, startGitea122Double } from '../helpers/gitea122Double';
import { runCli, startServer } from '../server/harness';
import { seededSource } from './trackerSeed';

const issueCount = 1_000;
const commentsPerIssue = 5;

interface Summary {
  created: { issue: number; comment: number };
  requests: { reads: number; writes: number };
  seconds: number;
}

async function publish(
  dataDir: string,
  targetUrl: string,
  token: string,
): Promise<{ summary: Summary; wallMs: number }> {
  const started = performance.now();
  const run = await runCli(
    ['publish', '--data', dataDir, '--repo', 'alice/big', '--to', targetUrl, '--json'],
    {
      env: { ...process.env, TEAHOUSE_PUBLISH_TOKEN: token },
    },
  );
  if (run.code !== 0) throw new Error(`publish exited ${run.code}: ${run.stderr}`);
  const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Summary;
  return { summary, wallMs: performance.now() - started };
}

const row = (what: string, run: { summary: Summary; wallMs: number }): string =>
  `${what.padEnd(34)} ${(run.wallMs / 1000).toFixed(1).padStart(6)} s wall, ${run.summary.seconds.toFixed(1).padStart(6)} s publishing, ` +
  `${run.summary.requests.reads} reads, ${run.summary.requests.writes} writes`;

async function main(): Promise<void> {
  const {
    dataDir: sourceDir,
    bob,
    repoId,
  } = await seededSource('teahouse-publish-bench-', {
    issues: issueCount,
    commentsPerIssue,
    reactions: false,
  });
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
      const issue = findIssueByNumber(db, repoId, 500)!;
      insertComment(db, { issueId: issue.id, posterId: bob.user.id, content: 'one more' });
    } finally {
      db.close();
    }
    const one = await publish(sourceDir, target.url, carol.token);
    console.log(row('third run, one new comment', one));
    // Gitea records the branches of a push into an empty repository in a queue: 404 for them, 201 about
    // two seconds later. Publishing waits for them; the double that records them at once is the baseline.
    for (const [what, delayMs] of [
      ['at once', 0],
      ['2 s after the push', 2_000],
    ] as const) {
      const gitea = await startGitea122Double({ branchRecordDelayMs: delayMs });
      try {
        const run = await publish(sourceDir, gitea.url, gitea122Tokens.root);
        console.log(row(`Gitea 1.22 double, branches ${what}`, run));
      } finally {
        await gitea.close();
      }
    }
  } finally {
    await target.stop();
    rmSync(sourceDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
