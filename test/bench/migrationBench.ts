// `npm run bench:migration`: the time a tracker migration takes between two Teahouse servers for a
// repository of 1,000 issues and 5,000 comments (a figure to report, not an assertion). The issues and
// comments are written through the server's store while the source server is stopped (seconds instead of
// minutes of HTTP); the migration itself is the real `POST /repos/migrate` between two running servers.
import { rmSync } from 'node:fs';
import { databaseFile } from '../../src/server/config';
import { insertComment } from '../../src/server/store/comments';
import { Database } from '../../src/server/store/database';
import { insertIssue } from '../../src/server/store/issues';
import { insertReaction } from '../../src/server/store/reactions';
import { makeTempDir, startServer } from '../server/harness';

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
          const comment = insertComment(db, {
            issueId: issue.id,
            posterId: c % 2 === 0 ? ownerId : otherId,
            content: `Comment ${c + 1} on ${i + 1}`,
          });
          if (c === 0 && i % 10 === 0)
            insertReaction(db, { issueId: issue.id, commentId: comment.id }, otherId, '+1');
        }
        if (i % 10 === 0) insertReaction(db, { issueId: issue.id, commentId: null }, ownerId, 'heart');
      }
    });
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const sourceDir = makeTempDir('teahouse-migration-bench-');
  let source = await startServer({ dataDir: sourceDir });
  const admin = source.admin;
  const alice = await source.createUser('alice');
  const bob = await source.createUser('bob');
  const repo = await source.request<{ id: number }>('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'big', auto_init: true },
  });
  await source.stop({ keepData: true });
  let t0 = performance.now();
  seed(sourceDir, repo.json.id, alice.user.id, bob.user.id);
  console.log(
    `seeded ${issueCount} issues and ${issueCount * commentsPerIssue} comments in ${Math.round(performance.now() - t0)} ms`,
  );
  source = await startServer({ dataDir: sourceDir, admin });
  const target = await startServer();
  try {
    const targetAlice = await target.createUser('alice');
    t0 = performance.now();
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
