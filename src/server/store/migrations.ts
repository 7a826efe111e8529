import type { Database } from './database';
import { initialSchema } from './migrations/v1InitialSchema';
import { issuesSchema } from './migrations/v20Issues';
import { pullRequestsSchema } from './migrations/v21PullRequests';
import { activitySchema } from './migrations/v22Activity';
import { releasesSchema } from './migrations/v23Releases';
import { webhooksSchema } from './migrations/v24Webhooks';
import { gitHostingSchema } from './migrations/v30GitHosting';
import { commitStatusSchema } from './migrations/v31CommitStatus';
import { branchProtectionSchema } from './migrations/v40BranchProtection';
import { oauth2ApplicationsSchema } from './migrations/v41OAuth2Applications';
import { topicsSchema } from './migrations/v50Topics';
import { attachmentsSchema } from './migrations/v51Attachments';
import { migratedAuthorsSchema } from './migrations/v55MigratedAuthors';
import { teamReviewRequestsSchema } from './migrations/v56TeamReviewRequests';
import { publishLedgerSchema } from './migrations/v57PublishLedger';
import { searchIndexesSchema } from './migrations/v58SearchIndexes';
import { searchCountsSchema } from './migrations/v59SearchCounts';
import { webSessionsSchema } from './migrations/v61WebSessions';
import { webSignInLinksSchema } from './migrations/v62WebSignInLinks';
import { issueSearchKeysSchema } from './migrations/v63IssueSearchKeys';
import { repositoryGramVisibilitySchema } from './migrations/v64RepositoryGramVisibility';
import { issueRelationsSchema } from './migrations/v70IssueRelations';
import { commentParticipantsSchema } from './migrations/v120CommentParticipants';
import { userSettingsSchema } from './migrations/v80UserSettings';
import { badgesSchema } from './migrations/v81Badges';
import { userBlockingSchema } from './migrations/v82UserBlocking';
import { systemWebhooksSchema } from './migrations/v83SystemWebhooks';
import { avatarsSchema } from './migrations/v84Avatars';
import { actionsSchema } from './migrations/v85Actions';
import { protectedTagsSchema } from './migrations/v90ProtectedTags';
import { pushMirrorsSchema } from './migrations/v91PushMirrors';
import { reparentRequestsSchema } from './migrations/v92ReparentRequests';
import { pullAutoMergeSchema } from './migrations/v100PullAutoMerge';

export interface Migration {
  /** Unique; the `schema_migration` table records which versions a database has applied. */
  readonly version: number;
  readonly description: string;
  readonly up: (db: Database) => void;
}

/** Applied in version order; add new migrations with a fresh version, never edit one that has shipped. */
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
    version: 22,
    description: 'issue #5: reactions, issue subscriptions, tracked time, stopwatches, notifications',
    up: (db) => db.exec(activitySchema),
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
  {
    version: 21,
    description: 'issue #5: pull requests and reviews',
    up: (db) => db.exec(pullRequestsSchema),
  },
  {
    version: 24,
    description: 'issue #6: webhooks and their delivery queue',
    up: (db) => db.exec(webhooksSchema),
  },
  {
    version: 40,
    description: 'branch protection rules and pending repository transfers',
    up: (db) => db.exec(branchProtectionSchema),
  },
  {
    version: 41,
    description: 'OAuth2 applications of users',
    up: (db) => db.exec(oauth2ApplicationsSchema),
  },
  {
    version: 50,
    description: 'issue #21: repository topics (topic with repo_count, repo_topic)',
    up: (db) => db.exec(topicsSchema),
  },
  {
    version: 51,
    description: 'issue #21: release attachments',
    up: (db) => db.exec(attachmentsSchema),
  },
  {
    version: 55,
    description: 'issue #21: original authors of migrated reactions, reviews and releases',
    up: (db) => db.exec(migratedAuthorsSchema),
  },
  {
    version: 56,
    description: 'team review requests (review.reviewer_team_id, comment.assignee_team_id)',
    up: (db) => db.exec(teamReviewRequestsSchema),
  },
  {
    version: 57,
    description: 'issue #20: the ledger of repositories published to other servers',
    up: (db) => db.exec(publishLedgerSchema),
  },
  {
    version: 58,
    description:
      'issue #17: search indexes (repositories: trigrams, short substrings; issues: trigram vocabulary, tails)',
    up: (db) => db.exec(searchIndexesSchema),
  },
  {
    version: 59,
    description:
      'issue #17: search totals from indexes (issue trigram terms, a covering index, unsure issues)',
    up: (db) => db.exec(searchCountsSchema),
  },
  {
    version: 61,
    description: 'issue #15: web sign-in sessions and the key that signs their cookies',
    up: (db) => db.exec(webSessionsSchema),
  },
  {
    version: 62,
    description: 'issue #15: one-time web sign-in links for accounts that have only a token',
    up: (db) => db.exec(webSignInLinksSchema),
  },
  {
    version: 63,
    description:
      'issue #17: the issue trigram index keyed by repository and number, texts padded for short keywords',
    up: (db) => db.exec(issueSearchKeysSchema),
  },
  {
    version: 64,
    description:
      'issue #17: repository substrings carry visibility, topics by value; the alphabetical order indexed',
    up: (db) => db.exec(repositoryGramVisibilitySchema),
  },
  {
    version: 70,
    description:
      'issue #29: issue dependencies, timeline references and dependency entries, attachments of issues and comments',
    up: (db) => db.exec(issueRelationsSchema),
  },
  {
    version: 80,
    description: 'issue #29: user settings (theme, diff view style, private activity)',
    up: (db) => db.exec(userSettingsSchema),
  },
  {
    version: 81,
    description: 'issue #29: badges and the users holding them',
    up: (db) => db.exec(badgesSchema),
  },
  {
    version: 82,
    description: 'issue #29: users blocked by users and organizations',
    up: (db) => db.exec(userBlockingSchema),
  },
  {
    version: 83,
    description: 'issue #29: administrator webhooks (system and default hooks)',
    up: (db) => db.exec(systemWebhooksSchema),
  },
  {
    version: 84,
    description: 'issue #29: uploaded avatars of users, organizations and repositories',
    up: (db) => db.exec(avatarsSchema),
  },
  {
    version: 85,
    description: 'issue #29: the action log of the activity feeds',
    up: (db) => db.exec(actionsSchema),
  },
  {
    version: 120,
    description: 'issue #33: the participants of an issue from an index of comments alone',
    up: (db) => db.exec(commentParticipantsSchema),
  },
  {
    version: 90,
    description: 'issue #29: tag protection rules',
    up: (db) => db.exec(protectedTagsSchema),
  },
  {
    version: 91,
    description: 'issue #29: push mirrors',
    up: (db) => db.exec(pushMirrorsSchema),
  },
  {
    version: 92,
    description: 'issue #29: reparent requests',
    up: (db) => db.exec(reparentRequestsSchema),
  },
  {
    version: 100,
    description: "issue #29: merges scheduled for when the head commit's checks succeed",
    up: (db) => db.exec(pullAutoMergeSchema),
  },
];

const ledger = `CREATE TABLE IF NOT EXISTS schema_migration (
  version INTEGER PRIMARY KEY,
  description TEXT NOT NULL,
  applied INTEGER NOT NULL
)`;

/** The versions this database has applied. */
export function appliedMigrations(db: Database): number[] {
  db.exec(ledger);
  return db
    .all<{ version: number }>('SELECT version FROM schema_migration ORDER BY version')
    .map((r) => r.version);
}

/**
 * Applies every migration the database has not applied yet, each in its own transaction, in version order.
 * Areas of the server add their migrations independently, so a ledger of applied versions (not one
 * "latest version" number) decides what is missing: a later area's v31 never hides an earlier area's v22.
 */
export function migrate(db: Database, list: readonly Migration[] = migrations): void {
  const ordered = [...list].sort((a, b) => a.version - b.version);
  const duplicate = ordered.find((m, i) => i > 0 && ordered[i - 1]!.version === m.version);
  if (duplicate) throw new Error(`two migrations claim version ${duplicate.version}`);
  const known = new Set(ordered.map((m) => m.version));
  const unknown = appliedMigrations(db).filter((v) => !known.has(v));
  if (unknown.length > 0) throw new UnknownMigrationsError(unknown, ordered.at(-1)?.version ?? 0);
  for (const migration of ordered) {
    try {
      // Checked inside the lock: a second process (the admin CLI) may have migrated meanwhile.
      db.transaction(() => {
        if (db.get('SELECT 1 AS applied FROM schema_migration WHERE version = ?', migration.version)) return;
        migration.up(db);
        db.run(
          'INSERT INTO schema_migration (version, description, applied) VALUES (?, ?, ?)',
          migration.version,
          migration.description,
          Math.floor(Date.now() / 1000),
        );
      });
    } catch (error) {
      throw new MigrationFailedError(migration, error);
    }
  }
}

/**
 * The database records migrations this code does not have: a newer Teahouse (or another branch) wrote
 * it. Opening it could misread or damage it, so it is refused before anything is written.
 */
export class UnknownMigrationsError extends Error {
  constructor(
    readonly unknownVersions: readonly number[],
    readonly newestKnown: number,
  ) {
    super(
      `the database has schema migrations this Teahouse does not know (${unknownVersions.join(', ')}); upgrade Teahouse`,
    );
  }
}

/** A migration failed; its transaction rolled back, so the database stays at the versions before it. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migration: Migration,
    cause: unknown,
  ) {
    super(
      `schema migration ${migration.version} (${migration.description}) failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
