import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { GitError, GitUnavailableError, runGit } from '../../src/server/git/run';
import { serverFault } from '../../src/server/http/serverFaults';
import { Database } from '../../src/server/store/database';
import { makeTempDir } from '../server/harness';

/** Real faults, made small: SQLite's page limit stands in for a full disk, an empty PATH for missing git. */

function withDatabase(run: (db: Database) => void): void {
  const dir = makeTempDir('teahouse-faults-unit-');
  const db = new Database(path.join(dir, 'faults.db'));
  try {
    run(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A filler table, and a page limit just above the database's size: SQLite's SQLITE_FULL without a full disk. */
function limitGrowth(db: Database): void {
  db.exec('CREATE TABLE filler (text TEXT)');
  const pages = db.get<{ page_count: number }>('PRAGMA page_count')!.page_count;
  db.exec(`PRAGMA max_page_count = ${pages + 4}`);
}

const fill = (db: Database): void => {
  for (let i = 0; i < 1000; i++) db.run('INSERT INTO filler (text) VALUES (?)', 'x'.repeat(4000));
};

test('a full database inside a transaction reports SQLITE_FULL (not the failed rollback) and answers 507', () => {
  withDatabase((db) => {
    limitGrowth(db);
    let error: unknown;
    try {
      db.transaction(() => fill(db));
    } catch (caught) {
      error = caught;
    }
    assert.match(String(error), /database or disk is full/);
    const fault = serverFault(error);
    assert.equal(fault?.status, 507);
    assert.match(fault?.message ?? '', /out of disk space/);
    // Nothing half-written stays, and the connection keeps working once there is room.
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM filler')!.n, 0);
    db.exec('PRAGMA max_page_count = 1000000');
    db.transaction(() => db.run('INSERT INTO filler (text) VALUES (?)', 'fits'));
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM filler')!.n, 1);
  });
});

test('a nested transaction that hits the limit rolls the whole transaction back and reports SQLITE_FULL', () => {
  withDatabase((db) => {
    db.exec('CREATE TABLE kept (n INTEGER)');
    limitGrowth(db);
    assert.throws(
      () =>
        db.transaction(() => {
          db.run('INSERT INTO kept (n) VALUES (1)');
          db.transaction(() => fill(db));
        }),
      /database or disk is full/,
    );
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM kept')!.n, 0);
    db.transaction(() => db.run('INSERT INTO kept (n) VALUES (2)'));
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM kept')!.n, 1);
  });
});

test('git that cannot be started is a GitUnavailableError, answered 503 with a message naming git', async () => {
  const savedPath = process.env['PATH'];
  process.env['PATH'] = path.join(makeTempDir('teahouse-no-git-'), 'nowhere');
  let error: unknown;
  try {
    await runGit(['--version']);
  } catch (caught) {
    error = caught;
  } finally {
    process.env['PATH'] = savedPath;
  }
  assert.ok(error instanceof GitUnavailableError, String(error));
  assert.ok(error instanceof GitError, 'callers that handle GitError still do');
  const fault = serverFault(error);
  assert.equal(fault?.status, 503);
  assert.match(fault?.message ?? '', /git is not available/);
});

test('errors of the request itself are not faults of the server', async () => {
  assert.equal(serverFault(new Error('something else')), undefined);
  assert.equal(serverFault('not an error'), undefined);
  const failed = await runGit(['rev-parse', '--verify', 'no-such-ref'], { cwd: makeTempDir() }).catch(
    (error: unknown) => error,
  );
  assert.ok(failed instanceof GitError);
  assert.equal(serverFault(failed), undefined);
  // A fault wrapped as a cause is still found.
  assert.equal(
    serverFault(new Error('outer', { cause: Object.assign(new Error('no space'), { code: 'ENOSPC' }) }))
      ?.status,
    507,
  );
});
