import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isAncestor } from '../git/merge';
import { repositoryGitDir, stagingDir } from '../git/paths';
import { diffRefs, snapshotRefs } from '../git/receive';
import { findIssueById } from '../store/issues';
import { findPullById } from '../store/pullRequests';
import { findRepositoryById } from '../store/repositories';
import { findUserById } from '../store/users';
import type { AppServices } from './appServices';
import { removeAttachmentFiles } from './attachments';
import { clearIntent, leftIntents, type Intent } from './intents';
import { recordMerge } from './merge';
import { branchTip } from './pullRequestsState';
import { emitPullRequestEvent } from './pullRequestsEvents';
import { recordSafely } from './refChanges';

/**
 * At start, before the first request: every operation a crash cut off (its write-ahead note still in
 * `<data>/intents/`) is finished or undone so that git and the database agree again, then what is left in
 * the staging folder (repositories being created, folders being deleted) is removed.
 * Answers one line per repair, which the server logs.
 */
export async function recoverInterruptedWork(app: AppServices): Promise<string[]> {
  const done: string[] = [];
  for (const written of leftIntents(app.dataDir)) {
    try {
      const line = await recover(app, written.intent);
      if (line) done.push(line);
      clearIntent(written);
    } catch (error) {
      app.log.error(`finishing an interrupted ${written.intent.kind} failed (${written.file})`, error);
    }
  }
  const staging = stagingDir(app.dataDir);
  if (existsSync(staging)) {
    for (const entry of readdirSync(staging)) {
      rmSync(path.join(staging, entry), { recursive: true, force: true });
      done.push(`removed ${entry}, left in the staging folder`);
    }
  }
  return done;
}

function recover(app: AppServices, intent: Intent): Promise<string | undefined> | string | undefined {
  switch (intent.kind) {
    case 'refs':
      return recordMovedRefs(app, intent);
    case 'merge':
      return finishMerge(app, intent);
    case 'transfer':
      return placeTransferredFolder(app, intent);
    case 'delete':
      return finishDelete(app, intent);
  }
}

/** References moved and the change was never recorded: the repository row and the push events follow now. */
async function recordMovedRefs(
  app: AppServices,
  intent: Extract<Intent, { kind: 'refs' }>,
): Promise<string | undefined> {
  const repo = findRepositoryById(app.db, intent.repoId);
  const pusher = findUserById(app.db, intent.pusherId);
  if (!repo || !pusher) return undefined;
  const gitDir = repositoryGitDir(app.dataDir, repo);
  if (!existsSync(gitDir)) return undefined;
  const before = new Map(intent.before);
  const after = await snapshotRefs(gitDir);
  const updates = diffRefs(before, after);
  if (updates.length === 0) return undefined;
  await recordSafely(app, { repo, pusher, gitDir, before, after, updates });
  return `recorded ${updates.length} reference change(s) of ${repo.owner_name}/${repo.name} a crash left unrecorded`;
}

/** The base branch moved to the merge commit but the pull request was not marked merged: it is now. */
async function finishMerge(
  app: AppServices,
  intent: Extract<Intent, { kind: 'merge' }>,
): Promise<string | undefined> {
  const pull = findPullById(app.db, intent.pullId);
  if (!pull || pull.has_merged) return undefined;
  const baseRepo = findRepositoryById(app.db, pull.base_repo_id);
  const doer = findUserById(app.db, intent.doerId);
  const issue = findIssueById(app.db, pull.issue_id);
  if (!baseRepo || !doer || !issue) return undefined;
  const gitDir = repositoryGitDir(app.dataDir, baseRepo);
  const tip = existsSync(gitDir) ? await branchTip(app, baseRepo, pull.base_branch) : undefined;
  if (!tip || !(await isAncestor(gitDir, intent.commit, tip).catch(() => false))) return undefined;
  recordMerge(app, pull, { commit: intent.commit, head: intent.head, mergerId: doer.id });
  emitPullRequestEvent({ ...app, doer }, baseRepo, issue, 'pull_request', 'closed');
  return `marked ${baseRepo.owner_name}/${baseRepo.name}#${issue.number} merged: its base branch contains ${intent.commit}`;
}

/** The folder goes where the row says: a transfer whose transaction did not commit moves it back. */
function placeTransferredFolder(
  app: AppServices,
  intent: Extract<Intent, { kind: 'transfer' }>,
): string | undefined {
  const repo = findRepositoryById(app.db, intent.repoId);
  if (!repo) return undefined;
  const expected = repositoryGitDir(app.dataDir, repo);
  if (existsSync(expected)) return undefined;
  const other = expected === intent.to ? intent.from : intent.to;
  if (!existsSync(other)) return undefined;
  mkdirSync(path.dirname(expected), { recursive: true });
  renameSync(other, expected);
  return `moved ${other} back to ${expected}, where ${repo.owner_name}/${repo.name}'s row says it is`;
}

/** A delete whose row is still there gets its folder back; one whose row is gone loses its folder and files. */
function finishDelete(app: AppServices, intent: Extract<Intent, { kind: 'delete' }>): string | undefined {
  if (findRepositoryById(app.db, intent.repoId)) {
    if (existsSync(intent.gitDir) || !existsSync(intent.trash)) return undefined;
    renameSync(intent.trash, intent.gitDir);
    return `put ${intent.gitDir} back: its repository was not deleted`;
  }
  rmSync(intent.trash, { recursive: true, force: true });
  removeAttachmentFiles(app.dataDir, intent.attachments);
  return `finished deleting repository ${intent.repoId}: its folder and ${intent.attachments.length} attachment file(s) removed`;
}
