import { toWikiCommitList, toWikiPage, toWikiPageMetaData } from '../convert/wiki';
import { malformed } from '../domain/errors';
import type { RequestContext } from '../http/context';
import { listWikiPages, readWikiPage, wikiPageRevisions } from '../services/wiki/wikiPages';
import { userTitleToWebPath, webPathFromRequest } from '../services/wiki/wikiPath';
import {
  addWikiPage,
  decodeGoBase64,
  deleteWikiPage,
  editWikiPage,
  type WikiPageWrite,
  type WikiWriteServices,
} from '../services/wiki/wikiWrites';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { repoRoute, wikiReader, wikiWriter } from './guards';

const wikiServices = (ctx: RequestContext): WikiWriteServices => ({
  db: ctx.db,
  rootUrl: ctx.rootUrl,
  dataDir: ctx.app.dataDir,
  gitPool: ctx.app.gitPool,
  events: ctx.app.events,
});

/** The page named in the path, as Gitea's WebPathFromRequest reads it. */
const pageOf = (ctx: RequestContext<'repoGetWikiPage' | 'repoEditWikiPage' | 'repoDeleteWikiPage'>): string =>
  webPathFromRequest(ctx.param('pageName'));

/** CreateWikiPageOptions as both writes read it: the title, the decoded content, the message. */
async function pageWrite(ctx: RequestContext): Promise<{ title: string; write: WikiPageWrite }> {
  const body = await ctx.body();
  const content = decodeGoBase64(body.string('content_base64') ?? '');
  return { title: body.string('title') ?? '', write: { content, message: body.string('message') ?? '' } };
}

/** The page as the write left it, answered the way a read answers it. */
async function answerPage(
  ctx: RequestContext,
  repo: RepositoryRow,
  webPath: string,
  status: number,
): Promise<void> {
  ctx.json(toWikiPage(ctx, repo, await readWikiPage(wikiServices(ctx), repo, webPath)), status);
}

/** Gitea's ctx.FormInt: a value that is not an integer reads as 0. */
const formInt = (value: string | null): number => (/^-?\d{1,9}$/.test(value ?? '') ? Number(value) : 0);

export const wikiHandlers: HandlerMap = {
  repoCreateWikiPage: repoRoute(wikiWriter, async (ctx, { repo }) => {
    const { title, write } = await pageWrite(ctx);
    // Gitea answers its binding's nil error here, as Go prints it.
    if (title.trim() === '') throw malformed('%!s(<nil>)');
    const webPath = userTitleToWebPath('', title);
    await addWikiPage(wikiServices(ctx), ctx.requireUser(), repo, webPath, title, write);
    await answerPage(ctx, repo, webPath, 201);
  }),

  repoGetWikiPage: repoRoute(wikiReader, async (ctx, { repo }) => {
    ctx.json(toWikiPage(ctx, repo, await readWikiPage(wikiServices(ctx), repo, pageOf(ctx))));
  }),

  repoEditWikiPage: repoRoute(wikiWriter, async (ctx, { repo }) => {
    const { title, write } = await pageWrite(ctx);
    // As in Gitea, an empty title is not "unchanged": it renames the page to `unnamed`.
    const newWebPath = userTitleToWebPath('', title);
    await editWikiPage(wikiServices(ctx), ctx.requireUser(), repo, pageOf(ctx), newWebPath, write);
    await answerPage(ctx, repo, newWebPath, 200);
  }),

  repoDeleteWikiPage: repoRoute(wikiWriter, async (ctx, { repo }) => {
    await deleteWikiPage(wikiServices(ctx), ctx.requireUser(), repo, pageOf(ctx));
    ctx.empty();
  }),

  repoGetWikiPages: repoRoute(wikiReader, async (ctx, { repo }) => {
    const page = ctx.paging.page;
    // Gitea reads the limit itself (FormInt: nonsense is 0) and caps it nowhere.
    const listed = await listWikiPages(wikiServices(ctx), repo, page, formInt(ctx.query.get('limit')));
    ctx.list(
      listed.pages.map((entry) => toWikiPageMetaData(ctx, repo, entry.webPath, entry.lastCommit)),
      listed.total,
      { page, limit: listed.limit, offset: (page - 1) * listed.limit },
    );
  }),

  repoGetWikiPageRevisions: repoRoute(wikiReader, async (ctx, { repo }) => {
    const webPath = webPathFromRequest(ctx.param('pageName')) || 'Home';
    const { commits, count } = await wikiPageRevisions(wikiServices(ctx), repo, webPath, ctx.paging.page);
    ctx.res.setHeader('X-Total-Count', String(count));
    ctx.res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    ctx.json(toWikiCommitList(commits, count));
  }),
};
