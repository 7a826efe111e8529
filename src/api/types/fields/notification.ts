import type { FieldIndex } from '../../types';
import type { NotificationCount, NotificationSubject, NotificationThread } from '../notification';
import { resourceFields } from '../fieldKinds';

/** Field index of notifications. */
export const notificationFields = {
  NotificationThread: resourceFields<NotificationThread>({
    id: 'integer',
    pinned: 'boolean',
    repository: 'object',
    subject: 'object',
    unread: 'boolean',
    updated_at: 'string',
    url: 'string',
  }),
  NotificationSubject: resourceFields<NotificationSubject>({
    html_url: 'string',
    latest_comment_html_url: 'string',
    latest_comment_url: 'string',
    state: 'string',
    title: 'string',
    type: 'string',
    url: 'string',
  }),
  NotificationCount: resourceFields<NotificationCount>({
    new: 'integer',
  }),
} satisfies Partial<FieldIndex>;
