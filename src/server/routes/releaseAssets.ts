import { toAttachment } from '../convert/attachment';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import {
  createReleaseAttachment,
  deleteAttachment,
  editAttachment,
  type AttachmentServices,
} from '../services/attachments';
import type { AccessMode } from '../services/permissions';
import { attachmentsOfReleases, findAttachmentById, type AttachmentRow } from '../store/attachments';
import { findReleaseById, type ReleaseRow } from '../store/releases';
import type { RepositoryRow } from '../store/repositories';
import { readAttachmentUpload } from './attachmentUpload';
import type { HandlerMap } from './handler';
import { releaseReader, releaseWriter, repoRoute } from './guards';
import { visibleRelease } from './releases';

const attachmentServices = (ctx: RequestContext): AttachmentServices => ({
  db: ctx.db,
  dataDir: ctx.app.dataDir,
});

/** The release `{id}` of this repository (drafts to writers only); 404 otherwise. */
const loadRelease = (ctx: RequestContext, repo: RepositoryRow, mode: AccessMode): ReleaseRow =>
  visibleRelease(findReleaseById(ctx.db, repo.id, ctx.paramInt('id')), mode);

/** The attachment `{attachment_id}` of that release; 404 when it belongs to another. */
function loadAttachment(ctx: RequestContext, release: ReleaseRow): AttachmentRow {
  const attachment = findAttachmentById(ctx.db, ctx.paramInt('attachment_id'));
  if (!attachment || attachment.release_id !== release.id) throw notFound();
  return attachment;
}

export const releaseAssetHandlers: HandlerMap = {
  repoListReleaseAttachments: repoRoute(releaseReader, (ctx, { repo, mode }) => {
    const release = loadRelease(ctx, repo, mode);
    const rows = attachmentsOfReleases(ctx.db, [release.id]).get(release.id) ?? [];
    ctx.json(rows.map((attachment) => toAttachment(ctx, attachment)));
  }),

  // multipart/form-data: the file in `attachment`; the `name` query overrides its file name, as Gitea.
  repoCreateReleaseAttachment: repoRoute(releaseWriter, async (ctx, { repo, mode }) => {
    const doer = ctx.requireUser();
    const release = loadRelease(ctx, repo, mode);
    const upload = await readAttachmentUpload(ctx, ctx.args.name);
    const attachment = await createReleaseAttachment(attachmentServices(ctx), doer, repo, release, upload);
    ctx.json(toAttachment(ctx, attachment));
  }),

  repoGetReleaseAttachment: repoRoute(releaseReader, (ctx, { repo, mode }) => {
    const attachment = loadAttachment(ctx, loadRelease(ctx, repo, mode));
    ctx.json(toAttachment(ctx, attachment));
  }),

  // Gitea answers 201 for an edit.
  repoEditReleaseAttachment: repoRoute(releaseWriter, async (ctx, { repo, mode }) => {
    const attachment = loadAttachment(ctx, loadRelease(ctx, repo, mode));
    const name = (await ctx.body()).string('name');
    ctx.json(toAttachment(ctx, editAttachment(attachmentServices(ctx), attachment, name)));
  }),

  repoDeleteReleaseAttachment: repoRoute(releaseWriter, (ctx, { repo, mode }) => {
    const attachment = loadAttachment(ctx, loadRelease(ctx, repo, mode));
    deleteAttachment(attachmentServices(ctx), attachment);
    ctx.empty();
  }),
};
