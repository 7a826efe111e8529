import type { RequestContext } from '../http/context';
import { HttpError } from '../http/httpError';
import { readMultipartForm } from '../http/multipart';
import { malformed } from '../domain/errors';
import type { AttachmentUpload } from '../services/attachments';

/**
 * The file of an attachment upload (multipart/form-data, the `attachment` field): 400 without it, 413 past
 * `--attachment-max-size`. The `name` query, when given, names it instead of the file's own name, as Gitea.
 */
export async function readAttachmentUpload(
  ctx: RequestContext,
  name: string | undefined,
): Promise<AttachmentUpload> {
  const form = await readMultipartForm(ctx.req, ctx.app.config.bodyLimit);
  const file = form.get('attachment');
  if (!(file instanceof File)) throw malformed('the file is missing: send it in the form field "attachment"');
  const limit = ctx.app.config.attachmentMaxBytes;
  if (file.size > limit) {
    throw new HttpError(413, `the attachment is larger than the limit of ${limit} bytes`);
  }
  return { name: name || file.name, content: file.stream() };
}
