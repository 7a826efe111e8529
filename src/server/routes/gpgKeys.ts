import { toGpgKey } from '../convert/keys';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { addGpgKeys } from '../services/openpgp/accountKeys';
import { verificationToken, verifyGpgKeyToken } from '../services/openpgp/tokenSignature';
import { deleteGpgKey, findOwnGpgKey, listGpgKeys, listGpgSubkeys, type GpgKeyRow } from '../store/keysGpg';
import type { UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';

const withSubkeys = (ctx: RequestContext, row: GpgKeyRow): ReturnType<typeof toGpgKey> =>
  toGpgKey(row, row.primary_key_id === '' ? listGpgSubkeys(ctx.db, row) : []);

/** One of the caller's primary keys (as Gitea: owners only, site admins included). */
function ownKey(ctx: RequestContext): GpgKeyRow {
  const key = findOwnGpgKey(ctx.db, ctx.requireUser().id, ctx.paramInt('id'));
  if (!key) throw notFound('GPG key does not exist');
  return key;
}

function listKeys(ctx: RequestContext, owner: UserRow): void {
  const paging = ctx.paging;
  const { rows, total } = listGpgKeys(ctx.db, owner.id, paging);
  ctx.list(
    rows.map((row) => withSubkeys(ctx, row)),
    total,
    paging,
  );
}

export const gpgKeyHandlers: HandlerMap = {
  userCurrentListGPGKeys: (ctx) => listKeys(ctx, ctx.requireUser()),

  userListGPGKeys: (ctx) => listKeys(ctx, visibleAccount(ctx, ctx.param('username'))),

  userCurrentGetGPGKey: (ctx) => ctx.json(withSubkeys(ctx, ownKey(ctx))),

  userCurrentPostGPGKey: async (ctx) => {
    const body = await ctx.body();
    const armored = body.string('armored_public_key', { required: true, nonEmpty: true });
    // `armored_signature` (Gitea's proof for keys without a matching address) is accepted and not needed
    body.string('armored_signature');
    const [first] = addGpgKeys(ctx.db, ctx.requireUser().id, armored);
    // Gitea answers with the first key when the block held several
    if (first) ctx.json(withSubkeys(ctx, first));
  },

  getVerificationToken: (ctx) => {
    const token = verificationToken(ctx.requireUser(), 1);
    ctx.res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    ctx.res.end(token);
  },

  userVerifyGPGKey: async (ctx) => {
    const user = ctx.requireUser();
    const body = await ctx.body();
    // Gitea's VerifyGPGKeyOption binds both as Required; a key id of only zeros names nothing
    const keyId = body.string('key_id', { required: true, nonEmpty: true }).replace(/^0+/, '');
    const signature = body.string('armored_signature', { required: true, nonEmpty: true });
    if (keyId === '') throw notFound();
    const now = Date.now();
    const tokens = [verificationToken(user, 1, now), verificationToken(user, 0, now)];
    ctx.json(withSubkeys(ctx, verifyGpgKeyToken(ctx.db, user, keyId.toUpperCase(), signature, tokens)));
  },

  userCurrentDeleteGPGKey: (ctx) => {
    deleteGpgKey(ctx.db, ownKey(ctx));
    ctx.empty();
  },
};
