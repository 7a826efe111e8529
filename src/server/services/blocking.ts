import { malformed } from '../domain/errors';
import {
  deleteBlocking,
  deleteIssueAssignee,
  findBlocking,
  insertBlocking,
  pendingTransfersBetween,
  repositoryTies,
} from '../store/blocks';
import type { Database } from '../store/database';
import { deleteFollow } from '../store/follows';
import { findRepositoryById } from '../store/repositories';
import { deletePendingTransfer } from '../store/repositoryTransfers';
import { removeStar } from '../store/stars';
import { userType, type UserRow } from '../store/users';
import { unwatch } from '../store/watches';
import { removeCollaborator } from './collaborators';
import { isSiteAdmin, orgRole } from './permissions';

// Gitea's errors of blocking, which its handlers answer with 400 (its swagger says 422)
const blockOrganization = 'cannot block an organization';
const cannotBlock = 'cannot block the user';
const cannotUnblock = 'cannot unblock the user';

/** Who may act for `blocker`: the user themself, an owner of the organization, or a site administrator. */
function mayActFor(db: Database, doer: UserRow, blocker: UserRow): boolean {
  if (isSiteAdmin(doer)) return true;
  if (blocker.type === userType.organization) return orgRole(db, doer, blocker) === 'owner';
  return doer.id === blocker.id;
}

/**
 * Cuts what tied `user` to `owner`'s repositories, as a block does each way: stars, watches, issue
 * assignments and collaborations go.
 */
function cutTies(db: Database, user: UserRow, owner: UserRow): void {
  const ties = repositoryTies(db, user.id, owner.id);
  for (const repoId of ties.starred) removeStar(db, user.id, repoId);
  for (const repoId of ties.watched) unwatch(db, user.id, repoId);
  for (const issueId of ties.assignedIssues) deleteIssueAssignee(db, issueId, user.id);
  for (const repoId of ties.collaborations) {
    const repo = findRepositoryById(db, repoId);
    if (repo) removeCollaborator(db, repo, user);
  }
}

/**
 * Gitea's BlockUser: `doer` makes `blocker` (themself, or an organization they own) block `blockee`. An
 * organization is never blocked, nor oneself, nor a member of the blocking organization, nor someone
 * already blocked (400). The two stop following each other, lose each other's stars, watches, assignments
 * and collaborations, and their pending repository transfers to each other are cancelled.
 */
export function blockUser(
  db: Database,
  doer: UserRow,
  blocker: UserRow,
  blockee: UserRow,
  note: string,
): void {
  if (blockee.type === userType.organization) throw malformed(blockOrganization);
  const refused =
    blocker.id === blockee.id ||
    doer.id === blockee.id ||
    findBlocking(db, blocker.id, blockee.id) !== undefined ||
    (blocker.type === userType.organization && orgRole(db, blockee, blocker) !== 'none') ||
    !mayActFor(db, doer, blocker);
  if (refused) throw malformed(cannotBlock);
  db.transaction(() => {
    deleteFollow(db, blocker.id, blockee.id);
    deleteFollow(db, blockee.id, blocker.id);
    cutTies(db, blocker, blockee);
    cutTies(db, blockee, blocker);
    for (const [from, to] of [
      [blocker, blockee],
      [blockee, blocker],
    ] as const) {
      for (const repoId of pendingTransfersBetween(db, from.id, to.id)) deletePendingTransfer(db, repoId);
    }
    insertBlocking(db, blocker.id, blockee.id, note);
  });
}

/** Gitea's UnblockUser: only a block that exists is lifted, by those who may act for the blocker (400). */
export function unblockUser(db: Database, doer: UserRow, blocker: UserRow, blockee: UserRow): void {
  if (blockee.type === userType.organization) throw malformed(blockOrganization);
  const refused =
    doer.id === blockee.id ||
    findBlocking(db, blocker.id, blockee.id) === undefined ||
    !mayActFor(db, doer, blocker);
  if (refused) throw malformed(cannotUnblock);
  deleteBlocking(db, blocker.id, blockee.id);
}
