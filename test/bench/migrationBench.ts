// `npm run bench:migration`: the time a tracker migration takes between two Teahouse servers for a
// repository of 1,000 issues and 5,000 comments (a figure to report, not an assertion). The issues and
// comments are written through the server's store while the source server is stopped (seconds instead of
// minutes of HTTP); the migration itself is the real `POST /repos/migrate` between two running servers.
import { rmSync } from 'node:fs';
import { startServer } from '../server/harness';
import { seededSource } from './trackerSeed';

const issueCount = 1_000;
const commentsPerIssue = 5;

async function main(): Promise<void> {
  const {
    dataDir: sourceDir,
    admin,
    alice,
  } = await seededSource('teahouse-migration-bench-', {
    issues: issueCount,
    commentsPerIssue,
    reactions: true,
  });
  const source = await startServer({ dataDir: sourceDir, admin });
  const target = await startServer();
  try {
    const targetAlice = await target.createUser('alice');
    const t0 = performance.now();
    const res = await target.request<{ message?: string; open_issues_count: number }>(
      'POST',
      '/repos/migrate',
      {
        token: targetAlice.token,
        body: {
          clone_addr: `${source.url}alice/big.git`,
          repo_name: 'big',
          service: 'gitea',
          auth_token: alice.token,
          labels: true,
          milestones: true,
          issues: true,
          pull_requests: true,
          releases: true,
        },
      },
    );
    const ms = Math.round(performance.now() - t0);
    if (res.status !== 201) throw new Error(`migration failed: ${res.status} ${res.text}`);
    const comments = await target.request('GET', '/repos/alice/big/issues/comments?limit=1', {
      token: targetAlice.token,
    });
    console.log(
      `migrated ${issueCount} issues (${res.json.open_issues_count} open) and ${comments.headers.get('x-total-count')} comments in ${ms} ms`,
    );
  } finally {
    await target.stop();
    await source.stop();
    rmSync(sourceDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
