import type { Attachment } from '../../api/types/release';
import type { AttachmentRow } from '../store/attachments';
import { isoTime } from './time';
import { siteUrl, type ViewContext } from './viewContext';

/** Where an attachment is downloaded: Gitea's `/attachments/{uuid}`. */
export const attachmentDownloadUrl = (view: ViewContext, uuid: string): string =>
  siteUrl(view, `attachments/${encodeURIComponent(uuid)}`);

/** Shapes an attachment as Gitea's convert.ToReleaseAttachment. */
export function toAttachment(view: ViewContext, attachment: AttachmentRow): Attachment {
  return {
    id: attachment.id,
    name: attachment.name,
    size: attachment.size,
    download_count: attachment.download_count,
    created_at: isoTime(attachment.created),
    uuid: attachment.uuid,
    browser_download_url: attachmentDownloadUrl(view, attachment.uuid),
  };
}
