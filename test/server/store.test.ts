import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { Database } from '../../src/server/store/database';
import {
  appliedMigrations,
  migrate,
  MigrationFailedError,
  migrations,
  type Migration,
} from '../../src/server/store/migrations';
import { makeTempDir } from './harness';

describe('store', () => {
  let dir: string;
  let db: Database;
  beforeEach(() => {
    dir = makeTempDir();
    db = new Database(path.join(dir, 'teahouse.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('migrations apply every version once, and again is a no-op', () => {
    assert.deepEqual(appliedMigrations(db), []);
    migrate(db);
    const every = migrations.map((m) => m.version).sort((a, b) => a - b);
    assert.deepEqual(appliedMigrations(db), every);
    migrate(db);
    assert.deepEqual(appliedMigrations(db), every);
    const tables = db
      .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .map((t) => t.name);
    for (const table of [
      'user',
      'email_address',
      'access_token',
      'public_key',
      'deploy_key',
      'gpg_key',
      'follow',
      'org_user',
      'team',
      'team_unit',
      'team_user',
      'team_repo',
      'repository',
      'collaboration',
      'star',
      'watch',
    ]) {
      assert.ok(tables.includes(table), table);
    }
  });

  test('the database runs in WAL mode with foreign keys enforced', () => {
    migrate(db);
    assert.equal(db.get<{ journal_mode: string }>('PRAGMA journal_mode')?.journal_mode, 'wal');
    assert.throws(
      () =>
        db.run(
          "INSERT INTO access_token (uid, name, token_hash, token_last_eight, created, updated) VALUES (999, 'x', 'h', 'e', 0, 0)",
        ),
      /FOREIGN KEY/,
    );
  });

  test('a database with migrations this code does not know is refused', () => {
    migrate(db);
    db.run("INSERT INTO schema_migration (version, description, applied) VALUES (999, 'future', 0)");
    assert.throws(() => migrate(db), /does not know \(999\)/);
  });

  test('a migration with a lower version added after a higher one still applies', () => {
    const create = (table: string) => (d: Database) => d.exec(`CREATE TABLE ${table} (x INTEGER)`);
    migrate(db, [
      { version: 1, description: 'one', up: create('one') },
      { version: 31, description: 'later area', up: create('later') },
    ]);
    migrate(db, [
      { version: 1, description: 'one', up: create('one') },
      { version: 31, description: 'later area', up: create('later') },
      { version: 22, description: 'earlier area, merged later', up: create('earlier') },
    ]);
    assert.deepEqual(appliedMigrations(db), [1, 22, 31]);
    assert.equal(
      db.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'earlier'")?.n,
      1,
    );
  });

  test('a failing migration leaves no trace and the version unchanged', () => {
    const broken: Migration[] = [
      { version: 1, description: 'ok', up: (d) => d.exec('CREATE TABLE a (x INTEGER)') },
      {
        version: 2,
        description: 'fails',
        up: (d) => d.exec('CREATE TABLE b (y INTEGER); INSERT INTO nowhere VALUES (1)'),
      },
    ];
    assert.throws(() => migrate(db, broken), /nowhere/);
    assert.deepEqual(appliedMigrations(db), [1]);
    assert.equal(db.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'b'")?.n, 0);
  });

  test('every real migration runs in its own transaction: failing at its end leaves the previous version', () => {
    const schema = () =>
      db
        .all<{ type: string; name: string; sql: string | null }>(
          'SELECT type, name, sql FROM sqlite_master ORDER BY type, name',
        )
        .map((row) => `${row.type} ${row.name} ${row.sql ?? ''}`);
    const ordered = [...migrations].sort((a, b) => a.version - b.version);
    ordered.forEach((migration, i) => {
      const applied = appliedMigrations(db);
      const before = schema();
      const failingAtItsEnd: Migration = {
        ...migration,
        up: (d) => {
          migration.up(d);
          throw new Error('the disk vanished');
        },
      };
      assert.throws(
        () => migrate(db, [...ordered.slice(0, i), failingAtItsEnd]),
        (error: unknown) =>
          error instanceof MigrationFailedError &&
          error.migration.version === migration.version &&
          /^schema migration \d+ \(.+\) failed: the disk vanished$/.test(error.message),
      );
      assert.deepEqual(appliedMigrations(db), applied, `after ${migration.version} failed`);
      assert.deepEqual(schema(), before, `the schema after ${migration.version} failed`);
      migrate(db, ordered.slice(0, i + 1));
    });
    assert.deepEqual(
      appliedMigrations(db),
      ordered.map((m) => m.version),
    );
  });

  test('a migration failing midway keeps the rows and columns of the previous version', () => {
    migrate(db);
    db.run("INSERT INTO user (lower_name, name, created, updated) VALUES ('kept', 'kept', 1, 1)");
    const next: Migration = {
      version: 10_000,
      description: 'adds a column, rewrites rows, then fails',
      up: (d) =>
        d.exec(`ALTER TABLE user ADD COLUMN shoe_size INTEGER;
UPDATE user SET name = 'rewritten', shoe_size = 42;
DELETE FROM user;
INSERT INTO nowhere VALUES (1);`),
    };
    assert.throws(() => migrate(db, [...migrations, next]), /schema migration 10000 .* failed: .*nowhere/);
    assert.equal(appliedMigrations(db).includes(10_000), false);
    assert.deepEqual(
      db.all<{ name: string }>('SELECT name FROM user').map((u) => u.name),
      ['kept'],
    );
    assert.equal(
      db.all<{ name: string }>('PRAGMA table_info(user)').some((c) => c.name === 'shoe_size'),
      false,
    );
  });

  test('transactions commit, roll back on error, and nest through savepoints', () => {
    db.exec('CREATE TABLE t (x INTEGER)');
    db.transaction(() => db.run('INSERT INTO t VALUES (1)'));
    assert.throws(() =>
      db.transaction(() => {
        db.run('INSERT INTO t VALUES (2)');
        throw new Error('boom');
      }),
    );
    db.transaction(() => {
      db.run('INSERT INTO t VALUES (3)');
      assert.throws(() =>
        db.transaction(() => {
          db.run('INSERT INTO t VALUES (4)');
          throw new Error('inner');
        }),
      );
    });
    assert.deepEqual(
      db.all<{ x: number }>('SELECT x FROM t ORDER BY x').map((r) => r.x),
      [1, 3],
    );
  });

  test('a second connection (another process, e.g. the admin CLI) sees committed writes', () => {
    migrate(db);
    const other = new Database(path.join(dir, 'teahouse.db'));
    try {
      other.run("INSERT INTO user (lower_name, name, created, updated) VALUES ('zed', 'zed', 1, 1)");
      assert.equal(db.get<{ name: string }>("SELECT name FROM user WHERE lower_name = 'zed'")?.name, 'zed');
    } finally {
      other.close();
    }
  });
});
