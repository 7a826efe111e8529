import type { Database } from './database';
import { initialSchema } from './migrations/v1InitialSchema';
import { issuesSchema } from './migrations/v20Issues';
import { releasesSchema } from './migrations/v23Releases';
import { gitHostingSchema } from './migrations/v30GitHosting';
import { commitStatusSchema } from './migrations/v31CommitStatus';

export interface Migration {
  /** 1, 2, 3, ...: `PRAGMA user_version` holds the last one applied. */
  readonly version: number;
  readonly description: string;
  readonly up: (db: Database) => void;
}

/** Ordered; append new migrations at the end, never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'issue #3: users, organizations, teams, repositories, keys, tokens',
    up: (db) => db.exec(initialSchema),
  },
  {
    version: 20,
    description: 'issue #5: issues (and pull request rows), comments, labels, milestones, assignees',
    up: (db) => db.exec(issuesSchema),
  },
  {
    version: 23,
    description: 'issue #5: releases',
    up: (db) => db.exec(releasesSchema),
  },
  {
    version: 30,
    description: 'issue #4: pull mirrors, workspace repository reference snapshots',
    up: (db) => db.exec(gitHostingSchema),
  },
  {
    version: 31,
    description: 'issue #4: commit statuses',
    up: (db) => db.exec(commitStatusSchema),
  },
];

/** Applies every migration newer than the database, each in its own transaction, in version order. */
export function migrate(db: Database, list: readonly Migration[] = migrations): void {
  // Areas append their migrations independently, so order by version rather than by position.
  const ordered = [...list].sort((a, b) => a.version - b.version);
  const duplicate = ordered.find((m, i) => i > 0 && ordered[i - 1]!.version === m.version);
  if (duplicate) throw new Error(`two migrations claim version ${duplicate.version}`);
  for (const migration of ordered) {
    // Re-read inside the lock: a second process (the admin CLI) may have migrated meanwhile.
    db.transaction(() => {
      if (db.userVersion >= migration.version) return;
      migration.up(db);
      db.userVersion = migration.version;
    });
  }
  const latest = ordered.at(-1)?.version ?? 0;
  if (db.userVersion > latest) {
    throw new Error(
      `the database schema (version ${db.userVersion}) is newer than this Teahouse knows (${latest}); upgrade Teahouse`,
    );
  }
}
