import { toTag } from '../convert/gitData';
import type { ViewContext } from '../convert/viewContext';
import { conflict, invalid, notFound } from '../domain/errors';
import { readCommit } from '../git/commits';
import { resolveRef, tagRef } from '../git/refs';
import { createTag, deleteTag, listTags, readTagObject, type TagInfo } from '../git/tags';
import { isAbbreviatedObjectId, isValidRefName } from '../git/validate';
import { gitPerson } from '../services/mergeStyles';
import { assertTagNotReleased } from '../services/tags';
import { assertMayControlTag } from '../services/tagProtectionRules';
import { nowSeconds } from '../store/database';
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

/** The tag `name` as listed (peeled commit, creation time), or undefined when there is no such tag. */
async function findTag(git: GitRepository, name: string): Promise<TagInfo | undefined> {
  if (!isValidRefName(name)) return undefined;
  return (await listTags(git.gitDir, name)).find((tag) => tag.name === name);
}

/** Gitea's binding of CreateTagOption.TagName: `Required;GitRefName;MaxSize(50)`. */
function tagNameField(value: string | undefined): string {
  if (value === undefined || value === '') throw invalid('[TagName]: Required');
  if ([...value].length > 50) throw invalid('[TagName]: MaxSize');
  if (!isValidRefName(value)) throw invalid('[TagName]: GitRefName');
  return value;
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

  repoGetTag: gitRoute(readRepo, async (ctx, git) => {
    const name = ctx.param('tag');
    const tag = await findTag(git, name);
    if (!tag) throw notFound(`tag doesn't exist: ${name}`);
    ctx.json(await tagJson(ctx, git, tag));
  }),

  /**
   * A lightweight tag, or an annotated one when a message is given, on `target` (default branch when
   * empty): 404 for a target naming nothing, 409 when the tag exists, 422 for a protected name.
   */
  repoCreateTag: gitRoute(codeWriter, async (ctx, git) => {
    const body = await ctx.body();
    const name = tagNameField(body.string('tag_name'));
    const message = body.string('message') ?? '';
    const target = body.string('target') || git.repo.default_branch;
    const resolved =
      isValidRefName(target) || isAbbreviatedObjectId(target)
        ? await resolveRef(git.reader, target)
        : undefined;
    if (!resolved) throw notFound(`target not found: ${target}`);
    assertMayControlTag(
      ctx.db,
      git.repo.id,
      name,
      ctx.requireUser(),
      'user not allowed to create protected tag',
    );
    const noreplyHost = new URL(ctx.rootUrl).hostname;
    const annotation =
      message === ''
        ? undefined
        : { message, tagger: { ...gitPerson(ctx.requireUser(), noreplyHost), when: nowSeconds() } };
    const result = await trackedRefChange(ctx, git, () =>
      createTag(git.gitDir, name, resolved.commit, annotation),
    );
    if (result !== 'created') throw conflict(`tag ${name} already exists`);
    const tag = await findTag(git, name);
    if (!tag) throw conflict(`tag ${name} was deleted while it was being created`);
    ctx.json(await tagJson(ctx, git, tag), 201);
  }),

  /**
   * Deletes a tag that no release uses. Gitea 1.14.1 let any reader of the code do this (its route had no
   * writer check; later releases require a writer and an unarchived repository, as here). The deletion
   * is a push like any other: `push` (empty) and `delete` events go out.
   */
  repoDeleteTag: gitRoute(codeWriter, async (ctx, git) => {
    const name = ctx.param('tag');
    assertTagNotReleased(ctx.db, git.repo, name);
    assertMayControlTag(
      ctx.db,
      git.repo.id,
      name,
      ctx.requireUser(),
      'user not allowed to delete protected tag',
    );
    const target = isValidRefName(name) ? await git.reader.info(tagRef(name)) : undefined;
    if (!target) throw notFound(`tag does not exist [name: ${name}]`);
    if (!(await trackedRefChange(ctx, git, () => deleteTag(git.gitDir, name, target.sha)))) {
      throw conflict('the tag changed while it was being deleted; try again');
    }
    ctx.empty();
  }),
};
