import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { managedWikiDir, repositoryGitDir, stagingDir } from '../git/paths';
import { attachmentUuidsOfRepository } from '../store/attachments';
import type { Database } from '../store/database';
import { deleteRepositoryRow, type RepositoryRow } from '../store/repositories';
import { crashPoint } from '../domain/crashPoints';
import { removeAttachmentFiles } from './attachments';
import { clearIntent, writeIntent } from './intents';

/**
 * Deletes a repository: its row (stars, watches, collaborations, team links and deploy keys cascade with
 * it), the parent's fork counter, and its git data. The folder is moved aside inside the transaction, so
 * a failure keeps both; it is removed once the row is gone. A workspace repository hosted in place keeps
 * its folder: it belongs to the user, not to the server. Release attachment files go after the rows.
 * A write-ahead note lets the next start finish a delete a crash cut off (services/recovery.ts).
 */
export function deleteRepository(services: { db: Database; dataDir: string }, repo: RepositoryRow): void {
  const { db, dataDir } = services;
  const gitDir = repositoryGitDir(dataDir, repo);
  const trash = path.join(stagingDir(dataDir), `${randomUUID()}.deleted`);
  let moved = false;
  // The wiki goes with the repository (Gitea's DeleteRepository removes `{name}.wiki.git` too).
  const wikiDir = managedWikiDir(dataDir, repo.owner_name, repo.name);
  const wikiTrash = path.join(stagingDir(dataDir), `${randomUUID()}.wiki.deleted`);
  let wikiMoved = false;
  const attachments = attachmentUuidsOfRepository(db, repo.id);
  const intent = writeIntent(dataDir, { kind: 'delete', repoId: repo.id, gitDir, trash, attachments });
  try {
    db.transaction(() => {
      deleteRepositoryRow(db, repo.id);
      if (repo.is_fork && repo.fork_id !== null) {
        db.run('UPDATE repository SET num_forks = max(num_forks - 1, 0) WHERE id = ?', repo.fork_id);
      }
      if (repo.git_path === null && existsSync(gitDir)) {
        mkdirSync(path.dirname(trash), { recursive: true });
        renameSync(gitDir, trash);
        moved = true;
        crashPoint('delete:after-folder-move');
      }
      if (existsSync(wikiDir)) {
        mkdirSync(path.dirname(wikiTrash), { recursive: true });
        renameSync(wikiDir, wikiTrash);
        wikiMoved = true;
      }
    });
  } catch (error) {
    // The row is still there (the transaction rolled back): put its folder back too.
    if (moved) renameSync(trash, gitDir);
    if (wikiMoved) renameSync(wikiTrash, wikiDir);
    clearIntent(intent);
    throw error;
  }
  crashPoint('delete:after-commit');
  if (moved) rmSync(trash, { recursive: true, force: true });
  if (wikiMoved) rmSync(wikiTrash, { recursive: true, force: true });
  crashPoint('delete:after-folder-removed');
  removeAttachmentFiles(dataDir, attachments);
  clearIntent(intent);
}
