import type { Database } from '../../store/database';
import {
  canRepairOrphans,
  counterDrifts,
  integrityProblems,
  orphanRows,
  repairCounter,
  repairOrphanRows,
} from '../../store/consistency';
import { problem, type Finding } from './finding';

/** SQLite's integrity and foreign key checks, and every counter recounted. */
export function databaseChecks(db: Database): Finding[] {
  const findings: Finding[] = integrityProblems(db).map((line) =>
    problem('database', `integrity_check: ${line} (restore a backup, or .recover it with the sqlite3 shell)`),
  );
  for (const orphans of orphanRows(db)) {
    const what =
      `${orphans.count} ${orphans.table} row${orphans.count === 1 ? '' : 's'} whose ${orphans.column} ` +
      `names a missing ${orphans.parent}`;
    findings.push(
      problem(
        'database',
        what,
        canRepairOrphans(orphans)
          ? () => {
              const changed = db.transaction(() => repairOrphanRows(db, orphans));
              const action = orphans.onDelete === 'CASCADE' ? 'deleted' : `cleared ${orphans.column} of`;
              return `${action} ${changed} orphan ${orphans.table} row${changed === 1 ? '' : 's'}`;
            }
          : undefined,
      ),
    );
  }
  for (const drift of counterDrifts(db)) {
    findings.push(
      problem(
        drift.subject,
        `${drift.table}.${drift.column} is ${drift.stored}, counted ${drift.counted}`,
        () => {
          const value = repairCounter(db, drift);
          return value === drift.stored
            ? `right again after the repairs above (${value})`
            : `set ${drift.table}.${drift.column} to ${value} (was ${drift.stored})`;
        },
      ),
    );
  }
  return findings;
}
