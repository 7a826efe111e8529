import { toOAuth2Application } from '../convert/oauth2Application';
import type { RequestContext } from '../http/context';
import {
  createOAuth2Application,
  editOAuth2Application,
  ownOAuth2Application,
} from '../services/oauth2Applications';
import {
  deleteOAuth2Application,
  listOAuth2Applications,
  type OAuth2ApplicationFields,
} from '../store/oauth2Applications';
import type { HandlerMap } from './handler';

/** The body of create and update (`CreateOAuth2ApplicationOptions`): name and redirect_uris are required. */
async function applicationFields(ctx: RequestContext): Promise<OAuth2ApplicationFields> {
  const body = await ctx.body();
  return {
    name: body.string('name', { required: true, nonEmpty: true, maxLength: 255 }).trim(),
    // required, but checked by the service so the error names Gitea's field `RedirectURIs`
    redirectUris: body.stringArray('redirect_uris') ?? [],
    confidentialClient: body.boolean('confidential_client') ?? false,
    skipSecondaryAuthorization: body.boolean('skip_secondary_authorization') ?? false,
  };
}

export const oauth2ApplicationHandlers: HandlerMap = {
  userGetOauth2Application: (ctx) => {
    const user = ctx.requireUser();
    const paging = ctx.paging;
    const { rows, total } = listOAuth2Applications(ctx.db, user.id, paging);
    ctx.list(
      rows.map((row) => toOAuth2Application(row)),
      total,
      paging,
    );
  },

  userCreateOAuth2Application: async (ctx) => {
    const user = ctx.requireUser();
    const { row, secret } = createOAuth2Application(ctx.db, user.id, await applicationFields(ctx));
    ctx.json(toOAuth2Application(row, secret));
  },

  userGetOAuth2Application: (ctx) => {
    const user = ctx.requireUser();
    ctx.json(toOAuth2Application(ownOAuth2Application(ctx.db, user.id, ctx.paramInt('id'))));
  },

  userUpdateOAuth2Application: async (ctx) => {
    const user = ctx.requireUser();
    const id = ctx.paramInt('id');
    // Gitea's binding validates the body first, so a bad body is 422 before the id is looked up.
    const fields = await applicationFields(ctx);
    const { row, secret } = editOAuth2Application(ctx.db, user.id, id, fields);
    ctx.json(toOAuth2Application(row, secret));
  },

  userDeleteOAuth2Application: (ctx) => {
    const user = ctx.requireUser();
    deleteOAuth2Application(ctx.db, ownOAuth2Application(ctx.db, user.id, ctx.paramInt('id')).id);
    ctx.empty();
  },
};
