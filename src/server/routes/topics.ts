import { toTopicResponse } from '../convert/topic';
import type { RequestContext } from '../http/context';
import { addTopic, deleteTopic, replaceTopics, TopicsRefused } from '../services/topics';
import { listRepoTopics, searchTopics } from '../store/topics';
import type { HandlerMap } from './handler';
import { readRepo, repoAdmin, repoRoute } from './guards';

/**
 * Runs a topic change; a refusal answers 422 with Gitea's body, which names the invalid topics beside the
 * message (`invalidTopics`), and the API description's URL as every error of this server.
 */
function refusedAsGitea(ctx: RequestContext, change: () => void): void {
  try {
    change();
  } catch (error) {
    if (!(error instanceof TopicsRefused)) throw error;
    const named = error.invalidTopics === undefined ? {} : { invalidTopics: error.invalidTopics };
    ctx.json({ ...named, message: error.message, url: `${ctx.rootUrl}api/swagger` }, 422);
    return;
  }
  ctx.empty();
}

export const topicHandlers: HandlerMap = {
  // Gitea pages only when `page` is given; without it every topic (25 at most) comes back.
  repoListTopics: repoRoute(readRepo, (ctx, { repo }) => {
    const paging = ctx.query.has('page') ? ctx.paging : undefined;
    ctx.json({ topics: listRepoTopics(ctx.db, repo.id, paging).map((t) => t.name) });
  }),

  repoUpdateTopics: repoRoute(repoAdmin, async (ctx, { repo }) => {
    const names = (await ctx.body()).stringArray('topics') ?? [];
    refusedAsGitea(ctx, () => replaceTopics(ctx.db, repo, names));
  }),

  repoAddTopic: repoRoute(repoAdmin, (ctx, { repo }) => {
    refusedAsGitea(ctx, () => addTopic(ctx.db, repo, ctx.param('topic')));
  }),

  repoDeleteTopic: repoRoute(repoAdmin, (ctx, { repo }) => {
    refusedAsGitea(ctx, () => deleteTopic(ctx.db, repo, ctx.param('topic')));
  }),

  // Every topic of the server whose name contains `q`, most used first; paged (Gitea 1.14.1 answers all
  // of them without `page`; this server keeps to its page cap).
  topicSearch: (ctx) => {
    const paging = ctx.paging;
    const { rows, total } = searchTopics(ctx.db, (ctx.args.q ?? '').trim().toLowerCase(), paging);
    ctx.setPagingHeaders(total, paging);
    ctx.json({ topics: rows.map(toTopicResponse) });
  },
};
