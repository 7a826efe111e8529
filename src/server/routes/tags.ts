import { toTag } from '../convert/gitData';
import type { ViewContext } from '../convert/viewContext';
import { conflict, notFound } from '../domain/errors';
import { readCommit } from '../git/commits';
import { tagRef } from '../git/refs';
import { deleteTag, listTags, readTagObject, type TagInfo } from '../git/tags';
import { isValidRefName } from '../git/validate';
import { assertTagNotReleased } from '../services/tags';
import type { HandlerMap } from './handler';
import { trackedRefChange, type GitRepository } from './repoGit';
import { codeWriter, gitRoute, readRepo } from './guards';

/** Newest first (tagger date of an annotated tag, else the commit's), then by name. */
const newestFirst = (a: TagInfo, b: TagInfo): number =>
  b.created - a.created || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

async function tagJson(ctx: ViewContext, git: GitRepository, tag: TagInfo) {
  const commit = await readCommit(git.reader, tag.commit);
  if (!commit) throw notFound(`the commit of tag ${tag.name} does not exist`);
  const annotation = tag.id === tag.commit ? undefined : await readTagObject(git.reader, tag.id);
  return toTag(ctx, git.repo, { name: tag.name, id: tag.id, commit, annotation });
}

export const tagHandlers: HandlerMap = {
  /**
   * One page of the tags, newest first over all of them (Gitea 1.14.1 paged by name and sorted each page
   * by date, so the order jumped between pages; later releases sort them all by date, as here).
   */
  repoListTags: gitRoute(readRepo, async (ctx, git) => {
    const tags = (await listTags(git.gitDir)).sort(newestFirst);
    const { offset, limit } = ctx.paging;
    const page = await Promise.all(tags.slice(offset, offset + limit).map((tag) => tagJson(ctx, git, tag)));
    ctx.list(page, tags.length);
  }),

  /**
   * Deletes a tag that no release uses. Gitea 1.14.1 let any reader of the code do this (its route had no
   * writer check; later releases require a writer and an unarchived repository, as here). The deletion
   * is a push like any other: `push` (empty) and `delete` events go out.
   */
  repoDeleteTag: gitRoute(codeWriter, async (ctx, git) => {
    const name = ctx.param('tag');
    assertTagNotReleased(ctx.db, git.repo, name);
    const target = isValidRefName(name) ? await git.reader.info(tagRef(name)) : undefined;
    if (!target) throw notFound(`tag does not exist [name: ${name}]`);
    if (!(await trackedRefChange(ctx, git, () => deleteTag(git.gitDir, name, target.sha)))) {
      throw conflict('the tag changed while it was being deleted; try again');
    }
    ctx.empty();
  }),
};
