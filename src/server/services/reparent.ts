import { conflict, invalid, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import {
  deleteReparentRequest,
  findForkOwnedBy,
  findReparentRequest,
  insertReparentRequest,
  promoteFork,
} from '../store/forks';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findAccountByName, type UserRow } from '../store/users';

/*
 * Reparenting follows Gitea 1.27's swagger (its source of October 2025 has no such routes): the parent's
 * administrator names the owner of one of its forks; that fork's administrators accept (the fork becomes the
 * family's parent) or reject the request, as a transfer waits for its recipient.
 */

/** Asks that `newOwner`'s fork of `parent` become the parent (202); 404 without such a fork, 409 when one waits. */
export function requestReparent(
  db: Database,
  doer: UserRow,
  parent: RepositoryRow,
  newOwner: string,
): RepositoryRow {
  if (newOwner === '') throw invalid('[NewOwner]: Required');
  const owner = findAccountByName(db, newOwner);
  if (!owner) throw notFound(`user does not exist [name: ${newOwner}]`);
  const fork = findForkOwnedBy(db, parent.id, owner.id);
  if (!fork) throw notFound(`${newOwner} has no fork of ${parent.owner_name}/${parent.name}`);
  if (findReparentRequest(db, fork.id))
    throw conflict('a reparenting request for this fork is already pending');
  insertReparentRequest(db, fork.id, parent.id, doer.id);
  return fork;
}

function pendingFor(db: Database, fork: RepositoryRow) {
  const request = findReparentRequest(db, fork.id);
  if (!request) throw notFound('no reparenting request is pending for this repository');
  return request;
}

/** The fork's side accepts: it becomes the parent of the family. */
export function acceptReparent(db: Database, fork: RepositoryRow): RepositoryRow {
  const request = pendingFor(db, fork);
  promoteFork(db, fork.id, request.parent_id);
  return findRepositoryById(db, fork.id)!;
}

/** The fork's side declines: the request goes, nothing else changes. */
export function rejectReparent(db: Database, fork: RepositoryRow): RepositoryRow {
  pendingFor(db, fork);
  deleteReparentRequest(db, fork.id);
  return fork;
}
