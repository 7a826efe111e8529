import { ApiError, type TeahouseClient } from '../../api/client';
import type { Attachment } from '../../api/types';
import { featureShortfall } from '../features/featureNeeds';
import type { AttachmentModel, PanelTarget, UploadRules } from '../../webview/protocol';
import { allowedTypesOf, attachmentMarkdown } from '../../webview/uploadRules';
import type { ViewSource } from './viewModel';

/** The note (in English, translated by the panel) where the server has attachments switched off. */
export const attachmentsOffNote = 'attachments are switched off on this server';

/** Gitea's `assets` of an issue or comment (`null` where it has none, as Gitea 1.22 answers some). */
export function attachmentModels(assets: readonly Attachment[] | null | undefined): AttachmentModel[] {
  return (assets ?? []).map((asset) => ({
    id: asset.id,
    name: asset.name,
    size: asset.size,
    url: asset.browser_download_url,
  }));
}

/** What the server takes as attachments, or why files cannot be attached there. */
export async function loadUploadRules(
  source: ViewSource,
): Promise<{ readonly rules?: UploadRules; readonly note?: string }> {
  const missing = featureShortfall(source.capabilities, 'attachments');
  if (missing !== undefined) return { note: missing };
  try {
    const settings = await source.client.api.getGeneralAttachmentSettings();
    if (!settings.enabled) return { note: attachmentsOffNote };
    return {
      rules: {
        // Gitea's max_size is in MiB; 0 means no limit
        maxBytes: settings.max_size > 0 ? settings.max_size * 1024 * 1024 : undefined,
        allowedTypes: allowedTypesOf(settings.allowed_types),
        maxFiles: settings.max_files > 0 ? settings.max_files : undefined,
      },
    };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    source.log.info(`webview: attachment settings unavailable (${error.status} ${error.serverMessage})`);
    return { note: attachmentsOffNote };
  }
}

export interface UploadedFile {
  readonly name: string;
  readonly type: string;
  readonly data: Uint8Array;
}

/**
 * Uploads a file as an attachment of a comment (when `commentId` is given) or of the issue, and answers the
 * markdown that links it: a comment being written does not exist yet, so its files belong to the issue.
 */
export async function uploadAttachment(
  client: TeahouseClient,
  target: PanelTarget,
  file: UploadedFile,
  commentId?: number,
): Promise<{ readonly attachment: Attachment; readonly markdown: string }> {
  const { owner, repo, index } = target;
  const blob = new File([file.data], file.name, { type: file.type || 'application/octet-stream' });
  const attachment =
    commentId === undefined
      ? await client.api.issueCreateIssueAttachment({ owner, repo, index, name: file.name, body: blob })
      : await client.api.issueCreateIssueCommentAttachment({
          owner,
          repo,
          id: commentId,
          name: file.name,
          body: blob,
        });
  return {
    attachment,
    markdown: attachmentMarkdown(file.name, file.type, attachment.browser_download_url),
  };
}

/**
 * The bytes of a file as the webview sent them: VS Code hands typed arrays and ArrayBuffers over as they
 * are, but a message that went through JSON arrives as an object of numbered keys.
 */
export function bytesOf(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (typeof data === 'object' && data !== null) {
    const values = Object.values(data as Record<string, unknown>);
    if (values.every((value) => typeof value === 'number')) return Uint8Array.from(values as number[]);
  }
  throw new TypeError('the file arrived without its bytes');
}
