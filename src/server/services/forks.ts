import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { toRepository } from '../convert/repository';
import { toUser } from '../convert/user';
import { cloneBareLocal } from '../git/fetch';
import { repositoryGitDir, stagingDir } from '../git/paths';
import { repositorySizeKiB } from '../git/repository';
import { conflict, invalid } from '../domain/errors';
import { findForkOwnedBy, recordFork } from '../store/forks';
import { findRepositoryById, repositoryNameTaken, type RepositoryRow } from '../store/repositories';
import { findUserById, userType, type UserRow } from '../store/users';
import type { EventBus } from './events';
import { assertMayOwnAnotherRepository, placeRepository, type RepositoryServices } from './repositoryCreate';
import { repositoryNameProblem } from './repositoryNames';
import { assertNotBlockedBy } from './permissions';

export interface ForkServices extends RepositoryServices {
  readonly rootUrl: string;
  readonly events: EventBus;
}

/**
 * Forks `base` into `owner` (the doer or an organization they may create in, checked by the caller) as
 * Gitea's ForkRepository does: one fork per owner, a bare copy of the base's branches and tags, `fork` and
 * `parent` set, the parent's fork count raised, a `fork` event on the parent. The copy is a local
 * `git clone --bare` (objects hard-linked when on the same file system).
 */
export async function forkRepository(
  services: ForkServices,
  doer: UserRow,
  base: RepositoryRow,
  owner: UserRow,
  name: string,
): Promise<RepositoryRow> {
  const { db } = services;
  const problem = repositoryNameProblem(name);
  if (problem) throw invalid(problem);
  const existing = findForkOwnedBy(db, base.id, owner.id);
  if (existing) {
    throw conflict(
      `repository is already forked by user [uname: ${owner.name}, repo path: ${base.owner_name}/${base.name}, fork path: ${existing.owner_name}/${existing.name}]`,
    );
  }
  if (repositoryNameTaken(db, owner.id, name))
    throw conflict(`repository already exists [uname: ${owner.name}, name: ${name}]`);
  assertMayOwnAnotherRepository(db, doer, owner);
  // Gitea's ForkRepository: not for a doer the parent's owner blocks
  assertNotBlockedBy(db, doer, [base.owner_id]);

  mkdirSync(stagingDir(services.dataDir), { recursive: true });
  const stagingPath = path.join(stagingDir(services.dataDir), `${randomUUID()}.git`);
  let size: number;
  try {
    await cloneBareLocal(repositoryGitDir(services.dataDir, base), stagingPath);
    size = await repositorySizeKiB(stagingPath);
  } catch (error) {
    rmSync(stagingPath, { recursive: true, force: true });
    throw error;
  }
  const baseOwner = findUserById(db, base.owner_id);
  const fork = placeRepository(
    services,
    doer,
    owner,
    {
      ownerId: owner.id,
      ownerName: owner.name,
      name,
      description: base.description,
      website: base.website,
      defaultBranch: base.default_branch,
      // Gitea: a fork of a private repository, or of a private owner's, stays private.
      isPrivate: base.is_private || baseOwner?.visibility === 'private',
      isEmpty: base.is_empty,
      isTemplate: false,
      objectFormatName: base.object_format_name === 'sha256' ? 'sha256' : 'sha1',
      size,
    },
    stagingPath,
    (forkId) => recordFork(db, forkId, base.id),
  );
  emitForkEvents(services, doer, base, fork, owner);
  return fork;
}

/** Gitea's notifier: `fork` on the parent; for a fork into an organization, `repository` created too. */
function emitForkEvents(
  services: ForkServices,
  doer: UserRow,
  base: RepositoryRow,
  fork: RepositoryRow,
  owner: UserRow,
): void {
  const view = { db: services.db, user: doer, rootUrl: services.rootUrl };
  const parent = findRepositoryById(services.db, base.id) ?? base;
  const repository = toRepository(view, fork);
  const sender = toUser(view, doer);
  services.events.emit({
    event: 'fork',
    repoId: base.id,
    senderId: doer.id,
    payload: { forkee: toRepository(view, parent), repository, sender },
  });
  if (owner.type === userType.organization) {
    services.events.emit({
      event: 'repository',
      repoId: fork.id,
      senderId: doer.id,
      payload: { action: 'created', repository, organization: toUser(view, owner), sender },
    });
  }
}
