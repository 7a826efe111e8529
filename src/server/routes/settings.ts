import { apiSettings, attachmentSettings, repositorySettings, uiSettings } from '../services/serverSettings';
import type { HandlerMap } from './handler';

/** `/settings/*`: open to anonymous callers, as in Gitea. */
export const settingsHandlers: HandlerMap = {
  getGeneralAPISettings: (ctx) => ctx.json(apiSettings()),
  getGeneralAttachmentSettings: (ctx) =>
    ctx.json(attachmentSettings(ctx.app.config.bodyLimit, ctx.app.config.attachmentMaxBytes)),
  getGeneralRepositorySettings: (ctx) => ctx.json(repositorySettings()),
  getGeneralUISettings: (ctx) => ctx.json(uiSettings()),
};
