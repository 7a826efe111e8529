import '../../src/server/quietSqliteWarning';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { buildWorld, type World } from '../helpers/dataFolderWorld';
import { makeTempDir, runCli, startServer, type TestServer } from './harness';

/** SQL on the data folder's database with foreign keys off, as a crash or a hand edit leaves it. */
function sql(dataDir: string, statements: string): void {
  const db = new DatabaseSync(path.join(dataDir, 'teahouse.db'));
  try {
    db.exec('PRAGMA foreign_keys = OFF');
    db.exec(statements);
  } finally {
    db.close();
  }
}

const gitDir = (dataDir: string, fullName: string): string =>
  path.join(dataDir, 'repositories', `${fullName}.git`);
const git = (dataDir: string, fullName: string, ...args: string[]): string =>
  execFileSync('git', ['--git-dir', gitDir(dataDir, fullName), ...args], { encoding: 'utf8' }).trim();
const notes = "(SELECT id FROM repository WHERE owner_name = 'alice' AND name = 'notes')";

interface Corruption {
  name: string;
  plant: (dataDir: string, world: World) => void;
  /** The line doctor prints for it. */
  found: RegExp;
  repairable: boolean;
}

const corruptions: Corruption[] = [
  {
    name: 'an issue counter off',
    plant: (dir) =>
      sql(dir, `UPDATE repository SET num_issues = 99, num_closed_pulls = 0 WHERE id = ${notes}`),
    found: /^problem: alice\/notes: repository\.num_issues is 99, counted 2 \[--fix repairs it\]$/m,
    repairable: true,
  },
  {
    name: 'star, fork and watch counters off',
    plant: (dir) =>
      sql(dir, `UPDATE repository SET num_stars = 5, num_forks = 0, num_watches = 9 WHERE id = ${notes}`),
    found: /^problem: alice\/notes: repository\.num_forks is 0, counted 1 /m,
    repairable: true,
  },
  {
    name: 'a comment counter off',
    plant: (dir) => sql(dir, `UPDATE issue SET num_comments = 7 WHERE number = 1 AND repo_id = ${notes}`),
    found: /^problem: alice\/notes#1: issue\.num_comments is 7, counted 1 /m,
    repairable: true,
  },
  {
    name: 'a star of a user who is gone',
    plant: (dir) => sql(dir, `INSERT INTO star (uid, repo_id, created) VALUES (4242, ${notes}, 0)`),
    found: /^problem: database: 1 star row whose uid names a missing user \[--fix repairs it\]$/m,
    repairable: true,
  },
  {
    name: 'an issue in a milestone that is gone',
    plant: (dir) => sql(dir, `UPDATE issue SET milestone_id = 4242 WHERE number = 1 AND repo_id = ${notes}`),
    found:
      /^problem: database: 1 issue row whose milestone_id names a missing milestone \[--fix repairs it\]$/m,
    repairable: true,
  },
  {
    name: "a pull request's head ref deleted",
    plant: (dir, world) => git(dir, world.repo, 'update-ref', '-d', `refs/pull/${world.openPull}/head`),
    found:
      /^problem: alice\/notes#3: the pull request's refs\/pull\/3\/head is missing \[--fix repairs it\]$/m,
    repairable: true,
  },
  {
    name: "a merged pull request's merge commit not in git",
    plant: (dir) =>
      sql(dir, `UPDATE pull_request SET merged_commit_id = '${'1'.repeat(40)}' WHERE has_merged = 1`),
    found:
      /^problem: alice\/notes#4: the merged pull request's merge commit 1{40} is not in the repository$/m,
    repairable: false,
  },
  {
    name: 'a default branch that does not exist',
    plant: (dir) => sql(dir, "UPDATE repository SET default_branch = 'gone' WHERE owner_name = 'tea-org'"),
    found: /^problem: tea-org\/kettle: its default branch "gone" does not exist \(branches: main\)/m,
    repairable: false,
  },
  {
    name: 'a git object lost',
    plant: (dir, world) => {
      const blob = git(dir, world.orgRepo, 'rev-parse', 'main:README.md');
      rmSync(path.join(gitDir(dir, world.orgRepo), 'objects', blob.slice(0, 2), blob.slice(2)));
    },
    found: /^problem: tea-org\/kettle: git fsck failed: .*missing blob [0-9a-f]{40}/m,
    repairable: false,
  },
  {
    name: 'a repository folder no row owns',
    plant: (dir) => mkdirSync(path.join(dir, 'repositories', 'ghost', 'lost.git'), { recursive: true }),
    found: /^problem: .*repositories\/ghost\/lost\.git: no repository owns this folder/m,
    repairable: false,
  },
  {
    name: "a repository's git directory gone",
    plant: (dir, world) => rmSync(gitDir(dir, world.fork), { recursive: true }),
    found: /^problem: bob\/notes: its git directory .*bob\/notes\.git is missing/m,
    repairable: false,
  },
  {
    name: 'a merge a crash cut off (its write-ahead note left)',
    plant: (dir) => {
      mkdirSync(path.join(dir, 'intents'), { recursive: true });
      writeFileSync(
        path.join(dir, 'intents', '1-merge.json'),
        JSON.stringify({
          kind: 'merge',
          pullId: 4242,
          doerId: 1,
          commit: '1'.repeat(40),
          head: '1'.repeat(40),
        }),
      );
    },
    found: /^problem: .*intents\/1-merge\.json: a merge a crash cut off; start the server once/m,
    repairable: false,
  },
  {
    name: 'a folder left in the staging folder',
    plant: (dir) => mkdirSync(path.join(dir, 'repositories', '.staging', 'half.git'), { recursive: true }),
    found: /^problem: .*\.staging\/half\.git: left in the staging folder by a crash; start the server/m,
    repairable: false,
  },
];

describe('teahouse doctor', () => {
  const dirs: string[] = [];
  let clean: string;
  let world: World;
  let admin: TestServer['admin'];
  const copy = (): string => {
    const dir = makeTempDir('teahouse-doctor-');
    dirs.push(dir);
    cpSync(clean, dir, { recursive: true });
    return dir;
  };

  before(async () => {
    const server = await startServer();
    clean = server.dataDir;
    dirs.push(clean);
    world = await buildWorld(server);
    admin = server.admin;
    await server.stop({ keepData: true });
  });
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a healthy data folder: no problems, exit 0', async () => {
    const result = await runCli(['doctor', '--data', copy()]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.equal(result.stdout, 'No problems found.\n');
  });

  test('each planted corruption is named; --fix repairs the repairable ones and says what it changed', async () => {
    await Promise.all(
      corruptions.map(async (corruption) => {
        const dir = copy();
        corruption.plant(dir, world);
        const found = await runCli(['doctor', '--data', dir]);
        assert.equal(found.code, 1, `${corruption.name}: ${found.stdout}${found.stderr}`);
        assert.match(found.stdout, corruption.found, corruption.name);
        assert.match(found.stdout, /^\d+ problems? found/m, corruption.name);

        const fixed = await runCli(['doctor', '--data', dir, '--fix']);
        const again = await runCli(['doctor', '--data', dir]);
        if (corruption.repairable) {
          assert.equal(fixed.code, 0, `${corruption.name}: ${fixed.stdout}${fixed.stderr}`);
          assert.match(fixed.stdout, /^fixed: /m, corruption.name);
          assert.equal(again.code, 0, `${corruption.name} after --fix: ${again.stdout}`);
          assert.equal(again.stdout, 'No problems found.\n', corruption.name);
        } else {
          assert.equal(fixed.code, 1, corruption.name);
          assert.doesNotMatch(fixed.stdout, /^fixed: /m, corruption.name);
          assert.match(fixed.stdout, corruption.found, `${corruption.name} remains`);
          assert.equal(again.code, 1, corruption.name);
        }
      }),
    );
  });

  test('--fix says what changed: counters set to the recount, the head ref back at the stored head', async () => {
    const dir = copy();
    const head = git(dir, world.repo, 'rev-parse', `refs/pull/${world.openPull}/head`);
    corruptions[0]!.plant(dir, world);
    corruptions[5]!.plant(dir, world);
    const fixed = await runCli(['doctor', '--data', dir, '--fix']);
    assert.equal(fixed.code, 0, fixed.stdout);
    assert.match(
      fixed.stdout,
      /^fixed: alice\/notes: repository\.num_issues is 99, counted 2: set repository\.num_issues to 2 \(was 99\)$/m,
    );
    assert.match(
      fixed.stdout,
      new RegExp(`^fixed: alice/notes#3: .*: recreated refs/pull/3/head at ${head}$`, 'm'),
    );
    assert.match(fixed.stdout, /^Repaired all 3 problems\.$/m);
    assert.equal(git(dir, world.repo, 'rev-parse', `refs/pull/${world.openPull}/head`), head);

    const server = await startServer({ dataDir: dir, admin: { username: '', password: '', token: '' } });
    try {
      const repo = await server.request<{ open_issues_count: number }>('GET', '/repos/alice/notes', {
        token: world.alice.token,
      });
      assert.equal(repo.json.open_issues_count, 1);
    } finally {
      await server.stop();
    }
  });

  test('a branch protection of no existing branch is a note, not a problem', async () => {
    const dir = copy();
    sql(
      dir,
      `INSERT INTO protected_branch (repo_id, rule_name, created_unix, updated_unix) VALUES (${notes}, 'release', 0, 0)`,
    );
    const result = await runCli(['doctor', '--data', dir]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(
      result.stdout,
      /^note: alice\/notes: the branch protection "release" protects no existing branch$/m,
    );
  });

  test('what a crash left half done, the server clears at start: doctor then finds nothing', async () => {
    const dir = copy();
    const interrupted = corruptions.filter((c) => /crash cut off|staging/.test(c.name));
    assert.equal(interrupted.length, 2);
    for (const corruption of interrupted) corruption.plant(dir, world);
    assert.equal((await runCli(['doctor', '--data', dir])).code, 1);
    const server = await startServer({ dataDir: dir, admin });
    await server.stop({ keepData: true });
    const again = await runCli(['doctor', '--data', dir]);
    assert.equal(again.code, 0, again.stdout);
    assert.equal(again.stdout, 'No problems found.\n');
  });

  test('a folder without a database is refused with one line', async () => {
    const dir = makeTempDir();
    dirs.push(dir);
    const result = await runCli(['doctor', '--data', dir]);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, `teahouse: no Teahouse data folder at ${dir} (no teahouse.db)\n`);
    assert.deepEqual(readdirSync(dir), [], 'nothing created');
  });
});
