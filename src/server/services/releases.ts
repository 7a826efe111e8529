import type { HookReleaseAction } from '../../api/types/hookPayload';
import { toRelease } from '../convert/release';
import { toRepository } from '../convert/repository';
import { toUser } from '../convert/user';
import type { ViewContext } from '../convert/viewContext';
import { createTag, type Tagger } from '../git/tags';
import { isValidRefName } from '../git/validate';
import { conflict, invalid, notFound } from '../domain/errors';
import { attachmentsOfReleases } from '../store/attachments';
import { nowSeconds, type Database } from '../store/database';
import { assertMayControlTag } from './tagProtectionRules';
import {
  deleteReleaseRow,
  findReleaseById,
  findReleaseByTag,
  insertRelease,
  refreshReleaseCounter,
  updateRelease,
  type ReleaseChanges,
  type ReleaseRow,
} from '../store/releases';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { removeAttachmentFiles } from './attachments';
import type { EventBus } from './events';
import { repoAccess } from './permissions';
import { assertNotArchived } from './repositoryRules';

/** The repository's git, as releases need it. */
export interface ReleaseGit {
  readonly gitDir: string;
  /** The commit a branch, tag or (abbreviated) commit id names, or undefined. */
  resolveCommit(target: string): Promise<string | undefined>;
  /** The commit `refs/tags/<tag>` points at, or undefined when the tag does not exist. */
  tagCommit(tag: string): Promise<string | undefined>;
}

export interface ReleaseServices {
  readonly db: Database;
  /** The data folder, where release attachments are kept. */
  readonly dataDir: string;
  readonly rootUrl: string;
  readonly events: EventBus;
  /** The host of the placeholder address a tagger with a private e-mail gets. */
  readonly noreplyHost: string;
}

/** Gitea's CreateReleaseOption, parsed. */
export interface CreateReleaseInput {
  readonly tagName: string;
  /** Empty: the default branch. */
  readonly target: string;
  readonly title: string;
  readonly note: string;
  readonly isDraft: boolean;
  readonly isPrerelease: boolean;
  /** Non-empty: the new tag is annotated with this message. */
  readonly tagMessage: string;
}

/** Gitea's EditReleaseOption, parsed: undefined (or, for the strings, empty) leaves a field as it is. */
export interface EditReleaseInput {
  readonly tagName?: string;
  readonly target?: string;
  readonly title?: string;
  readonly note?: string;
  readonly isDraft?: boolean;
  readonly isPrerelease?: boolean;
}

const duplicateMessage = (tag: string): string => `release tag already exist [tag_name: ${tag}]`;

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && 'errcode' in error && error.errcode === 2067;

/** Tag names are checked as git would before anything reaches git (Gitea fails later, with a 500). */
export function assertValidTagName(tag: string): void {
  if (!isValidRefName(tag)) throw invalid(`release tag name is not valid [tag_name: ${tag}]`);
}

/** A tagger for an annotated tag: the full name if set, the placeholder address if the e-mail is private. */
function taggerOf(services: ReleaseServices, user: UserRow): Tagger {
  const privateEmail = user.keep_email_private || user.email === '';
  return {
    name: user.full_name.trim() || user.name,
    email: privateEmail ? `${user.lower_name}@noreply.${services.noreplyHost}` : user.email,
    when: nowSeconds(),
  };
}

interface TagOutcome {
  /** The tagged commit. */
  readonly commit: string;
  /** Whether this call created the tag. */
  readonly created: boolean;
}

/**
 * Gitea's createTag for a published release: the existing tag's commit, or a new lightweight (annotated when
 * a message is given) tag on the target. 404 when the target names nothing.
 */
async function ensureTag(
  git: ReleaseGit,
  tag: string,
  target: string,
  annotation?: { message: string; tagger: Tagger },
): Promise<TagOutcome> {
  const existing = await git.tagCommit(tag);
  if (existing) return { commit: existing, created: false };
  const commit = await git.resolveCommit(target);
  if (!commit) throw notFound(`target "${target}" not found`);
  const result = await createTag(git.gitDir, tag, commit, annotation);
  if (result === 'conflict') throw conflict(`tag "${tag}" conflicts with an existing tag`);
  if (result === 'exists') {
    // Created by someone else meanwhile: use theirs, as a tag found above would have been.
    const raced = await git.tagCommit(tag);
    if (!raced) throw conflict(`tag "${tag}" changed while the release was created`);
    return { commit: raced, created: false };
  }
  return { commit, created: true };
}

function emitReleaseEvents(
  services: ReleaseServices,
  doer: UserRow,
  repoId: number,
  release: ReleaseRow,
  action: HookReleaseAction,
  tagCreated: boolean,
): void {
  // Re-read: the release counter changed. Payloads are shaped as Gitea does, for no one in particular.
  const repo = findRepositoryById(services.db, repoId);
  if (!repo) return;
  const view: ViewContext = { db: services.db, user: null, rootUrl: services.rootUrl };
  const repository = toRepository(view, repo, repoAccess(services.db, doer, repo));
  const sender = toUser(view, doer);
  if (tagCreated) {
    services.events.emit({
      event: 'create',
      repoId,
      senderId: doer.id,
      payload: { sha: release.sha1, ref: release.tag_name, ref_type: 'tag', repository, sender },
    });
  }
  services.events.emit({
    event: 'release',
    repoId,
    senderId: doer.id,
    payload: { action, release: toRelease(view, repo, release), repository, sender },
  });
}

/**
 * Creates a release as Gitea's CreateRelease does: a published release tags the target (the default branch
 * unless given) unless the tag exists, whose commit it then takes; a draft creates no tag until it is
 * published. A release for the tag already existing is a 409.
 */
export async function createRelease(
  services: ReleaseServices,
  git: ReleaseGit,
  doer: UserRow,
  repo: RepositoryRow,
  input: CreateReleaseInput,
): Promise<ReleaseRow> {
  assertValidTagName(input.tagName);
  if (repo.is_empty) throw invalid('repo is empty');
  assertNotArchived(repo);
  const { db } = services;
  if (findReleaseByTag(db, repo.id, input.tagName)) throw conflict(duplicateMessage(input.tagName));
  const target = input.target || repo.default_branch;
  let tag: TagOutcome | undefined;
  if (!input.isDraft) {
    // a new tag is subject to tag protection; publishing on an existing tag is not (Gitea's createTag)
    if (!(await git.tagCommit(input.tagName))) {
      assertMayControlTag(
        db,
        repo.id,
        input.tagName,
        doer,
        `release tag name is protected [tag_name: ${input.tagName}]`,
      );
    }
    const annotation = input.tagMessage
      ? { message: input.tagMessage, tagger: taggerOf(services, doer) }
      : undefined;
    tag = await ensureTag(git, input.tagName, target, annotation);
  }
  let id: number;
  try {
    id = db.transaction(() => {
      const inserted = insertRelease(db, {
        repo_id: repo.id,
        publisher_id: doer.id,
        tag_name: input.tagName,
        target,
        title: input.title,
        note: input.note,
        sha1: tag?.commit ?? '',
        is_draft: input.isDraft,
        is_prerelease: input.isPrerelease,
        created: nowSeconds(),
      });
      refreshReleaseCounter(db, repo.id);
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateMessage(input.tagName));
    throw error;
  }
  const release = findReleaseById(db, repo.id, id)!;
  if (!input.isDraft) emitReleaseEvents(services, doer, repo.id, release, 'published', tag?.created ?? false);
  return release;
}

/**
 * Edits a release as Gitea's UpdateRelease does. A release that is (or becomes) published gets its tag created
 * on its target when the tag does not exist yet, and its time reset then; a draft's time is reset on every edit.
 */
export async function editRelease(
  services: ReleaseServices,
  git: ReleaseGit,
  doer: UserRow,
  repo: RepositoryRow,
  release: ReleaseRow,
  input: EditReleaseInput,
): Promise<ReleaseRow> {
  const { db } = services;
  const tagName = input.tagName || release.tag_name;
  assertValidTagName(tagName);
  assertNotArchived(repo);
  const holder = findReleaseByTag(db, repo.id, tagName);
  if (holder && holder.id !== release.id) throw conflict(duplicateMessage(tagName));
  const changes: ReleaseChanges = {
    tag_name: tagName,
    target: input.target || release.target,
    title: input.title || release.title,
    note: input.note || release.note,
    is_draft: input.isDraft === undefined ? release.is_draft : input.isDraft,
    is_prerelease: input.isPrerelease === undefined ? release.is_prerelease : input.isPrerelease,
  };
  const isDraft = changes.is_draft === true;
  let tagCreated = false;
  if (isDraft) {
    changes.created = nowSeconds();
  } else {
    const tag = await ensureTag(git, tagName, changes.target || repo.default_branch);
    changes.sha1 = tag.commit;
    tagCreated = tag.created;
    if (tag.created) changes.created = nowSeconds();
  }
  try {
    db.transaction(() => {
      updateRelease(db, release.id, changes);
      refreshReleaseCounter(db, repo.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateMessage(tagName));
    throw error;
  }
  const updated = findReleaseById(db, repo.id, release.id)!;
  if (!isDraft) {
    // Gitea says `published` when the edit created the tag; a draft published on an existing tag is one too.
    const action = tagCreated || release.is_draft ? 'published' : 'updated';
    emitReleaseEvents(services, doer, repo.id, updated, action, tagCreated);
  }
  return updated;
}

/** Deletes a release with its attachments (rows and files) and keeps its tag, as Gitea's API does. */
export function deleteRelease(
  services: ReleaseServices,
  doer: UserRow,
  repo: RepositoryRow,
  release: ReleaseRow,
): void {
  const { db } = services;
  const attachments = attachmentsOfReleases(db, [release.id]).get(release.id) ?? [];
  db.transaction(() => {
    deleteReleaseRow(db, release.id);
    refreshReleaseCounter(db, repo.id);
  });
  removeAttachmentFiles(
    services.dataDir,
    attachments.map((attachment) => attachment.uuid),
  );
  if (!release.is_draft) emitReleaseEvents(services, doer, repo.id, release, 'deleted', false);
}
