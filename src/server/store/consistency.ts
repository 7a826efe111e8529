import type { Database } from './database';
import { watchMode } from './watches';
import { commentType } from './comments';

/**
 * The queries of `teahouse doctor`: SQLite's own checks, rows whose parent is gone, and every counter the
 * store keeps beside the rows it counts, recounted.
 */

/** `PRAGMA integrity_check`'s complaints (none when the file is sound). */
export function integrityProblems(db: Database): string[] {
  return db
    .all<{ integrity_check: string }>('PRAGMA integrity_check')
    .map((row) => row.integrity_check)
    .filter((line) => line !== 'ok');
}

/** Rows pointing at a parent row that is gone, grouped by the foreign key they break. */
export interface OrphanRows {
  readonly table: string;
  readonly column: string;
  readonly parent: string;
  readonly parentColumn: string;
  /** What the parent's deletion would have done to them. */
  readonly onDelete: string;
  readonly count: number;
}

export function orphanRows(db: Database): OrphanRows[] {
  const violations = db.all<{ table: string; parent: string; fkid: number }>('PRAGMA foreign_key_check');
  const groups = new Map<string, OrphanRows>();
  for (const violation of violations) {
    const key = `${violation.table}\u0000${violation.fkid}`;
    const existing = groups.get(key);
    if (existing) {
      groups.set(key, { ...existing, count: existing.count + 1 });
      continue;
    }
    const foreignKey = db
      .all<{ id: number; from: string; to: string | null; on_delete: string }>(
        `PRAGMA foreign_key_list(${quoteName(violation.table)})`,
      )
      .find((fk) => fk.id === violation.fkid);
    groups.set(key, {
      table: violation.table,
      column: foreignKey?.from ?? '?',
      parent: violation.parent,
      parentColumn: foreignKey?.to ?? 'id',
      onDelete: foreignKey?.on_delete ?? 'NO ACTION',
      count: 1,
    });
  }
  return [...groups.values()];
}

/**
 * Does to orphan rows what their parent's deletion would have done: deletes them (ON DELETE CASCADE)
 * or clears the reference (SET NULL). Answers how many rows changed; other rules are left to a person.
 */
export function repairOrphanRows(db: Database, orphans: OrphanRows): number {
  const table = quoteName(orphans.table);
  const column = quoteName(orphans.column);
  const missing = `${column} IS NOT NULL AND ${column} NOT IN (SELECT ${quoteName(orphans.parentColumn)} FROM ${quoteName(orphans.parent)})`;
  if (orphans.onDelete === 'CASCADE') return db.run(`DELETE FROM ${table} WHERE ${missing}`).changes;
  if (orphans.onDelete === 'SET NULL')
    return db.run(`UPDATE ${table} SET ${column} = NULL WHERE ${missing}`).changes;
  return 0;
}

export const canRepairOrphans = (orphans: OrphanRows): boolean =>
  orphans.onDelete === 'CASCADE' || orphans.onDelete === 'SET NULL';

const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

interface CounterSpec {
  readonly table: 'repository' | 'issue' | 'milestone' | 'topic';
  readonly column: string;
  /** SQL counting what the column should hold, for the row aliased `t`. */
  readonly counted: string;
}

const repoFullName = "(SELECT owner_name || '/' || name FROM repository WHERE id = t.repo_id)";
const subjects: Record<CounterSpec['table'], string> = {
  repository: "t.owner_name || '/' || t.name",
  issue: `${repoFullName} || '#' || t.number`,
  milestone: `${repoFullName} || ' milestone ' || quote(t.name)`,
  topic: "'topic ' || t.name",
};

/** Every counter the store keeps (store/issues.ts, stars.ts, forks.ts, watches.ts, milestones.ts, …). */
const counters: readonly CounterSpec[] = [
  {
    table: 'repository',
    column: 'num_issues',
    counted: 'SELECT count(*) FROM issue WHERE repo_id = t.id AND is_pull = 0',
  },
  {
    table: 'repository',
    column: 'num_closed_issues',
    counted: 'SELECT count(*) FROM issue WHERE repo_id = t.id AND is_pull = 0 AND is_closed = 1',
  },
  {
    table: 'repository',
    column: 'num_pulls',
    counted: 'SELECT count(*) FROM issue WHERE repo_id = t.id AND is_pull = 1',
  },
  {
    table: 'repository',
    column: 'num_closed_pulls',
    counted: 'SELECT count(*) FROM issue WHERE repo_id = t.id AND is_pull = 1 AND is_closed = 1',
  },
  { table: 'repository', column: 'num_stars', counted: 'SELECT count(*) FROM star WHERE repo_id = t.id' },
  {
    table: 'repository',
    column: 'num_forks',
    counted: 'SELECT count(*) FROM repository f WHERE f.fork_id = t.id',
  },
  {
    table: 'repository',
    column: 'num_watches',
    counted: `SELECT count(*) FROM watch WHERE repo_id = t.id AND mode IN (${watchMode.normal}, ${watchMode.auto})`,
  },
  {
    table: 'repository',
    column: 'num_milestones',
    counted: 'SELECT count(*) FROM milestone WHERE repo_id = t.id',
  },
  {
    table: 'repository',
    column: 'num_closed_milestones',
    counted: 'SELECT count(*) FROM milestone WHERE repo_id = t.id AND is_closed = 1',
  },
  {
    table: 'repository',
    column: 'num_releases',
    counted: 'SELECT count(*) FROM release WHERE repo_id = t.id AND is_draft = 0',
  },
  {
    table: 'issue',
    column: 'num_comments',
    counted: `SELECT count(*) FROM comment WHERE issue_id = t.id AND type = ${commentType.comment}`,
  },
  {
    table: 'milestone',
    column: 'num_issues',
    counted: 'SELECT count(*) FROM issue WHERE milestone_id = t.id',
  },
  {
    table: 'milestone',
    column: 'num_closed_issues',
    counted: 'SELECT count(*) FROM issue WHERE milestone_id = t.id AND is_closed = 1',
  },
  { table: 'topic', column: 'repo_count', counted: 'SELECT count(*) FROM repo_topic WHERE topic_id = t.id' },
];

/** A counter whose stored value differs from a recount. */
export interface CounterDrift {
  readonly table: string;
  readonly column: string;
  readonly id: number;
  readonly subject: string;
  readonly stored: number;
  readonly counted: number;
}

export function counterDrifts(db: Database): CounterDrift[] {
  return counters.flatMap(({ table, column, counted }) =>
    db
      .all<{ id: number; subject: string; stored: number; counted: number }>(
        `SELECT id, subject, stored, counted FROM (
           SELECT t.id AS id, ${subjects[table]} AS subject, t.${column} AS stored, (${counted}) AS counted
           FROM ${table} t)
         WHERE stored != counted ORDER BY id`,
      )
      .map((row) => ({ table, column, ...row })),
  );
}

/** Sets the counter to a recount made now (earlier repairs may have changed it); answers the value set. */
export function repairCounter(db: Database, drift: CounterDrift): number {
  const spec = counters.find((c) => c.table === drift.table && c.column === drift.column);
  if (!spec) throw new Error(`no counter ${drift.table}.${drift.column}`);
  return db.transaction(() => {
    db.run(`UPDATE ${spec.table} AS t SET ${spec.column} = (${spec.counted}) WHERE t.id = ?`, drift.id);
    return db.get<{ value: number }>(
      `SELECT ${spec.column} AS value FROM ${spec.table} WHERE id = ?`,
      drift.id,
    )!.value;
  });
}

/** What the repository checks read of a repository. */
export interface RepositoryForDoctor {
  readonly id: number;
  readonly owner_name: string;
  readonly name: string;
  readonly git_path: string | null;
  readonly default_branch: string;
  readonly is_empty: boolean;
  readonly is_missing: boolean;
}

export const repositoriesForDoctor = (db: Database): RepositoryForDoctor[] =>
  db.all<RepositoryForDoctor>(
    'SELECT id, owner_name, name, git_path, default_branch, is_empty, is_missing FROM repository ORDER BY id',
  );

export interface PullForDoctor {
  readonly number: number;
  readonly head_commit_id: string;
  readonly has_merged: boolean;
  readonly merged_commit_id: string;
}

export const pullsForDoctor = (db: Database, repoId: number): PullForDoctor[] =>
  db.all<PullForDoctor>(
    `SELECT issue.number AS number, pr.head_commit_id, pr.has_merged, pr.merged_commit_id
     FROM pull_request pr JOIN issue ON issue.id = pr.issue_id
     WHERE pr.base_repo_id = ? ORDER BY issue.number`,
    repoId,
  );

export const protectionRuleNames = (db: Database, repoId: number): string[] =>
  db
    .all<{ rule_name: string }>(
      'SELECT rule_name FROM protected_branch WHERE repo_id = ? ORDER BY id',
      repoId,
    )
    .map((row) => row.rule_name);
