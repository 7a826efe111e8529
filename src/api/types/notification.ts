// Notifications.
import type { Repository } from './repository';

/** A notification thread */
export interface NotificationThread {
  id: number;
  pinned: boolean;
  repository: Repository;
  subject: NotificationSubject;
  unread: boolean;
  updated_at: string;
  url: string;
}

/** The notification subject (Issue/Pull/Commit) */
export interface NotificationSubject {
  html_url: string;
  latest_comment_html_url: string;
  latest_comment_url: string;
  state: 'open' | 'closed' | 'merged';
  title: string;
  type: 'Issue' | 'Pull' | 'Commit' | 'Repository';
  url: string;
}

/** Number of unread notifications */
export interface NotificationCount {
  new: number;
}
