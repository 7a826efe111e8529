import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { databaseFile } from '../config';
import { GitError, runGit } from '../git/run';
import { Database } from '../store/database';
import {
  acquireDataFolderLock,
  DataFolderHeld,
  dataFolderHolder,
  type DataFolderLock,
} from '../store/dataFolderLock';
import { appliedMigrations } from '../store/migrations';
import { CliError, exitCodes, type CliCommand } from './cliCommand';
import { extractEntries } from './dump/extract';
import { progressReporter } from './dump/progress';
import { optionCommand } from './optionCommand';
import { archivedRepositories, unknownSchemaVersions } from './dump/manifest';

export const restoreCommand: CliCommand = optionCommand({
  name: 'teahouse restore',
  summary: "restore a 'teahouse dump' archive into an empty data folder",
  description: `Restores an archive written by 'teahouse dump' into DIR, which must be empty or absent (a
folder with anything in it is refused: restore never overwrites). The manifest is checked first (an
archive from a newer Teahouse is refused), entries are extracted only below DIR (absolute paths, '..',
links and anything but files and folders are refused), the archive must be complete, and every restored
repository is checked with 'git fsck --connectivity-only'. On any failure what was extracted is removed.
Start the server on DIR afterwards; 'teahouse doctor --data DIR' compares refs and rows.`,
  options: {
    file: { type: 'string', value: 'FILE', required: true, description: 'the archive to read' },
    data: {
      type: 'string',
      value: 'DIR',
      required: true,
      description: 'the empty data folder to restore into',
    },
    quiet: { type: 'boolean', description: 'no progress lines' },
  },
  exitCodes:
    'Exit codes: 0 restored, 1 refused or failed (what was extracted is removed), 2 usage error,\n' +
    '3 the folder is held by a running server.\n' +
    'Refused: a folder not empty; an archive damaged, incomplete, tampered with or from a newer Teahouse;\n' +
    'a restored repository failing git fsck.',
  run: async ({ file, data, quiet }) => {
    const archive = path.resolve(file);
    const dataDir = path.resolve(data);
    if (!existsSync(archive) || !statSync(archive).isFile()) throw new CliError(`no archive at ${archive}`);
    const held = existsSync(dataDir) ? dataFolderHolder(dataDir) : undefined;
    if (held) throw new CliError(`${held.message}; restore only writes into an empty folder`, exitCodes.held);
    const created = prepareTarget(dataDir);
    // no server may start on the folder while it is being filled
    let lock: DataFolderLock;
    try {
      lock = acquireDataFolderLock(dataDir, 'restore');
    } catch (error) {
      if (error instanceof DataFolderHeld) throw new CliError(error.message, exitCodes.held);
      throw error;
    }
    const progress = progressReporter(quiet, 'restore');
    try {
      const manifest = await extractEntries(
        createReadStream(archive).pipe(createGunzip()),
        dataDir,
        progress,
      );
      checkDatabase(dataDir);
      let index = 0;
      const restoredRepositories = archivedRepositories(manifest);
      for (const repo of restoredRepositories) {
        index++;
        const gitDir = path.join(dataDir, ...repo.path.split('/'));
        if (!existsSync(gitDir)) continue; // gone during the dump: the archive's end.json says so
        try {
          await runGit(['fsck', '--connectivity-only', '--no-progress', '--no-dangling'], {
            gitDir,
            timeoutMs: 60 * 60_000,
          });
        } catch (error) {
          const detail = error instanceof GitError ? error.stderr.trim().split('\n')[0] : String(error);
          throw new CliError(`the restored repository ${repo.owner}/${repo.name} fails git fsck: ${detail}`);
        }
        const wiki = repo.path.endsWith('.wiki.git') ? '.wiki' : '';
        progress(`checked ${index}/${restoredRepositories.length} ${repo.owner}/${repo.name}${wiki}`);
      }
      for (const skipped of manifest.skippedWorkspaceRepositories) {
        progress(
          `warning: ${skipped.owner}/${skipped.name} is a workspace repository hosted at ${skipped.gitPath}; ` +
            'it was not in the archive, and the server finds it there (or marks it missing)',
        );
      }
      progress(`restored ${archive} into ${dataDir} in ${progress.elapsed()}`);
      lock.release();
      return exitCodes.ok;
    } catch (error) {
      lock.release();
      if (created) rmSync(dataDir, { recursive: true, force: true });
      else
        for (const name of readdirSync(dataDir))
          rmSync(path.join(dataDir, name), { recursive: true, force: true });
      throw error;
    }
  },
});

/** Refuses a target with anything in it; creates an absent one. True when it was created. */
function prepareTarget(dataDir: string): boolean {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true });
    return true;
  }
  if (!statSync(dataDir).isDirectory()) throw new CliError(`${dataDir} is not a folder`);
  const present = readdirSync(dataDir);
  if (present.length > 0) {
    throw new CliError(
      `${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}); ` +
        'restore only writes into an empty or absent folder. Nothing was changed.',
    );
  }
  return false;
}

/** The restored database itself, whatever the manifest said: its schema must be one this release knows. */
function checkDatabase(dataDir: string): void {
  const db = new Database(databaseFile(dataDir));
  try {
    const unknown = unknownSchemaVersions(appliedMigrations(db));
    if (unknown.length > 0)
      throw new CliError(
        `the archive's database has schema versions ${unknown.join(', ')} this Teahouse does not know`,
      );
    const check = db.get<{ integrity_check: string }>('PRAGMA integrity_check');
    if (check?.integrity_check !== 'ok')
      throw new CliError(`the archive's database fails SQLite's integrity_check: ${check?.integrity_check}`);
  } finally {
    db.close();
  }
}
