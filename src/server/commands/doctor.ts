import { existsSync } from 'node:fs';
import path from 'node:path';
import { databaseFile } from '../config';
import { Database } from '../store/database';
import {
  acquireDataFolderLock,
  DataFolderHeld,
  dataFolderHolder,
  type DataFolderLock,
} from '../store/dataFolderLock';
import { migrate } from '../store/migrations';
import { CliError, exitCodes, type CliCommand } from './cliCommand';
import { databaseChecks } from './doctor/databaseChecks';
import type { Finding } from './doctor/finding';
import { interruptedChecks } from './doctor/interruptedChecks';
import { repositoryChecks } from './doctor/repositoryChecks';
import { openDataFolder } from './openDataFolder';
import { optionCommand } from './optionCommand';

export const doctorCommand: CliCommand = optionCommand({
  name: 'teahouse doctor',
  summary: 'check that the database and the repositories agree (and repair with --fix)',
  description: `Checks a data folder: SQLite's integrity_check and foreign keys, git fsck of every repository,
refs against rows (pull request head refs, merged pull requests' merge commits, default branches, branch
protections), rows whose parent is gone, folders no repository owns, every counter recounted, and
operations a crash cut off (the server finishes or undoes those when it starts).
With --fix it repairs what can be repaired (counters, missing pull request head refs, orphan rows) and
says what it changed; it takes the folder's lock for that, so it refuses while a server holds the folder.
Without --fix it runs beside a server (what the server has in flight is then a note, not a problem).`,
  options: {
    data: { type: 'string', value: 'DIR', default: '.teahouse', description: 'the data folder' },
    fix: { type: 'boolean', description: 'repair what can be repaired, and say what changed' },
  },
  exitCodes:
    'Exit codes: 0 healthy (or, with --fix, everything found repaired), 1 problems remain, 2 usage error,\n' +
    '3 (with --fix) the data folder is held by a running server.',
  run: async ({ data, fix }) => {
    const dataDir = path.resolve(data);
    if (!existsSync(databaseFile(dataDir)))
      throw new CliError(`no Teahouse data folder at ${dataDir} (no teahouse.db)`);
    const lock = fix ? lockForRepair(dataDir) : undefined;
    const holder = fix ? undefined : dataFolderHolder(dataDir);
    const db = new Database(databaseFile(dataDir));
    try {
      openDataFolder(dataDir, () => migrate(db));
      const findings = [
        ...interruptedChecks(dataDir, holder && runningServerName(holder)),
        ...databaseChecks(db),
        ...(await repositoryChecks(db, dataDir)),
      ];
      return await report(findings, fix);
    } finally {
      db.close();
      lock?.release();
    }
  },
});

function lockForRepair(dataDir: string): DataFolderLock {
  try {
    return acquireDataFolderLock(dataDir, 'doctor --fix');
  } catch (error) {
    if (!(error instanceof DataFolderHeld)) throw error;
    throw new CliError(
      `${error.message}; stop it before 'doctor --fix' (without --fix, doctor runs beside it)`,
      exitCodes.held,
    );
  }
}

function runningServerName(held: DataFolderHeld): string {
  return held.holder ? `the server with pid ${held.holder.pid}` : 'the process holding the folder';
}

async function report(findings: readonly Finding[], fix: boolean): Promise<number> {
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  let remaining = 0;
  let repaired = 0;
  for (const finding of findings) {
    const line = `${finding.subject}: ${finding.message}`;
    if (finding.kind === 'note') {
      out(`note: ${line}`);
      continue;
    }
    if (fix && finding.repair) {
      out(`fixed: ${line}: ${await finding.repair()}`);
      repaired++;
      continue;
    }
    out(`problem: ${line}${finding.repair ? ' [--fix repairs it]' : ''}`);
    remaining++;
  }
  const problems = findings.filter((f) => f.kind === 'problem').length;
  if (problems === 0) out('No problems found.');
  else if (remaining === 0) out(`Repaired all ${repaired} problem${repaired === 1 ? '' : 's'}.`);
  else {
    const repairable = findings.filter((f) => f.kind === 'problem' && f.repair).length;
    out(
      fix
        ? `Repaired ${repaired}; ${remaining} problem${remaining === 1 ? '' : 's'} need${remaining === 1 ? 's' : ''} a person.`
        : `${problems} problem${problems === 1 ? '' : 's'} found` +
            (repairable > 0 ? `; --fix repairs ${repairable} of them.` : '.'),
    );
  }
  return remaining === 0 ? exitCodes.ok : exitCodes.failed;
}
