import {
  type Stats,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { databaseFile } from '../config';
import { existingManagedGitDir } from '../git/paths';
import { Database } from '../store/database';
import { appliedMigrations, UnknownMigrationsError } from '../store/migrations';
import { migrations } from '../store/migrations';
import { teahouseVersion } from '../version';
import { CliError, exitCodes, type CliCommand } from './cliCommand';
import {
  avatarEntry,
  databaseEntry,
  endEntry,
  manifestEntry,
  unknownSchemaVersions,
  type DumpEnd,
  type DumpManifest,
} from './dump/manifest';
import { progressReporter, sizeOf } from './dump/progress';
import { archiveRepository } from './dump/repositorySnapshot';
import { archiveWikis, wikisOf } from './dump/wikiSnapshot';
import { TarWriter } from './dump/tarWriter';
import { openDataFolder } from './openDataFolder';
import { optionCommand } from './optionCommand';

/** Tables whose row counts the manifest records. */
const countedTables = [
  'user',
  'repository',
  'issue',
  'pull_request',
  'comment',
  'label',
  'milestone',
  'release',
  'attachment',
  'hook_delivery',
];

export const dumpCommand: CliCommand = optionCommand({
  name: 'teahouse dump',
  summary: 'write a consistent backup of a data folder into one archive (also while the server runs)',
  description: `Writes the data folder into one gzipped tar: a snapshot of the database taken at one moment
(SQLite's VACUUM INTO, so writes of a running server go on), then every repository, then the release
assets. Each repository is copied as it is when it is reached: its refs are read, then one pack of every
object they reach is made, so the copy is a valid repository while pushes go on. Its refs may therefore be
newer than the database rows by at most the time the dump takes; run 'teahouse doctor' after a restore to
see any difference. Workspace repositories hosted in place (outside the data folder) are not archived: the
manifest lists them and a warning names each. The archive is written next to FILE and renamed into place
when complete. Progress lines go to stderr.`,
  options: {
    data: { type: 'string', value: 'DIR', default: '.teahouse', description: 'the data folder' },
    file: { type: 'string', value: 'FILE', required: true, description: 'the archive to write (.tar.gz)' },
    quiet: { type: 'boolean', description: 'no progress lines' },
    json: { type: 'boolean', description: 'print the manifest and the summary as JSON on stdout' },
  },
  run: async ({ data, file, quiet, json }) => {
    const dataDir = path.resolve(data);
    if (!existsSync(databaseFile(dataDir)))
      throw new CliError(`no Teahouse data folder at ${dataDir} (no teahouse.db)`);
    const target = path.resolve(file);
    if (existsSync(target) && statSync(target).isDirectory())
      throw new CliError(`${target} is a folder; --file names the archive to write`);
    if (!existsSync(path.dirname(target)))
      throw new CliError(`the folder of ${target} does not exist; create it first`);
    const progress = progressReporter(quiet);
    const workDir = mkdtempSync(path.join(path.dirname(target), '.teahouse-dump-'));
    const partial = path.join(workDir, 'archive.tar.gz');
    try {
      const result = await writeDump(dataDir, partial, workDir, progress);
      renameSync(partial, target);
      const bytes = statSync(target).size;
      progress(`wrote ${target}: ${sizeOf(bytes)} in ${progress.elapsed()}`);
      if (json) process.stdout.write(`${JSON.stringify({ file: target, bytes, ...result }, null, 2)}\n`);
      return exitCodes.ok;
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  },
});

async function writeDump(
  dataDir: string,
  archive: string,
  workDir: string,
  progress: ReturnType<typeof progressReporter>,
): Promise<{ manifest: DumpManifest; end: DumpEnd }> {
  const snapshot = path.join(workDir, databaseEntry);
  const manifest = snapshotDatabase(dataDir, snapshot);
  progress(
    `database snapshot: ${sizeOf(statSync(snapshot).size)}, ${manifest.repositories.length} repositories, ` +
      `${manifest.counts['issue']} issues and pull requests, ${manifest.attachments.length} release assets`,
  );
  for (const skipped of manifest.skippedWorkspaceRepositories) {
    progress(
      `warning: ${skipped.owner}/${skipped.name} is a workspace repository hosted in place at ${skipped.gitPath}; ` +
        'its row is kept but its git folder is not in the archive (back the workspace up itself)',
    );
  }
  const stream = new PassThrough();
  const written = pipeline(stream, createGzip(), createWriteStream(archive, { flags: 'wx' }));
  const tar = new TarWriter(stream);
  const missingRepositories: string[] = [];
  const missingAttachments: string[] = [];
  try {
    await tar.buffer(manifestEntry, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.file(databaseEntry, snapshot, statSync(snapshot).size);
    rmSync(snapshot);
    await tar.directory('repositories');
    await tar.directory('attachments');
    let index = 0;
    for (const repo of manifest.repositories) {
      index++;
      const gitDir = existingManagedGitDir(dataDir, repo.owner, repo.name);
      const name = `${repo.owner}/${repo.name}`;
      if (!gitDir) {
        missingRepositories.push(name);
        progress(
          `warning: ${name}: its git folder is gone (deleted or renamed during the dump); not archived`,
        );
        continue;
      }
      const packDir = mkdtempSync(path.join(workDir, 'pack-'));
      await tar.directory(path.posix.dirname(repo.path));
      const result = await archiveRepository(tar, gitDir, repo.path, packDir).catch((error: unknown) => {
        throw new CliError(
          `${name} changed under the dump (deleted or renamed while it was copied?): ` +
            `${error instanceof Error ? error.message : String(error)}. Run the dump again.`,
        );
      });
      rmSync(packDir, { recursive: true, force: true });
      progress(
        `repository ${index}/${manifest.repositories.length} ${name}: ${result.refs} refs, ${sizeOf(result.packBytes)}`,
      );
    }
    index = 0;
    for (const uuid of manifest.attachments) {
      index++;
      const source = path.join(dataDir, 'attachments', uuid);
      const stat = lstatOrUndefined(source);
      if (!stat?.isFile()) {
        missingAttachments.push(uuid);
        progress(
          `warning: release asset ${uuid} is gone (its release deleted during the dump); not archived`,
        );
        continue;
      }
      await tar.file(`attachments/${uuid}`, source, stat.size);
      if (index % 100 === 0 || index === manifest.attachments.length)
        progress(`release assets ${index}/${manifest.attachments.length}`);
    }
    missingRepositories.push(...(await archiveWikis(tar, dataDir, manifest.wikis ?? [], workDir, progress)));
    const missingAvatars = await archiveAvatars(tar, dataDir, manifest.avatars ?? [], progress);
    const end: DumpEnd = {
      finished: new Date().toISOString(),
      missingRepositories,
      missingAttachments,
      missingAvatars,
    };
    await tar.buffer(endEntry, Buffer.from(JSON.stringify(end, null, 2)));
    await tar.finish();
    stream.end();
    await written;
    return { manifest, end };
  } catch (error) {
    stream.destroy();
    await written.catch(() => undefined);
    throw error;
  }
}

/** VACUUM INTO: one read transaction, so the copy is the database at one moment whatever the server writes. */
function snapshotDatabase(dataDir: string, snapshot: string): DumpManifest {
  const live = new Database(databaseFile(dataDir));
  try {
    openDataFolder(dataDir, () => {
      const unknown = unknownSchemaVersions(appliedMigrations(live));
      if (unknown.length > 0)
        throw new UnknownMigrationsError(unknown, Math.max(...migrations.map((m) => m.version)));
    });
    live.run('VACUUM INTO ?', snapshot);
  } finally {
    live.close();
  }
  const created = new Date().toISOString();
  const db = new Database(snapshot);
  try {
    const counts: Record<string, number> = {};
    for (const table of countedTables) {
      counts[table] = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`)?.n ?? 0;
    }
    const repositories = db.all<{ owner_name: string; name: string; git_path: string | null }>(
      'SELECT owner_name, name, git_path FROM repository ORDER BY id',
    );
    return {
      format: 'teahouse-dump',
      formatVersion: 1,
      teahouseVersion,
      schemaVersions: appliedMigrations(db),
      created,
      counts,
      repositories: repositories
        .filter((r) => r.git_path === null)
        .map((r) => ({
          owner: r.owner_name,
          name: r.name,
          path: `repositories/${r.owner_name.toLowerCase()}/${r.name.toLowerCase()}.git`,
        })),
      wikis: wikisOf(dataDir, repositories),
      skippedWorkspaceRepositories: repositories
        .filter((r) => r.git_path !== null)
        .map((r) => ({ owner: r.owner_name, name: r.name, gitPath: r.git_path! })),
      attachments: db.all<{ uuid: string }>('SELECT uuid FROM attachment ORDER BY id').map((r) => r.uuid),
      avatars: db
        .all<{ entry: string }>(
          `SELECT DISTINCT 'avatars/' || custom_avatar AS entry FROM user WHERE custom_avatar != ''
           UNION SELECT DISTINCT 'repo-avatars/' || avatar FROM repository WHERE avatar != '' ORDER BY entry`,
        )
        .map((r) => r.entry)
        // a hash is all a stored name can be; anything else was never written by the server
        .filter((entry) => avatarEntry.test(entry)),
    };
  } finally {
    db.close();
  }
}

/** Archives the uploaded avatars; answers those whose file was gone (replaced or deleted meanwhile). */
async function archiveAvatars(
  tar: TarWriter,
  dataDir: string,
  avatars: readonly string[],
  progress: (line: string) => void,
): Promise<string[]> {
  const missing: string[] = [];
  if (avatars.length === 0) return missing;
  await tar.directory('avatars');
  await tar.directory('repo-avatars');
  for (const entry of avatars) {
    const source = path.join(dataDir, ...entry.split('/'));
    const stat = lstatOrUndefined(source);
    if (!stat?.isFile()) {
      missing.push(entry);
      progress(`warning: avatar ${entry} is gone (replaced during the dump); not archived`);
      continue;
    }
    await tar.file(entry, source, stat.size);
  }
  progress(`avatars ${avatars.length - missing.length}/${avatars.length}`);
  return missing;
}

function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}
