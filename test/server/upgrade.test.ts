import '../../src/server/quietSqliteWarning';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, test } from 'node:test';
import { operations } from '../../src/api/operations';
import { migrations } from '../../src/server/store/migrations';
import { teahouseVersion } from '../../src/server/version';
import { GitWorkspace } from '../helpers/gitFixtures';
import { remoteUrl } from '../helpers/gitRemote';
import { makeTempDir, runCli, startServer } from './harness';
import { fixtureDir, readAnswers, readRefs, type UpgradeManifest } from './upgradeFixture';

/** Every field the fixture recorded answers the same now; fields added since are allowed. */
function assertContains(actual: unknown, expected: unknown, where: string): void {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: an array`);
    assert.equal(actual.length, expected.length, `${where}: length`);
    expected.forEach((item, i) => assertContains(actual[i], item, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), `${where}: an object`);
    for (const [key, value] of Object.entries(expected)) {
      assert.ok(key in actual, `${where}.${key} is missing`);
      assertContains((actual as Record<string, unknown>)[key], value, `${where}.${key}`);
    }
  } else {
    assert.deepEqual(actual, expected, where);
  }
}

const fixtures = readdirSync(fixtureDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(path.join(fixtureDir, name), 'utf8')) as UpgradeManifest);

function unpack(manifest: UpgradeManifest): string {
  const dir = makeTempDir('teahouse-upgrade-');
  execFileSync('tar', [
    '-xzf',
    path.join(fixtureDir, `teahouse-${manifest.teahouseVersion}.tar.gz`),
    '-C',
    dir,
  ]);
  return dir;
}

/** Path parameters of the catalogue's reads, filled with what the fixture's world holds. */
const fixtureValues: Record<string, string> = {
  owner: 'alice',
  repo: 'notes',
  org: 'tea-org',
  username: 'alice',
  user: 'alice',
  collaborator: 'bob',
  index: '1',
  branch: 'main',
  ref: 'main',
  sha: 'main',
  filepath: 'README.md',
  archive: 'main.zip',
  diffType: 'diff',
  tag: 'v1.0',
  name: 'main',
  target: 'alice',
  team: '1',
  id: '1',
  attachment_id: '1',
};

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('upgrades: data folders of earlier releases', () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a fixture of release 0.1.0 is committed', () => {
    assert.ok(
      fixtures.some((f) => f.teahouseVersion === '0.1.0'),
      'test/fixtures/upgrade/teahouse-0.1.0.*',
    );
  });

  for (const manifest of fixtures) {
    test(`the data folder of ${manifest.teahouseVersion} opens, answers as it did, and takes writes`, async () => {
      const dataDir = unpack(manifest);
      dirs.push(dataDir);
      const server = await startServer({ dataDir, admin: manifest.admin });
      try {
        const answers = await readAnswers(server, manifest.admin.token, Object.keys(manifest.answers));
        for (const [apiPath, recorded] of Object.entries(manifest.answers)) {
          assertContains(answers[apiPath], recorded, apiPath);
        }
        assert.deepEqual(readRefs(server, manifest.admin.token, Object.keys(manifest.refs)), manifest.refs);

        const alice = manifest.users['alice']!;
        const me = await server.request<{ login: string }>('GET', '/user', {
          basic: { username: 'alice', password: alice.password },
        });
        assert.equal(me.status, 200, me.text);
        const issue = await server.request<{ number: number }>('POST', '/repos/alice/notes/issues', {
          token: alice.token,
          body: { title: 'Written after the upgrade' },
        });
        assert.equal(issue.status, 201, issue.text);
        assert.equal(issue.json.number, 5, 'numbers continue after the 2 issues and 2 pull requests');
        const found = await server.request<{ title: string }[]>(
          'GET',
          '/repos/alice/notes/issues?q=upgrade',
          {
            token: alice.token,
          },
        );
        assert.deepEqual(
          found.json.map((i) => i.title),
          ['Written after the upgrade'],
        );

        const work = GitWorkspace.clone(
          remoteUrl(server.url, 'alice/notes', { username: 'alice', secret: alice.token }),
        );
        try {
          work.checkout('feature').write('after.md', 'after the upgrade\n').commit('After the upgrade');
          work.git('push', '--quiet', 'origin', 'feature');
        } finally {
          work.dispose();
        }
        const pull = await server.request<{ head: { sha: string }; mergeable: boolean }>(
          'GET',
          '/repos/alice/notes/pulls/3',
          { token: alice.token },
        );
        assert.equal(pull.status, 200);
        assert.equal(pull.json.mergeable, true);
      } finally {
        await server.stop();
      }
      const db = new DatabaseSync(path.join(dataDir, 'teahouse.db'));
      try {
        const applied = db.prepare('SELECT version FROM schema_migration ORDER BY version').all();
        assert.deepEqual(
          applied.map((row) => row['version']),
          migrations.map((m) => m.version).sort((a, b) => a - b),
        );
      } finally {
        db.close();
      }
    });
  }

  for (const manifest of fixtures) {
    test(`every read operation of the catalogue answers the ${manifest.teahouseVersion} folder without a server error`, async () => {
      const dataDir = unpack(manifest);
      dirs.push(dataDir);
      const server = await startServer({ dataDir, admin: manifest.admin });
      try {
        const failures: string[] = [];
        let answered = 0;
        for (const operation of operations) {
          if (operation.method !== 'GET') continue;
          const apiPath = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            encodeURIComponent(fixtureValues[name] ?? '1'),
          );
          const res = await server.request('GET', apiPath, { token: manifest.admin.token });
          if (res.status >= 500)
            failures.push(`${operation.operationId} ${apiPath}: ${res.status} ${res.text}`);
          if (res.status < 300) answered++;
        }
        assert.deepEqual(failures, []);
        // the fixture's world is there to be read: most reads find what they ask for
        assert.ok(answered > 100, `${answered} reads answered 2xx`);
      } finally {
        await server.stop();
      }
    });
  }

  test('a data folder written by a newer Teahouse is refused at start, with the versions, and left unchanged', async () => {
    const dataDir = unpack(fixtures[0]!);
    dirs.push(dataDir);
    const dbFile = path.join(dataDir, 'teahouse.db');
    const newest = Math.max(...migrations.map((m) => m.version));
    const future = newest + 1;
    const db = new DatabaseSync(dbFile);
    db.prepare('INSERT INTO schema_migration (version, description, applied) VALUES (?, ?, 0)').run(
      future,
      'a migration of a later release',
    );
    db.close();
    const before = sha256(dbFile);

    const serve = await runCli(['serve', '--data', dataDir, '--port', '0']);
    assert.equal(serve.code, 1, serve.stderr);
    assert.equal(serve.stdout, '', 'nothing listens');
    assert.equal(
      serve.stderr,
      `teahouse: the data folder ${dataDir} was written by a newer Teahouse: its database has schema version ` +
        `${future}, and this release (Teahouse ${teahouseVersion}) knows versions up to ${newest}. ` +
        'Upgrade Teahouse to open it; nothing was changed.\n',
    );
    const createUser = await runCli([
      'admin',
      'create-user',
      '--data',
      dataDir,
      '--username',
      'late',
      '--password',
      'late-password-1',
      '--email',
      'late@example.com',
    ]);
    assert.equal(createUser.code, 1);
    assert.match(createUser.stderr, /was written by a newer Teahouse.*Upgrade Teahouse/);
    assert.equal(sha256(dbFile), before, 'the database is byte for byte as it was');
  });
});
