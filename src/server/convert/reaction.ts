import type { Reaction } from '../../api/types';
import { usersByIds } from '../store/issuesUsers';
import type { ReactionRow } from '../store/reactions';
import { userShaper } from './issue';
import { isoTime } from './time';
import { migratedAuthorRow, toUser, type UserJson } from './user';
import type { ViewContext } from './viewContext';

/** Gitea's `Reaction` with this server's `User` shape. */
export type ReactionJson = Omit<Reaction, 'user'> & { user: UserJson };

/** Shapes reactions as Gitea's API does (`content` is the reaction's type), loading the users once. */
export function toReactions(view: ViewContext, rows: readonly ReactionRow[]): ReactionJson[] {
  const user = userShaper(
    view,
    usersByIds(
      view.db,
      rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
    ),
  );
  return rows.map((row) => ({
    user: row.user_id === null ? toUser(view, migratedAuthorRow(row.original_author)) : user(row.user_id),
    content: row.type,
    created_at: isoTime(row.created),
  }));
}

export const toReaction = (view: ViewContext, row: ReactionRow): ReactionJson => toReactions(view, [row])[0]!;
