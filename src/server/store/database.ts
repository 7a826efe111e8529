import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { booleanColumns } from './booleanColumns';
import { TableWriteMap, type WrittenTables } from './tableWrites';

/** A bound parameter: SQLite's values, and booleans, which bind as 1 and 0. */
export type SqlValue = SQLInputValue | boolean;

/** A statement prepared once, with the result columns that come from a boolean table column. */
interface Prepared {
  readonly statement: StatementSync;
  readonly source: string;
  /** Whether running it may change data (anything but a plain SELECT, or a WITH that only reads). */
  readonly writes: boolean;
  /** The tables a write may change, as read from the schema of `schemaEpoch`. */
  written?: { readonly epoch: number; readonly tables: WrittenTables };
  booleanResults?: readonly string[];
}

function mayWrite(sql: string): boolean {
  const text = sql.trimStart().toUpperCase();
  if (text.startsWith('SELECT')) return /\bRETURNING\b/.test(text);
  if (text.startsWith('WITH')) return /\b(INSERT|UPDATE|DELETE|REPLACE)\b/.test(text);
  return true;
}

const booleanColumnSet = new Set(
  Object.entries(booleanColumns).flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`)),
);

const bindable = (params: readonly SqlValue[]): SQLInputValue[] =>
  params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

const dataVersionSql = 'PRAGMA data_version';

/** The writes sharing one COMMIT (`Database.grouped`). */
interface GroupCommit {
  readonly waiting: { resolve: () => void; reject: (error: unknown) => void }[];
}

/** `memo`'s bound: past it, the values are read afresh. */
const maxMemos = 5_000;

/**
 * A thin synchronous adapter over node:sqlite: statements are prepared once per SQL string,
 * transactions nest through savepoints, and every connection is WAL with foreign keys on.
 */
export class Database {
  private readonly connection: DatabaseSync;
  private readonly statements = new Map<string, Prepared>();
  private transactionDepth = 0;
  /** Row changes by `runAside`, which only `asideVersion` shows. */
  private asideChanges = 0;
  /** Statements that may have changed data, run on this connection (`runAside`'s apart). */
  private writes = 0;
  /** SQLite's count of other connections' commits, read at most once per turn of the event loop. */
  private others: number | undefined;
  /** `memo`'s values, for `memoVersion`. */
  private readonly memos = new Map<string, unknown>();
  private memoVersion = '';
  /** Writes per table (tableWrites.ts), and writes that may have changed any table. */
  private readonly tableWrites = new Map<string, number>();
  private everything = 0;
  private tableMap: TableWriteMap | undefined;
  /** Changes with every schema change (`exec`), after which the tables a statement writes are read again. */
  private schemaEpoch = 0;
  /** `memoOf`'s values, each with the version of its tables. */
  private readonly tableMemos = new Map<string, { readonly version: string; readonly value: unknown }>();
  /** The open shared transaction of `grouped` writes, and the promises its COMMIT settles. */
  private group: GroupCommit | undefined;

  constructor(readonly file: string) {
    this.connection = new DatabaseSync(file);
    // A CLI command may write while a server runs on the same file: wait for the lock instead of failing.
    this.connection.exec('PRAGMA busy_timeout = 5000');
    this.connection.exec('PRAGMA journal_mode = WAL');
    this.connection.exec('PRAGMA synchronous = NORMAL');
    this.connection.exec('PRAGMA foreign_keys = ON');
  }

  /** The first row, typed by the caller's row interface (the columns the SQL selects). */
  get<Row>(sql: string, ...params: SqlValue[]): Row | undefined {
    const prepared = this.prepared(sql);
    if (prepared.writes) this.noteWrite(prepared);
    const row = prepared.statement.get(...bindable(params));
    if (row) this.booleansOf(prepared, row);
    return row as Row | undefined;
  }

  all<Row>(sql: string, ...params: SqlValue[]): Row[] {
    const prepared = this.prepared(sql);
    if (prepared.writes) this.noteWrite(prepared);
    const rows = prepared.statement.all(...bindable(params));
    for (const row of rows) this.booleansOf(prepared, row);
    return rows as Row[];
  }

  run(sql: string, ...params: SqlValue[]): RunResult {
    const prepared = this.prepared(sql);
    this.noteWrite(prepared);
    return this.execute(prepared, params);
  }

  /**
   * A write that almost no answer shows (a token's last use, shown only in the token list): it does not
   * change `dataVersion`, only `asideVersion`, so it does not invalidate every cached answer.
   */
  runAside(sql: string, ...params: SqlValue[]): RunResult {
    const result = this.execute(this.prepared(sql), params);
    this.asideChanges += result.changes;
    return result;
  }

  private execute(prepared: Prepared, params: readonly SqlValue[]): RunResult {
    const result = prepared.statement.run(...bindable(params));
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /**
   * Changes with every write: this connection's statements that may write (counted as they run, rolled
   * back ones included, which only costs a revalidation) and SQLite's count of commits by other connections
   * (a CLI command beside a running server). The latter is read once per turn of the event loop: a commit
   * by another process is seen by the requests of the next turn, as if they had come a moment later.
   * Within one process, equal values mean equal data.
   */
  dataVersion(): string {
    if (this.others === undefined) {
      this.others = (this.prepared(dataVersionSql).statement.get() as { data_version: number }).data_version;
      setImmediate(() => (this.others = undefined));
    }
    return `${this.writes}.${this.others}`;
  }

  /**
   * A value read from the database, kept until the data version changes (any write, here or by another
   * process): a list's page of ids asked for again costs no query. The value is frozen: callers share it.
   */
  memo<T>(key: string, compute: () => T): T {
    const version = this.dataVersion();
    if (version !== this.memoVersion || this.memos.size >= maxMemos) {
      this.memos.clear();
      this.memoVersion = version;
    }
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = compute();
    // shared by every caller of this version: a change in place would show in the next request's answer
    if (typeof value === 'object' && value !== null) Object.freeze(value);
    // a computation that wrote (none should) is not kept: it may show the version before
    if (this.dataVersion() === version) this.memos.set(key, value);
    return value;
  }

  /**
   * `memo` for values read from some tables only: kept until one of them is written (here, by a trigger or
   * cascade from another table, or by another process), so writes elsewhere — an issue, a comment — leave
   * it. `tables` must name every table `compute` reads.
   */
  memoOf<T>(tables: readonly string[], key: string, compute: () => T): T {
    const version = this.tablesVersion(tables);
    const kept = this.tableMemos.get(key);
    if (kept?.version === version) return kept.value as T;
    const value = compute();
    if (typeof value === 'object' && value !== null) Object.freeze(value);
    if (this.tablesVersion(tables) === version) {
      if (this.tableMemos.size >= maxMemos) this.tableMemos.clear();
      this.tableMemos.set(key, { version, value });
    }
    return value;
  }

  /** Changes with every write that may change one of `tables` (and with every commit of another process). */
  tablesVersion(tables: readonly string[]): string {
    this.dataVersion(); // reads other processes' commits once per turn
    let version = `${this.everything}.${this.others}`;
    for (const table of tables) version += `.${this.tableWrites.get(table) ?? 0}`;
    return version;
  }

  private noteWrite(prepared: Prepared): void {
    // a write of its own (autocommit) must not wait for other requests' COMMIT, nor share its fate
    if (this.group && this.transactionDepth === 0) this.commitGroup();
    this.writes++;
    if (prepared.written?.epoch !== this.schemaEpoch) {
      this.tableMap ??= new TableWriteMap(this.connection);
      prepared.written = { epoch: this.schemaEpoch, tables: this.tableMap.writtenBy(prepared.source) };
    }
    const tables = prepared.written.tables;
    if (tables === undefined) this.everything++;
    else for (const table of tables) this.tableWrites.set(table, (this.tableWrites.get(table) ?? 0) + 1);
  }

  /** Changes with every `runAside` write. */
  get asideVersion(): number {
    return this.asideChanges;
  }

  /** Runs several statements without parameters (schema migrations). */
  exec(sql: string): void {
    if (this.group && this.transactionDepth === 0) this.commitGroup();
    this.writes++;
    this.everything++;
    this.schemaEpoch++;
    this.tableMap = undefined;
    this.connection.exec(sql);
  }

  /** Runs `fn` atomically; BEGIN IMMEDIATE takes the write lock up front so concurrent writers wait, not fail. */
  transaction<T>(fn: () => T): T {
    // a transaction of its own is committed when it returns, as its caller expects: the group goes first
    if (this.group && this.transactionDepth === 0) this.commitGroup();
    const depth = this.transactionDepth;
    const savepoint = `sp${depth}`;
    this.connection.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    this.transactionDepth++;
    try {
      const result = fn();
      this.connection.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
      return result;
    } catch (error) {
      // what was read inside may show rows that are now gone: no memo of this version may be kept
      this.writes++;
      this.everything++;
      try {
        this.connection.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      } catch {
        // SQLite already rolled back (a full disk, an I/O error): the first error is the one to report.
      }
      throw error;
    } finally {
      this.transactionDepth--;
    }
  }

  /**
   * Runs `fn` atomically as `transaction` does, but shares one BEGIN … COMMIT with the other `grouped` calls
   * of this turn of the event loop: each runs in a savepoint of its own (one that throws is rolled back
   * alone and throws to its caller at once), and the COMMIT follows when the turn's requests have run. The
   * promise settles after that COMMIT: resolved when it succeeded, rejected with its error when it failed
   * (then every write of the group is gone). A request answers only after its write is committed, and
   * one COMMIT — SQLite writing the pages, an FTS segment, the WAL frames — serves every write of the turn.
   * Inside a transaction it is just a nested one.
   */
  grouped<T>(fn: () => T): Promise<T> {
    if (this.transactionDepth > 0) return Promise.resolve(this.transaction(fn));
    if (!this.group) {
      this.connection.exec('BEGIN IMMEDIATE');
      const group: GroupCommit = { waiting: [] };
      this.group = group;
      setImmediate(() => {
        if (this.group === group) this.commitGroup();
      });
    }
    const group = this.group;
    this.transactionDepth = 1;
    let result: T;
    try {
      result = this.transaction(fn);
    } catch (error) {
      // SQLite ended the whole transaction (a full disk, an I/O error): the group's writes are gone
      // (isTransaction is undefined before Node 22.16, where the COMMIT's own error tells instead)
      if (this.connection.isTransaction === false) this.failGroup(group, error);
      throw error;
    } finally {
      this.transactionDepth = 0;
    }
    return new Promise<T>((resolve, reject) =>
      group.waiting.push({ resolve: () => resolve(result), reject }),
    );
  }

  /** Commits the open group now (the next transaction of its own, or a write outside any, needs it done). */
  private commitGroup(): void {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    try {
      this.connection.exec('COMMIT');
    } catch (error) {
      this.failGroup(group, error);
      return;
    }
    for (const waiting of group.waiting) waiting.resolve();
  }

  private failGroup(group: GroupCommit, error: unknown): void {
    if (this.group === group) this.group = undefined;
    // what was read meanwhile may show rows that are now gone: no memo of this version may be kept
    this.writes++;
    this.everything++;
    try {
      this.connection.exec('ROLLBACK');
    } catch {
      // SQLite already rolled back (a full disk, an I/O error)
    }
    for (const waiting of group.waiting.splice(0)) waiting.reject(error);
  }

  close(): void {
    this.commitGroup();
    this.statements.clear();
    if (this.connection.isOpen) this.connection.close();
  }

  private prepared(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = { statement: this.connection.prepare(sql), source: sql, writes: mayWrite(sql) };
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Turns the 0/1 of boolean table columns into booleans, in place. */
  private booleansOf(prepared: Prepared, row: Record<string, unknown>): void {
    prepared.booleanResults ??= prepared.statement
      .columns()
      .filter((c) => c.table !== null && booleanColumnSet.has(`${c.table}.${c.column}`))
      .map((c) => c.name);
    for (const name of prepared.booleanResults) {
      const value = row[name];
      if (typeof value === 'number') row[name] = value !== 0;
    }
  }
}

/** Unix seconds, as Gitea stores timestamps. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
