import { databaseFile } from '../../src/server/config';
import { insertComment } from '../../src/server/store/comments';
import { Database } from '../../src/server/store/database';
import { insertIssue } from '../../src/server/store/issues';
import { insertReaction } from '../../src/server/store/reactions';
import { makeTempDir, startServer, type TestServer, type TestUser } from '../server/harness';

export interface TrackerSeed {
  readonly issues: number;
  readonly commentsPerIssue: number;
  /** A reaction on every tenth issue and its first comment. */
  readonly reactions: boolean;
}

/**
 * Issues (every third by `otherId`, every fifth closed) with comments written through the server's store in
 * one transaction, while no server runs on the folder: seconds instead of minutes of HTTP.
 */
export function seedTracker(
  dataDir: string,
  repoId: number,
  ownerId: number,
  otherId: number,
  seed: TrackerSeed,
): void {
  const db = new Database(databaseFile(dataDir));
  try {
    const start = Math.floor(Date.now() / 1000) - seed.issues * 60;
    db.transaction(() => {
      for (let i = 0; i < seed.issues; i++) {
        const issue = insertIssue(db, {
          repoId,
          posterId: i % 3 === 0 ? otherId : ownerId,
          title: `Issue ${i + 1}`,
          content: `Seeded issue ${i + 1}.\r\nWith a second line.`,
          isClosed: i % 5 === 0,
          created: start + i * 60,
        });
        for (let c = 0; c < seed.commentsPerIssue; c++) {
          const comment = insertComment(db, {
            issueId: issue.id,
            posterId: c % 2 === 0 ? ownerId : otherId,
            content: `Comment ${c + 1} on ${i + 1}`,
          });
          if (seed.reactions && c === 0 && i % 10 === 0)
            insertReaction(db, { issueId: issue.id, commentId: comment.id }, otherId, '+1');
        }
        if (seed.reactions && i % 10 === 0)
          insertReaction(db, { issueId: issue.id, commentId: null }, ownerId, 'heart');
      }
    });
  } finally {
    db.close();
  }
}

export interface SeededSource {
  readonly dataDir: string;
  /** The administrator of the folder's first start (to start it again). */
  readonly admin: TestServer['admin'];
  readonly alice: TestUser;
  readonly bob: TestUser;
  readonly repoId: number;
}

/**
 * A data folder with `alice/big` (bob a second author) seeded with `seed`, its server stopped; the time
 * the seeding took is printed.
 */
export async function seededSource(prefix: string, seed: TrackerSeed): Promise<SeededSource> {
  const dataDir = makeTempDir(prefix);
  const source = await startServer({ dataDir });
  const alice = await source.createUser('alice');
  const bob = await source.createUser('bob');
  const repo = await source.request<{ id: number }>('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'big', auto_init: true },
  });
  await source.stop({ keepData: true });
  const t0 = performance.now();
  seedTracker(dataDir, repo.json.id, alice.user.id, bob.user.id, seed);
  console.log(
    `seeded ${seed.issues} issues and ${seed.issues * seed.commentsPerIssue} comments in ${Math.round(performance.now() - t0)} ms`,
  );
  return { dataDir, admin: source.admin, alice, bob, repoId: repo.json.id };
}
