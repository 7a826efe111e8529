import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

export type SqlValue = SQLInputValue;

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

/**
 * A thin synchronous adapter over node:sqlite: statements are prepared once per SQL string,
 * transactions nest through savepoints, and every connection is WAL with foreign keys on.
 */
export class Database {
  private readonly connection: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private transactionDepth = 0;

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
    return this.prepared(sql).get(...params) as Row | undefined;
  }

  all<Row>(sql: string, ...params: SqlValue[]): Row[] {
    return this.prepared(sql).all(...params) as Row[];
  }

  run(sql: string, ...params: SqlValue[]): RunResult {
    const result = this.prepared(sql).run(...params);
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /** Runs several statements without parameters (schema migrations). */
  exec(sql: string): void {
    this.connection.exec(sql);
  }

  /** Runs `fn` atomically; BEGIN IMMEDIATE takes the write lock up front so concurrent writers wait, not fail. */
  transaction<T>(fn: () => T): T {
    const depth = this.transactionDepth;
    const savepoint = `sp${depth}`;
    this.connection.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    this.transactionDepth++;
    try {
      const result = fn();
      this.connection.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
      return result;
    } catch (error) {
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

  close(): void {
    this.statements.clear();
    if (this.connection.isOpen) this.connection.close();
  }

  private prepared(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** SQLite stores booleans as 0/1. */
export const sqlBool = (value: boolean): number => (value ? 1 : 0);

/** Unix seconds, as Gitea stores timestamps. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
