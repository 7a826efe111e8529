import type { DatabaseSync } from 'node:sqlite';

/**
 * Which tables a writing statement may change: the table it names, every table a trigger on a changed table
 * writes, and — where rows are deleted (DELETE, REPLACE, INSERT OR REPLACE) — every table whose foreign keys
 * point at a changed one (a cascade), until nothing new is added. An UPDATE or INSERT cascades nothing: no
 * foreign key here acts ON UPDATE, and keys are never changed. `undefined` stands for "any table": a
 * statement this reading does not recognise (a WITH, a schema change) counts as a change of
 * everything.
 */
export type WrittenTables = readonly string[] | undefined;

// INSERT [OR x] INTO t, REPLACE INTO t, UPDATE [OR x] t, DELETE FROM t: the target of a plain DML statement
const dml =
  '(INSERT(?:\\s+OR\\s+(\\w+))?\\s+INTO|REPLACE\\s+INTO|UPDATE(?:\\s+OR\\s+\\w+)?|DELETE\\s+FROM)\\s+["`[]?(\\w+)';
const target = new RegExp('^\\s*' + dml, 'i');
const targets = new RegExp(dml, 'gi');

/** Whether a DML statement's verb (and its OR clause) may delete rows. */
const deletes = (verb: string, orClause: string | undefined): boolean =>
  /^(DELETE|REPLACE)/i.test(verb) || orClause?.toUpperCase() === 'REPLACE';

interface Step {
  readonly table: string;
  readonly deletes: boolean;
}

/** What a connection's schema says about the consequences of a write to each table. */
export class TableWriteMap {
  /** table → what its triggers write */
  private readonly triggers = new Map<string, Step[]>();
  /** parent table → the tables whose foreign keys point at it */
  private readonly children = new Map<string, string[]>();

  constructor(connection: DatabaseSync) {
    const triggers = connection
      .prepare("SELECT lower(tbl_name) AS tbl, sql FROM sqlite_master WHERE type = 'trigger'")
      .all() as { tbl: string; sql: string | null }[];
    for (const { tbl, sql } of triggers) {
      // the body only: the header's `AFTER UPDATE OF … ON t` is not a write
      const body = (sql ?? '').replace(/^[\s\S]*?\bBEGIN\b/i, '');
      for (const match of body.matchAll(targets)) {
        push(this.triggers, tbl, { table: match[3]!.toLowerCase(), deletes: deletes(match[1]!, match[2]) });
      }
    }
    const keys = connection
      .prepare(
        `SELECT lower(m.name) AS child, lower(f."table") AS parent
         FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`,
      )
      .all() as { child: string; parent: string }[];
    for (const { child, parent } of keys) push(this.children, parent, child);
  }

  /** The tables a write by `sql` may change (see WrittenTables). */
  writtenBy(sql: string): WrittenTables {
    const match = target.exec(sql);
    if (!match) return undefined;
    const seen = new Set<string>();
    const pending: Step[] = [{ table: match[3]!.toLowerCase(), deletes: deletes(match[1]!, match[2]) }];
    const visited = new Set<string>();
    for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
      const key = `${step.table}:${step.deletes}`;
      if (visited.has(key)) continue;
      visited.add(key);
      seen.add(step.table);
      pending.push(...(this.triggers.get(step.table) ?? []));
      if (step.deletes) {
        for (const child of this.children.get(step.table) ?? [])
          pending.push({ table: child, deletes: true });
      }
    }
    return [...seen];
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
