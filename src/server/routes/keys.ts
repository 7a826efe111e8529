import { toPublicKey } from '../convert/keys';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { isSiteAdmin } from '../services/permissions';
import { addUserKey } from '../services/sshKeys';
import {
  deletePublicKey,
  findPublicKeyById,
  listPublicKeys,
  publicKeyType,
  type PublicKeyRow,
} from '../store/keys';
import { findUserByName, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';

/** A user key the caller owns (site admins reach every user key); anyone else's is "not found". */
function ownKey(ctx: RequestContext): PublicKeyRow {
  const viewer = ctx.requireUser();
  const key = findPublicKeyById(ctx.db, ctx.paramInt('id'));
  if (!key || key.type !== publicKeyType.user || (key.owner_id !== viewer.id && !isSiteAdmin(viewer))) {
    throw notFound('public key does not exist');
  }
  return key;
}

/** CreateKeyOption: title and key required; Gitea caps the title at 50 characters. */
async function readCreateKeyOption(ctx: RequestContext): Promise<{ title: string; key: string }> {
  const body = await ctx.body();
  return {
    title: body.string('title', { required: true, nonEmpty: true, maxLength: 50 }),
    key: body.string('key', { required: true, nonEmpty: true }),
  };
}

/** A user's keys, or with `?fingerprint=` the keys having it (on /user/keys: anyone's, as Gitea's lookup). */
function listKeys(ctx: RequestContext, owner: UserRow | undefined): void {
  const paging = ctx.paging;
  const fingerprint = ctx.args.fingerprint || undefined;
  const { rows, total } = listPublicKeys(ctx.db, {
    ownerId: owner?.id,
    fingerprint,
    offset: paging.offset,
    limit: paging.limit,
  });
  ctx.list(
    rows.map((row) => toPublicKey(ctx, row)),
    total,
    paging,
  );
}

export const keyHandlers: HandlerMap = {
  userCurrentListKeys: (ctx) => {
    const viewer = ctx.requireUser();
    listKeys(ctx, ctx.args.fingerprint ? undefined : viewer);
  },

  userListKeys: (ctx) => listKeys(ctx, visibleAccount(ctx, ctx.param('username'))),

  userCurrentGetKey: (ctx) => ctx.json(toPublicKey(ctx, ownKey(ctx))),

  userCurrentPostKey: async (ctx) => {
    const option = await readCreateKeyOption(ctx);
    ctx.json(toPublicKey(ctx, addUserKey(ctx.db, ctx.requireUser().id, option.title, option.key)));
  },

  userCurrentDeleteKey: (ctx) => {
    deletePublicKey(ctx.db, ownKey(ctx).id);
    ctx.empty();
  },

  adminCreatePublicKey: async (ctx) => {
    const name = ctx.param('username');
    const user = findUserByName(ctx.db, name);
    if (!user) throw notFound(`user does not exist [name: ${name}]`);
    const option = await readCreateKeyOption(ctx);
    ctx.json(toPublicKey(ctx, addUserKey(ctx.db, user.id, option.title, option.key)));
  },

  adminDeleteUserPublicKey: (ctx) => {
    const name = ctx.param('username');
    const user = findUserByName(ctx.db, name);
    if (!user) throw notFound(`user does not exist [name: ${name}]`);
    const key = findPublicKeyById(ctx.db, ctx.paramInt('id'));
    if (!key || key.type !== publicKeyType.user || key.owner_id !== user.id)
      throw notFound('public key does not exist');
    deletePublicKey(ctx.db, key.id);
    ctx.empty();
  },
};
