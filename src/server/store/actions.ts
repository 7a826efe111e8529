import type { Database, SqlValue } from './database';

/** A row of `action`: one action as it appears in one feed (`user_id`). Booleans are 0/1. */
export interface ActionRow {
  id: number;
  user_id: number;
  op_type: number;
  act_user_id: number;
  repo_id: number;
  comment_id: number;
  is_deleted: boolean;
  ref_name: string;
  is_private: boolean;
  content: string;
  created: number;
}

export type NewAction = Pick<
  ActionRow,
  'op_type' | 'act_user_id' | 'repo_id' | 'comment_id' | 'ref_name' | 'is_private' | 'content' | 'created'
>;

/** Writes the action once into each of the feeds `feedOwnerIds`. */
export function insertActionCopies(db: Database, action: NewAction, feedOwnerIds: readonly number[]): void {
  for (const userId of feedOwnerIds) {
    db.run(
      `INSERT INTO action (user_id, op_type, act_user_id, repo_id, comment_id, ref_name, is_private, content, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      userId,
      action.op_type,
      action.act_user_id,
      action.repo_id,
      action.comment_id,
      action.ref_name,
      action.is_private,
      action.content,
      action.created,
    );
  }
}

/** Which actors' actions a viewer may see in someone else's feed (Gitea's ActivityQueryCondition). */
export type ActorVisibility =
  | { readonly kind: 'all' }
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'signedIn';
      readonly viewerId: number;
      /** An organization's feed shows its own actions. */
      readonly alsoActorId?: number;
      /** A user's feed shows the actions of the organizations the user belongs to. */
      readonly orgsOfUserId?: number;
    };

export interface FeedFilter {
  /** Whose feed (`user_id`). */
  readonly feedOwnerId?: number;
  /** A repository's own actions: its rows where the feed is the actor's. */
  readonly repoId?: number;
  /** Only actions in these repositories (a team's). */
  readonly repoIds?: readonly number[];
  readonly onlyPerformedBy?: number;
  readonly includePrivate: boolean;
  readonly actors: ActorVisibility;
  /** `[from, to]` in unix seconds, inclusive. */
  readonly between?: readonly [number, number];
}

function actorCondition(actors: ActorVisibility): { sql: string; params: SqlValue[] } | undefined {
  if (actors.kind === 'all') return undefined;
  if (actors.kind === 'anonymous') {
    return {
      sql: `act_user_id IN (SELECT id FROM user WHERE keep_activity_private = 0 AND visibility = 'public')`,
      params: [],
    };
  }
  let sql = `SELECT id FROM user WHERE (keep_activity_private = 0 AND visibility IN ('public', 'limited')) OR id = ?`;
  const params: SqlValue[] = [actors.viewerId];
  if (actors.alsoActorId !== undefined) {
    sql += ' OR id = ?';
    params.push(actors.alsoActorId);
  }
  if (actors.orgsOfUserId !== undefined) {
    sql += ' OR (type = 1 AND id IN (SELECT org_id FROM team_user WHERE uid = ?))';
    params.push(actors.orgsOfUserId);
  }
  return { sql: `act_user_id IN (${sql})`, params };
}

/**
 * The actions the filter selects, newest first (ties by id). The caller still drops those in repositories
 * the viewer cannot read, and pages.
 */
export function feedActions(db: Database, filter: FeedFilter): ActionRow[] {
  const where: string[] = ['is_deleted = 0'];
  const params: SqlValue[] = [];
  if (filter.feedOwnerId !== undefined) {
    where.push('user_id = ?');
    params.push(filter.feedOwnerId);
  }
  if (filter.repoId !== undefined) {
    where.push('repo_id = ? AND user_id = act_user_id');
    params.push(filter.repoId);
  }
  if (filter.repoIds !== undefined) {
    where.push('repo_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.repoIds));
  }
  if (filter.onlyPerformedBy !== undefined) {
    where.push('act_user_id = ?');
    params.push(filter.onlyPerformedBy);
  }
  if (!filter.includePrivate) where.push('is_private = 0');
  const actors = actorCondition(filter.actors);
  if (actors) {
    where.push(actors.sql);
    params.push(...actors.params);
  }
  if (filter.between) {
    where.push('created >= ? AND created <= ?');
    params.push(...filter.between);
  }
  return db.all<ActionRow>(
    `SELECT * FROM action WHERE ${where.join(' AND ')} ORDER BY created DESC, id DESC`,
    ...params,
  );
}
