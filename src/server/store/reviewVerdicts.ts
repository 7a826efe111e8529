import type { Database } from './database';
import { reviewType } from './reviews';

/** Each reviewer's latest official verdict (approve or reject, not dismissed) on an issue. */
export function officialVerdicts(
  db: Database,
  issueId: number,
  ignoreStale: boolean,
): { approvals: number; rejections: number } {
  const row = db.get<{ approvals: number | null; rejections: number | null }>(
    `SELECT SUM(type = ?) AS approvals, SUM(type = ?) AS rejections FROM review AS r
     WHERE issue_id = ? AND official = 1 AND dismissed = 0 AND type IN (?, ?) AND (? = 0 OR stale = 0)
       AND id = (SELECT MAX(id) FROM review WHERE issue_id = r.issue_id AND reviewer_id = r.reviewer_id
                 AND dismissed = 0 AND type IN (?, ?))`,
    reviewType.approve,
    reviewType.reject,
    issueId,
    reviewType.approve,
    reviewType.reject,
    ignoreStale ? 1 : 0,
    reviewType.approve,
    reviewType.reject,
  );
  return { approvals: row?.approvals ?? 0, rejections: row?.rejections ?? 0 };
}
