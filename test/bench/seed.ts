import { Database } from '../../src/server/store/database';
import { databaseFile } from '../../src/server/config';
import { insertComment } from '../../src/server/store/comments';
import { insertIssue } from '../../src/server/store/issues';
import { refreshMilestoneCounters } from '../../src/server/store/milestones';
import { insertRepository } from '../../src/server/store/repositories';
import { api, type BenchServer } from './serverProcess';

/**
 * The bench world. Accounts, repositories, labels and milestones go through the API of a running server;
 * the bulk (issues, comments, search repositories) is written in-process through the server's own store
 * functions, in large transactions, while no server runs — the schema cannot diverge, and 100,000 issues
 * take seconds instead of the many minutes HTTP would.
 */
export interface BenchWorld {
  owner: string;
  ownerId: number;
  otherId: number;
  token: string;
  /** repository name → id */
  repos: Record<string, { id: number; labelIds: number[]; milestoneIds: number[] }>;
}

export const issueRepos = { small: 'issues-1k', medium: 'issues-10k', large: 'issues-100k' } as const;
export const historyRepo = 'history';

interface Created {
  id: number;
}

async function createAccount(
  server: BenchServer,
  admin: { username: string; password: string },
  username: string,
): Promise<{ id: number; token: string }> {
  const password = 'bench-password-1';
  const basic = { basic: admin };
  const user = await api<Created>(server, 'POST', '/admin/users', basic, {
    username,
    email: `${username}@bench.invalid`,
    password,
    must_change_password: false,
  });
  const token = await api<{ sha1: string }>(
    server,
    'POST',
    `/users/${username}/tokens`,
    { basic: { username, password } },
    { name: 'bench', scopes: ['all'] },
  );
  return { id: user.json.id, token: token.json.sha1 };
}

/** First start of the data folder: accounts, the issue and history repositories, labels, milestones. */
export async function seedThroughApi(server: BenchServer): Promise<BenchWorld> {
  if (!server.admin) throw new Error('the data folder must be fresh');
  const owner = await createAccount(server, server.admin, 'bench');
  const other = await createAccount(server, server.admin, 'other');
  const auth = { token: owner.token };
  const repos: BenchWorld['repos'] = {};
  for (const name of [...Object.values(issueRepos), historyRepo]) {
    const repo = await api<Created>(server, 'POST', '/user/repos', auth, { name, auto_init: false });
    const labelIds: number[] = [];
    const milestoneIds: number[] = [];
    if (name !== historyRepo) {
      for (let i = 0; i < 10; i++) {
        const color = ['e11d21', '0052cc', '009800', 'fbca04', '5319e7'][i % 5];
        const label = await api<Created>(server, 'POST', `/repos/bench/${name}/labels`, auth, {
          name: `label-${i}`,
          color: `#${color}`,
          description: `Label number ${i}`,
        });
        labelIds.push(label.json.id);
      }
      for (let i = 0; i < 5; i++) {
        const milestone = await api<Created>(server, 'POST', `/repos/bench/${name}/milestones`, auth, {
          title: `v${i + 1}.0`,
          description: `Milestone ${i + 1}`,
        });
        milestoneIds.push(milestone.json.id);
      }
    }
    repos[name] = { id: repo.json.id, labelIds, milestoneIds };
  }
  return { owner: 'bench', ownerId: owner.id, otherId: other.id, token: owner.token, repos };
}

const lorem =
  'Steps to reproduce: open the repository, run the command, and watch the output. ' +
  'Expected the list to load quickly; it took a while on a large repository.';

/** A body of about 1 KB (the issue list row of issue #17: three labels, a milestone, 1 KB bodies). */
const kilobyteBody = (n: number): string => `${`${lorem}\n\n`.repeat(7).slice(0, 1000)}Seeded issue ${n}.`;

/**
 * How the issues of a repository look: `short` ones (a line, two or three labels, most with a milestone) keep
 * the keyword index small where only paging is measured; `labelled` ones have exactly three labels, a
 * milestone and a 1 KB body, as the throughput row of the issue list wants them.
 */
export type IssueShape = 'short' | 'labelled';

/** Adds `count` issues with labels, milestones, assignees and comments (a server must not be running). */
export function seedIssues(
  dataDir: string,
  world: BenchWorld,
  repoName: string,
  count: number,
  shape: IssueShape,
): void {
  const repo = world.repos[repoName]!;
  const db = new Database(databaseFile(dataDir));
  try {
    const start = Math.floor(Date.now() / 1000) - count * 60;
    const batch = 5_000;
    for (let first = 0; first < count; first += batch) {
      db.transaction(() => {
        for (let i = first; i < Math.min(count, first + batch); i++) {
          const ids = repo.labelIds;
          const labels =
            shape === 'labelled'
              ? [ids[i % 10]!, ids[(i + 3) % 10]!, ids[(i + 7) % 10]!]
              : ids.filter((_, l) => (i + l) % 4 === 0);
          const issue = insertIssue(db, {
            repoId: repo.id,
            posterId: i % 7 === 0 ? world.otherId : world.ownerId,
            title: `Issue ${i + 1}: the list is slow when the repository grows`,
            content: shape === 'labelled' ? kilobyteBody(i + 1) : `Seeded issue ${i + 1}.`,
            isClosed: i % 5 === 0,
            labelIds: labels,
            assigneeIds: i % 3 === 0 ? [world.ownerId] : [],
            created: start + i * 60,
          });
          // every issue of the 10k repository has a comment; the bigger one every tenth
          if (count <= 10_000 || i % 10 === 0) {
            insertComment(db, { issueId: issue.id, posterId: world.ownerId, content: `Comment on ${i + 1}` });
          }
        }
      });
    }
    // Milestones are set in bulk and recounted once each (insertIssue recounts per issue: quadratic here);
    // short issues leave every sixth without one.
    const cycle = repo.milestoneIds.length + (shape === 'labelled' ? 0 : 1);
    db.transaction(() => {
      repo.milestoneIds.forEach((milestoneId, m) => {
        db.run(
          'UPDATE issue SET milestone_id = ? WHERE repo_id = ? AND number % ? = ?',
          milestoneId,
          repo.id,
          cycle,
          m,
        );
      });
      for (const milestoneId of repo.milestoneIds) refreshMilestoneCounters(db, milestoneId);
    });
  } finally {
    db.close();
  }
}

/**
 * Adds repository rows until there are `total` (no git directories: search reads rows only). One in ten
 * belongs to another user and is private, so the permission filter has something to hide.
 */
export function seedRepositories(dataDir: string, world: BenchWorld, total: number): void {
  const db = new Database(databaseFile(dataDir));
  try {
    const existing = db.get<{ n: number }>('SELECT count(*) AS n FROM repository')!.n;
    db.transaction(() => {
      for (let i = existing; i < total; i++) {
        const hidden = i % 10 === 0;
        insertRepository(db, {
          ownerId: hidden ? world.otherId : world.ownerId,
          ownerName: hidden ? 'other' : world.owner,
          name: `project-${String(i).padStart(6, '0')}`,
          description: `Seeded repository ${i}`,
          defaultBranch: 'main',
          isPrivate: hidden,
          isEmpty: true,
          isTemplate: false,
          objectFormatName: 'sha1',
          size: 0,
        });
      }
    });
  } finally {
    db.close();
  }
}

/** `count` open pull requests `topic-N` → main in the history repository (its branches pushed first). */
export async function seedPullRequests(server: BenchServer, world: BenchWorld, count: number): Promise<void> {
  for (let t = 1; t <= count; t++) {
    await api(
      server,
      'POST',
      `/repos/bench/${historyRepo}/pulls`,
      { token: world.token },
      {
        head: `topic-${t}`,
        base: 'main',
        title: `Topic ${t}: a change to review`,
        body: `Pull request ${t} of the benchmark.`,
      },
    );
  }
}
