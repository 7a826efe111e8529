import type { Activity } from '../../api/types';
import { actionTypeNames, type ActionTypeName } from '../services/activityLog';
import type { ActionRow } from '../store/actions';
import { findCommentById } from '../store/comments';
import { findRepositoryById } from '../store/repositories';
import { findUserById } from '../store/users';
import { toComment } from './comment';
import { toRepository } from './repository';
import { isoTime } from './time';
import { toUser } from './user';
import type { ViewContext } from './viewContext';

/**
 * Gitea's ToActivity: the action with its actor and repository as the viewer sees them, and the comment
 * when the action is about one that still exists. Rows whose actor or repository are gone are left out.
 */
export function toActivities(view: ViewContext, rows: readonly ActionRow[]): Activity[] {
  const activities: Activity[] = [];
  for (const row of rows) {
    const actor = findUserById(view.db, row.act_user_id);
    const repo = findRepositoryById(view.db, row.repo_id);
    if (!actor || !repo) continue;
    const comment = row.comment_id ? findCommentById(view.db, row.comment_id) : undefined;
    activities.push({
      id: row.id,
      user_id: row.user_id,
      op_type: actionTypeNames[row.op_type] as ActionTypeName,
      act_user_id: row.act_user_id,
      act_user: toUser(view, actor),
      repo_id: row.repo_id,
      repo: toRepository(view, repo),
      comment_id: comment ? row.comment_id : 0,
      comment: comment ? toComment(view, repo, comment) : null,
      ref_name: row.ref_name,
      is_private: row.is_private,
      content: row.content,
      created: isoTime(row.created),
    });
  }
  return activities;
}
