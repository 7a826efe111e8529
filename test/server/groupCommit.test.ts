import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Database } from '../../src/server/store/database';

/** A data folder's database and a second connection, as another process would see the file. */
function withDatabases(run: (db: Database, other: Database) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-group-'));
    const file = path.join(dir, 'group.db');
    const db = new Database(file);
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL,
               parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
             INSERT INTO parent (id) VALUES (1);`);
    const other = new Database(file);
    try {
      await run(db, other);
    } finally {
      other.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const texts = (db: Database): string[] =>
  db.all<{ text: string }>('SELECT text FROM note ORDER BY id').map((row) => row.text);
const insert = (db: Database, text: string, parentId = 1): number =>
  db.run('INSERT INTO note (text, parent_id) VALUES (?, ?)', text, parentId).lastInsertRowid;

test(
  'grouped writes of one turn share a COMMIT and settle only after it',
  withDatabases(async (db, other) => {
    const first = db.grouped(() => insert(db, 'first'));
    const second = db.grouped(() => insert(db, 'second'));
    // until the turn ends nothing is committed: another connection sees no row yet
    assert.deepEqual(texts(other), []);
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    assert.equal(settled, false, 'a grouped write settles only after the COMMIT');
    assert.deepEqual(await Promise.all([first, second]), [1, 2]);
    assert.deepEqual(texts(other), ['first', 'second']);
  }),
);

test(
  'a grouped write that throws is rolled back alone and throws at once',
  withDatabases(async (db, other) => {
    const kept = db.grouped(() => insert(db, 'kept'));
    assert.throws(
      () =>
        db.grouped(() => {
          insert(db, 'undone');
          throw new Error('refused');
        }),
      /refused/,
    );
    const after = db.grouped(() => insert(db, 'after'));
    await Promise.all([kept, after]);
    assert.deepEqual(texts(other), ['kept', 'after']);
  }),
);

test(
  'a failing COMMIT rejects every write of the group and keeps none',
  withDatabases(async (db, other) => {
    const good = db.grouped(() => insert(db, 'good'));
    // a deferred foreign key is checked at COMMIT: the whole group fails there
    const orphan = db.grouped(() => insert(db, 'orphan', 99));
    const results = await Promise.allSettled([good, orphan]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    assert.match(String((results[0] as PromiseRejectedResult).reason), /FOREIGN KEY/);
    assert.deepEqual(texts(other), []);
    // the connection is usable again, and the next group commits
    await db.grouped(() => insert(db, 'next'));
    assert.deepEqual(texts(other), ['next']);
  }),
);

test(
  'a transaction or a write of its own commits the open group first, and itself at once',
  withDatabases(async (db, other) => {
    const grouped = db.grouped(() => insert(db, 'grouped'));
    db.transaction(() => insert(db, 'own transaction'));
    assert.deepEqual(texts(other), ['grouped', 'own transaction']);
    const again = db.grouped(() => insert(db, 'grouped again'));
    insert(db, 'autocommit');
    assert.deepEqual(texts(other), ['grouped', 'own transaction', 'grouped again', 'autocommit']);
    await Promise.all([grouped, again]);
  }),
);

test(
  'inside a transaction a grouped write is a nested one, committed with it',
  withDatabases(async (db, other) => {
    const inner = db.transaction(() => db.grouped(() => insert(db, 'nested')));
    assert.deepEqual(texts(other), ['nested']);
    assert.equal(await inner, 1);
  }),
);
