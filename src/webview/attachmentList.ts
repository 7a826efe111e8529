import * as l10n from '@vscode/l10n';
import { h, icon } from './dom';
import type { AttachmentModel } from './protocol';

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return l10n.t('{0} MiB', Math.round((bytes / 1024 / 1024) * 10) / 10);
  if (bytes >= 1024) return l10n.t('{0} KiB', Math.round((bytes / 1024) * 10) / 10);
  return l10n.t('{0} B', bytes);
}

/** The files attached to an issue or a comment, as links (opened by the extension), with their size. */
export function attachmentList(attachments: readonly AttachmentModel[]): HTMLElement | undefined {
  if (attachments.length === 0) return undefined;
  return h(
    'ul',
    { class: 'attachments', 'aria-label': l10n.t('Attachments') },
    ...attachments.map((attachment) =>
      h(
        'li',
        { 'data-attachment-id': String(attachment.id) },
        icon('file'),
        ' ',
        h('a', { href: attachment.url }, attachment.name),
        ' ',
        h('span', { class: 'muted' }, sizeText(attachment.size)),
      ),
    ),
  );
}
