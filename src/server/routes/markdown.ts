import type { RequestContext } from '../http/context';
import type { BodyFields } from '../http/bodyFields';
import { parseRepoContext } from '../services/markdown/renderContext';
import { markdownMode, markupMode, type RenderOptions } from '../services/markdown/renderMarkdown';
import { markdownRenderer, RenderTimeoutError } from '../services/markdown/renderPool';
import type { HandlerMap } from './handler';
import { invalid, isDomainError } from '../domain/errors';

/** Gitea answers rendered markdown as HTML, not JSON. */
function sendHtml(ctx: RequestContext, html: string): void {
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'text/html; charset=utf-8');
  ctx.res.setHeader('Content-Length', Buffer.byteLength(html));
  ctx.res.end(html);
}

/** The MarkdownOption body; the spec answers 422 for a body that is not valid JSON (the core says 400). */
async function markdownOption(ctx: RequestContext): Promise<BodyFields> {
  try {
    return await ctx.body();
  } catch (error) {
    if (isDomainError(error, 'malformed')) throw invalid(error.message);
    throw error;
  }
}

function logFailure(ctx: RequestContext): RenderOptions['onError'] {
  return (error) => {
    if (error instanceof RenderTimeoutError)
      ctx.app.log.error(`${error.message}; answering the escaped text`);
    else ctx.app.log.error('markdown rendering failed; answering the escaped text', error);
  };
}

export const markdownHandlers: HandlerMap = {
  renderMarkdown: async (ctx) => {
    const body = await markdownOption(ctx);
    const text = body.string('Text') ?? '';
    const mode = markdownMode(body.string('Mode'));
    const html = await markdownRenderer(ctx.app).render(text, {
      mode,
      rootUrl: ctx.rootUrl,
      repo: parseRepoContext(body.string('Context'), ctx.rootUrl),
      wiki: body.boolean('Wiki') === true,
      onError: logFailure(ctx),
    });
    sendHtml(ctx, html);
  },
  renderMarkup: async (ctx) => {
    const body = await markdownOption(ctx);
    const text = body.string('Text') ?? '';
    // Gitea: the deprecated Wiki flag wins over Mode
    const mode = markupMode(
      body.boolean('Wiki') === true ? 'wiki' : (body.string('Mode') ?? ''),
      body.string('FilePath') ?? '',
    );
    const html = await markdownRenderer(ctx.app).render(text, {
      mode,
      rootUrl: ctx.rootUrl,
      repo: parseRepoContext(body.string('Context'), ctx.rootUrl),
      onError: logFailure(ctx),
    });
    sendHtml(ctx, html);
  },
  renderMarkdownRaw: async (ctx) => {
    const text = await ctx.textBody();
    const options: RenderOptions = { mode: 'markdown', rootUrl: ctx.rootUrl, onError: logFailure(ctx) };
    sendHtml(ctx, await markdownRenderer(ctx.app).render(text, options));
  },
};
