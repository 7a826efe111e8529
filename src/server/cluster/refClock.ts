import path from 'node:path';
import { rmSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SharedRefChanges } from '../git/readTracking';

/**
 * Where the processes of one server count their reference changes. Apart from teahouse.db: a count is no
 * data, and a write there would make every process drop its cached answers for a move of a reference.
 */
export const refClockFile = (dataDir: string): string => path.join(dataDir, 'ref-changes.db');

/**
 * The reference changes of every process of a server with `--workers`, in a small SQLite file: each process
 * has a row of its starts and finishes, written as a change begins and ends (before the client is answered),
 * and reads the others' rows only when SQLite's `data_version` says another process wrote, at most once
 * per turn of the event loop, as the database adapter reads the data version. A cached reference, a
 * version tag or a mergeability stamp keyed by the count is thus dropped in every process at once.
 */
export class RefClock implements SharedRefChanges {
  private readonly connection: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private seenVersion = -1;
  private readThisTurn = false;
  private count = 0;
  private underWay = false;

  private constructor(
    file: string,
    private readonly pid: number,
  ) {
    this.connection = new DatabaseSync(file);
    this.connection.exec('PRAGMA busy_timeout = 5000');
    this.connection.exec('PRAGMA journal_mode = WAL');
    // a count need not survive a crash of the machine: every process starts from a new file
    this.connection.exec('PRAGMA synchronous = OFF');
  }

  /** The primary's: a fresh file (a count left by an earlier run means nothing), this process's row. */
  static create(dataDir: string): RefClock {
    RefClock.remove(dataDir);
    const clock = new RefClock(refClockFile(dataDir), process.pid);
    clock.connection.exec(
      'CREATE TABLE changes (pid INTEGER PRIMARY KEY, started INTEGER NOT NULL, finished INTEGER NOT NULL)',
    );
    clock.join();
    return clock;
  }

  /** The file and its log, once no process counts in it (and before the primary makes it anew). */
  static remove(dataDir: string): void {
    for (const suffix of ['', '-wal', '-shm']) rmSync(refClockFile(dataDir) + suffix, { force: true });
  }

  /** A worker's: the primary made the file before it forked. */
  static open(dataDir: string): RefClock {
    const clock = new RefClock(refClockFile(dataDir), process.pid);
    clock.join();
    return clock;
  }

  private join(): void {
    this.statement('INSERT OR REPLACE INTO changes VALUES (?, 0, 0)').run(this.pid);
  }

  started(): void {
    this.statement('UPDATE changes SET started = started + 1 WHERE pid = ?').run(this.pid);
  }

  finished(): void {
    this.statement('UPDATE changes SET finished = finished + 1 WHERE pid = ?').run(this.pid);
  }

  /** A worker died, perhaps in the middle of a change: its changes are over (and counted as moves). */
  settle(pid: number): void {
    this.statement('UPDATE changes SET finished = started + 1, started = started + 1 WHERE pid = ?').run(pid);
  }

  othersCount(): number {
    this.refresh();
    return this.count;
  }

  othersUnderWay(): boolean {
    this.refresh();
    return this.underWay;
  }

  close(): void {
    if (this.connection.isOpen) this.connection.close();
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.connection.prepare(sql)));
    return statement;
  }

  private refresh(): void {
    if (this.readThisTurn) return;
    this.readThisTurn = true;
    setImmediate(() => (this.readThisTurn = false));
    const { data_version: version } = this.statement('PRAGMA data_version').get() as {
      data_version: number;
    };
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    const row = this.statement(
      `SELECT coalesce(sum(started + finished), 0) AS count, coalesce(max(started > finished), 0) AS busy
         FROM changes WHERE pid <> ?`,
    ).get(this.pid) as { count: number; busy: number };
    this.count = row.count;
    this.underWay = row.busy === 1;
  }
}
