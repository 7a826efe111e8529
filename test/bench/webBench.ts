import { databaseFile } from '../../src/server/config';
import { Database } from '../../src/server/store/database';
import { insertComment } from '../../src/server/store/comments';
import { insertIssue } from '../../src/server/store/issues';
import { fetchOk, medianMs } from './load';
import type { BenchWorld } from './seed';
import type { BenchServer } from './serverProcess';
import { ms, times, type Row } from './table';

const samples = 100;

/** Markdown as people write it: a paragraph, a list, a code span, a reference and a mention. */
const commentBody = (i: number): string =>
  `Comment ${i}: I looked at this again.\n\n- the list loads\n- \`npm test\` passes\n\nSee #1 and @bench.`;

/** An issue with `count` comments (a server must not be running); answers its number. */
export function seedDiscussion(dataDir: string, world: BenchWorld, repoName: string, count: number): number {
  const repo = world.repos[repoName]!;
  const db = new Database(databaseFile(dataDir));
  try {
    return db.transaction(() => {
      const issue = insertIssue(db, {
        repoId: repo.id,
        posterId: world.ownerId,
        title: `A discussion of ${count} comments`,
        content: '## The question\n\nWhy is the **page** slow? See #2.',
        isClosed: false,
        labelIds: repo.labelIds.slice(0, 3),
        assigneeIds: [world.ownerId],
      });
      for (let i = 1; i <= count; i++) {
        insertComment(db, {
          issueId: issue.id,
          posterId: i % 2 === 0 ? world.otherId : world.ownerId,
          content: commentBody(i),
        });
      }
      return issue.number;
    });
  } finally {
    db.close();
  }
}

/**
 * Issue 15's web page figure: the issue page of a 200-comment issue (every body rendered by the markdown
 * workers), against the API's comment list of the same issue as the baseline.
 */
export async function measureIssuePage(
  server: BenchServer,
  world: BenchWorld,
  repoName: string,
  number: number,
  comments: number,
): Promise<Row> {
  const pagePath = `${server.url}${world.owner}/${repoName}/issues/${number}`;
  const apiPath = `${server.apiUrl}/repos/${world.owner}/${repoName}/issues/${number}/comments`;
  const page = await medianMs(() => fetchOk(pagePath, world.token), samples, 10);
  const api = await medianMs(() => fetchOk(apiPath, world.token), samples, 10);
  return {
    figure: `web issue page with ${comments} comments: p50`,
    value: ms(page),
    baseline: `${ms(api)} (API comments)`,
    ratio: times(page / api),
    target: '≤ 100 ms',
    met: page <= 100,
  };
}
