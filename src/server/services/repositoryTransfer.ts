import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { crashPoint } from '../domain/crashPoints';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { managedGitDir, managedWikiDir, repositoryGitDir } from '../git/paths';
import { moveWikiFolder } from './wiki/wikiFolder';
import { mayCreateOrganizationRepository } from '../store/access';
import { upsertCollaboration, deleteCollaboration } from '../store/collaborations';
import type { Database } from '../store/database';
import {
  findRepositoryById,
  linkRepositoryToAllRepositoryTeams,
  repositoryNameTaken,
  type RepositoryRow,
} from '../store/repositories';
import {
  deletePendingTransfer,
  findPendingTransfer,
  insertPendingTransfer,
  setRepositoryOwner,
  unlinkRepositoryTeams,
  type RepoTransferRow,
} from '../store/repositoryTransfers';
import { findTeamById, insertTeamRepo, type TeamRow } from '../store/teams';
import { findUserById, userType, type UserRow } from '../store/users';
import { clearIntent, writeIntent } from './intents';
import { assertNotBlockedBy, canSeeAccount, isSiteAdmin, repoAccess } from './permissions';

export interface TransferServices {
  readonly db: Database;
  readonly dataDir: string;
}

const isOrg = (account: UserRow): boolean => account.type === userType.organization;

/** Gitea's checks of TransferRepoOption: the new owner must be visible; teams only of that organization. */
export function transferTarget(
  db: Database,
  doer: UserRow,
  newOwner: UserRow | undefined,
  teamIds: readonly number[] | undefined,
): { owner: UserRow; teams: TeamRow[] } {
  if (!newOwner || !canSeeAccount(db, doer, newOwner)) {
    throw notFound('The new owner does not exist or cannot be found');
  }
  if (teamIds === undefined) return { owner: newOwner, teams: [] };
  if (!isOrg(newOwner)) throw invalid('Teams can only be added to organization-owned repositories');
  const teams = teamIds.map((id) => {
    const team = findTeamById(db, id);
    if (!team) throw invalid(`team ${id} not found`);
    if (team.org_id !== newOwner.id) throw forbidden(`team ${id} belongs not to org ${newOwner.id}`);
    return team;
  });
  return { owner: newOwner, teams };
}

function assertNameFree(db: Database, repo: RepositoryRow, owner: UserRow): void {
  if (repositoryNameTaken(db, owner.id, repo.name)) {
    throw invalid(`repository already exists [uname: ${owner.name}, name: ${repo.name}]`);
  }
}

/**
 * Gitea's TransferOwnership: the row moves to the new owner with its folder (managed repositories only; a
 * workspace repository is served in place), the new owner stops being a collaborator, the old
 * organization's team links go and the new one's all-repository teams (and the chosen teams) come.
 */
export function transferOwnership(
  services: TransferServices,
  repo: RepositoryRow,
  newOwner: UserRow,
  teams: readonly TeamRow[],
): RepositoryRow {
  const { db, dataDir } = services;
  assertNameFree(db, repo, newOwner);
  const from = repositoryGitDir(dataDir, repo);
  const to = repo.git_path === null ? managedGitDir(dataDir, newOwner.name, repo.name) : from;
  const moves = to !== from;
  const intent = moves ? writeIntent(dataDir, { kind: 'transfer', repoId: repo.id, from, to }) : undefined;
  let undoWikiMove = (): void => undefined;
  try {
    db.transaction(() => {
      setRepositoryOwner(db, repo.id, newOwner.id, newOwner.name);
      deleteCollaboration(db, repo.id, newOwner.id);
      unlinkRepositoryTeams(db, repo.id);
      if (isOrg(newOwner)) {
        linkRepositoryToAllRepositoryTeams(db, newOwner.id, repo.id);
        for (const team of teams) insertTeamRepo(db, team, repo.id);
      }
      deletePendingTransfer(db, repo.id);
      if (moves && existsSync(from)) {
        if (existsSync(to)) throw invalid(`repository files already exist [name: ${repo.name}]`);
        mkdirSync(path.dirname(to), { recursive: true });
        renameSync(from, to);
        crashPoint('transfer:after-folder-move');
      }
      const wikiFrom = managedWikiDir(dataDir, repo.owner_name, repo.name);
      undoWikiMove = moveWikiFolder(wikiFrom, managedWikiDir(dataDir, newOwner.name, repo.name));
    });
    crashPoint('transfer:after-commit');
  } catch (error) {
    undoWikiMove();
    if (moves && existsSync(to) && !existsSync(from)) renameSync(to, from);
    throw error;
  } finally {
    if (intent) clearIntent(intent);
  }
  return findRepositoryById(db, repo.id)!;
}

/**
 * Gitea's StartRepositoryTransfer: site admins, a transfer to oneself and one to an organization the doer
 * may create repositories in happen at once; otherwise the recipient gets read access and a pending
 * transfer to accept.
 */
export function startTransfer(
  services: TransferServices,
  doer: UserRow,
  repo: RepositoryRow,
  target: { owner: UserRow; teams: TeamRow[] },
): { repo: RepositoryRow; pending: boolean } {
  const { db } = services;
  const { owner, teams } = target;
  if (findPendingTransfer(db, repo.id)) {
    throw conflict(`repository is already being transferred [repo_id: ${repo.id}]`);
  }
  if (isSiteAdmin(doer) || doer.id === owner.id)
    return { repo: transferOwnership(services, repo, owner, teams), pending: false };
  // Gitea: only then may the recipient have blocked the doer
  assertNotBlockedBy(db, doer, [owner.id]);
  if (isOrg(owner) && mayCreateOrganizationRepository(db, owner.id, doer.id))
    return { repo: transferOwnership(services, repo, owner, teams), pending: false };
  assertNameFree(db, repo, owner);
  db.transaction(() => {
    if (repoAccess(db, owner, repo) === 'none') upsertCollaboration(db, repo.id, owner.id, 'read');
    insertPendingTransfer(db, {
      repo_id: repo.id,
      doer_id: doer.id,
      recipient_id: owner.id,
      team_ids: JSON.stringify(teams.map((t) => t.id)),
    });
  });
  return { repo, pending: true };
}

/**
 * Gitea's CanUserAcceptOrRejectTransfer: the recipient, or for an organization someone who may create its
 * repositories; site admins too.
 */
function mayAnswer(db: Database, user: UserRow, recipient: UserRow): boolean {
  if (isSiteAdmin(user) || user.id === recipient.id) return true;
  return isOrg(recipient) && mayCreateOrganizationRepository(db, recipient.id, user.id);
}

/** The pending transfer of a repository the user may answer: 404 when there is none, 403 when not theirs. */
export function pendingTransferFor(db: Database, repo: RepositoryRow, user: UserRow): RepoTransferRow {
  const transfer = findPendingTransfer(db, repo.id);
  if (!transfer) throw notFound(`repository doesn't have a pending transfer [repo_id: ${repo.id}]`);
  const recipient = findUserById(db, transfer.recipient_id);
  if (!recipient || !mayAnswer(db, user, recipient))
    throw forbidden('user does not have permissions to do this');
  return transfer;
}

export function acceptTransfer(
  services: TransferServices,
  repo: RepositoryRow,
  transfer: RepoTransferRow,
): RepositoryRow {
  const recipient = findUserById(services.db, transfer.recipient_id)!;
  const ids: unknown = JSON.parse(transfer.team_ids);
  const teams = (Array.isArray(ids) ? ids : []).flatMap((id) =>
    typeof id === 'number' ? (findTeamById(services.db, id) ?? []) : [],
  );
  return transferOwnership(services, repo, recipient, teams);
}

export function rejectTransfer(db: Database, repo: RepositoryRow): void {
  deletePendingTransfer(db, repo.id);
}
