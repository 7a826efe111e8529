import { randomUUID } from 'node:crypto';
import { allowedTypesOf, typeAllowed } from '../../../src/webview/uploadRules';
import { recordedBody } from './recorded';
import { failed, json, notFound, type Answer, type RepoContext, type RepoRoute } from './routing';
import { toAttachment } from './shapes';
import { issueOf } from './trackerRoutes';
import { giteaTime, type DoubleAsset } from './world';

/** The recorded server's `[attachment]` settings: what it let through. */
const settings = recordedBody<{ allowed_types: string }>('GET', '/settings/attachment');

/**
 * The `attachment` file of a multipart upload as an asset, named by the `name` query or the file; `check`
 * applies the server's allowed types. An answer instead when the upload is refused.
 */
export async function uploadedAsset(ctx: RepoContext, check: boolean): Promise<DoubleAsset | Answer> {
  const file = ctx.form?.get('attachment');
  if (!(file instanceof Blob)) return failed(ctx, 400, 'GetFile');
  const name = ctx.query.get('name') || (file instanceof File ? file.name : 'attachment');
  // Gitea 1.22-dev refuses a type it does not allow with a 500 (UploadAttachment's error, unmapped)
  if (check && !typeAllowed(allowedTypesOf(settings.allowed_types), name, file.type))
    return failed(ctx, 500, 'This file extension or type is not allowed to be uploaded.');
  return {
    id: ctx.world.nextId('asset'),
    uuid: randomUUID(),
    name,
    bytes: Buffer.from(await file.arrayBuffer()),
    created: giteaTime(),
  };
}

const isAnswer = (value: DoubleAsset | Answer): value is Answer => 'status' in value;

/** Files attached to issues and comments of a repository held by the double. */
export const attachmentRoutes: readonly RepoRoute[] = [
  {
    method: 'POST',
    pattern: /^\/issues\/(\d+)\/assets$/,
    write: true,
    handle: async (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      if (!issue) return notFound(ctx);
      const asset = await uploadedAsset(ctx, true);
      if (isAnswer(asset)) return asset;
      (issue.assets ??= []).push(asset);
      return json(201, toAttachment(asset, ctx.origin));
    },
  },
  {
    method: 'POST',
    pattern: /^\/issues\/comments\/(\d+)\/assets$/,
    write: true,
    handle: async (ctx) => {
      const comment = ctx.repo.comments.find((c) => c.id === Number(ctx.params[0]));
      if (!comment) return notFound(ctx);
      const asset = await uploadedAsset(ctx, true);
      if (isAnswer(asset)) return asset;
      (comment.assets ??= []).push(asset);
      return json(201, toAttachment(asset, ctx.origin));
    },
  },
  {
    method: 'GET',
    pattern: /^\/issues\/(\d+)\/assets$/,
    handle: (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      return issue
        ? json(
            200,
            (issue.assets ?? []).map((asset) => toAttachment(asset, ctx.origin)),
          )
        : notFound(ctx);
    },
  },
];
