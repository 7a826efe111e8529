import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import { TableWriteMap } from '../../src/server/store/tableWrites';
import { makeTempDir } from './harness';

// The real schema (every migration): which tables a write may change decides which memos survive it.
describe('table versions', () => {
  let dir: string;
  let db: Database;
  let map: TableWriteMap;

  before(() => {
    dir = makeTempDir('teahouse-table-versions-');
    db = new Database(path.join(dir, 'teahouse.db'));
    migrate(db);
    db.run(
      "INSERT INTO user (name, lower_name, email, created, updated) VALUES ('ann', 'ann', 'ann@example.com', 0, 0)",
    );
    const connection = new DatabaseSync(path.join(dir, 'teahouse.db'));
    map = new TableWriteMap(connection);
    connection.close();
  });

  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an update changes its table and what the table’s triggers write, not the tables pointing at it', () => {
    const tables = map.writtenBy('UPDATE repository SET num_issues = num_issues + 1 WHERE id = ?')!;
    assert.ok(tables.includes('repository'));
    assert.ok(tables.includes('repository_gram'), 'the substring index follows by trigger');
    assert.ok(!tables.includes('watch'));
    assert.ok(!tables.includes('issue'));
  });

  test('a delete cascades to the tables whose foreign keys point at it', () => {
    const tables = map.writtenBy('DELETE FROM user WHERE id = ?')!;
    for (const table of ['user', 'access_token', 'repository', 'issue', 'watch']) {
      assert.ok(tables.includes(table), table);
    }
    assert.ok(map.writtenBy('INSERT OR REPLACE INTO user (id) VALUES (1)')!.includes('access_token'));
    assert.ok(!map.writtenBy('INSERT INTO user (id) VALUES (1)')!.includes('access_token'));
  });

  test('a statement it cannot read counts as a change of every table', () => {
    assert.equal(map.writtenBy('WITH x AS (SELECT 1) DELETE FROM user'), undefined);
  });

  test('a memo of some tables survives writes elsewhere and goes with a write to one of them', () => {
    let reads = 0;
    const name = (): string =>
      db.memoOf(['user'], 'name', () => {
        reads++;
        return db.get<{ name: string }>('SELECT name FROM user WHERE lower_name = ?', 'ann')!.name;
      });
    assert.equal(name(), 'ann');
    db.run("INSERT INTO topic (name, created, updated) VALUES ('elsewhere', 0, 0)");
    assert.equal(name(), 'ann');
    assert.equal(reads, 1);
    db.run("UPDATE user SET name = 'Ann' WHERE lower_name = 'ann'");
    assert.equal(name(), 'Ann');
    assert.equal(reads, 2);
  });

  test('what was read inside a rolled-back transaction is not kept', () => {
    const email = (): string =>
      db.memoOf(['user'], 'email', () => db.get<{ email: string }>('SELECT email FROM user')!.email);
    assert.throws(() =>
      db.transaction(() => {
        db.run("UPDATE user SET email = 'gone@example.com'");
        assert.equal(email(), 'gone@example.com');
        throw new Error('undo');
      }),
    );
    assert.equal(email(), 'ann@example.com');
  });
});
