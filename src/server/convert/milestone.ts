import type { Milestone } from '../../api/types';
import type { MilestoneRow } from '../store/milestones';
import { isoTime } from './time';

/** Gitea's ToAPIMilestone: closed_at only while closed, due_on only when set. */
export function toMilestone(milestone: MilestoneRow): Milestone {
  const closed = milestone.is_closed;
  return {
    id: milestone.id,
    title: milestone.name,
    description: milestone.content,
    state: closed ? 'closed' : 'open',
    open_issues: milestone.num_issues - milestone.num_closed_issues,
    closed_issues: milestone.num_closed_issues,
    created_at: isoTime(milestone.created),
    updated_at: isoTime(milestone.updated),
    closed_at: closed && milestone.closed_date_unix ? isoTime(milestone.closed_date_unix) : null,
    due_on: milestone.deadline_unix ? isoTime(milestone.deadline_unix) : null,
  };
}
