import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError } from '../cliCommand';
import {
  archivedRepositories,
  databaseEntry,
  endEntry,
  manifestEntry,
  parseManifest,
  type DumpEnd,
  type DumpManifest,
} from './manifest';
import { TarFormatError, tarEntries, type TarEntry } from './tarReader';

/** The largest manifest or end entry read into memory. */
const maxJsonBytes = 64 * 1024 * 1024;

/**
 * Extracts a dump below `dataDir` (empty), checking as it goes: the manifest comes first and must be one
 * this release reads; every other entry must be one the manifest announces, at a plain relative path (no
 * `..`, nothing absolute), a file or a folder; the end entry must come last. Answers the manifest.
 */
export async function extractEntries(
  gzipped: Readable,
  dataDir: string,
  progress: (line: string) => void,
): Promise<DumpManifest> {
  let manifest: DumpManifest | undefined;
  let announced: ReturnType<typeof announcer> | undefined;
  let end: DumpEnd | undefined;
  let hasDatabase = false;
  const repositoriesSeen = new Set<string>();
  const attachmentsSeen = new Set<string>();
  const avatarsSeen = new Set<string>();
  try {
    for await (const entry of tarEntries(gzipped)) {
      const parts = safeParts(entry.path);
      const name = parts.join('/');
      if (end) throw new CliError(`the archive has "${name}" after its end entry`);
      if (!manifest) {
        if (name !== manifestEntry || entry.type !== 'file')
          throw new CliError(`the archive does not start with ${manifestEntry}; it is not a Teahouse dump`);
        manifest = parseManifest(await readJson(entry));
        progress(
          `archive of Teahouse ${manifest.teahouseVersion} made ${manifest.created}: ` +
            `${manifest.repositories.length} repositories, ${manifest.attachments.length} release assets`,
        );
        continue;
      }
      if (name === endEntry) {
        end = JSON.parse(await readJson(entry)) as DumpEnd;
        continue;
      }
      announced ??= announcer(manifest);
      const known = announced(parts, entry.type);
      if (!known) throw new CliError(`the archive holds "${name}", which its manifest does not announce`);
      const target = path.join(dataDir, ...parts);
      if (path.relative(dataDir, target).startsWith('..')) throw new CliError(`unsafe path "${name}"`);
      if (entry.type === 'directory') {
        mkdirSync(target, { recursive: true });
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(entry.body, createWriteStream(target, { flags: 'wx', mode: entry.mode & 0o755 }));
      if (known.kind === 'database') {
        hasDatabase = true;
        progress('database restored');
      } else if (known.kind === 'attachment') attachmentsSeen.add(known.uuid);
      else if (known.kind === 'avatar') avatarsSeen.add(name);
      else if (known.kind === 'repository' && !repositoriesSeen.has(known.path)) {
        repositoriesSeen.add(known.path);
        if (repositoriesSeen.size % 10 === 0) progress(`repositories ${repositoriesSeen.size}`);
      }
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw new CliError(`the archive is damaged: ${error.message}`);
    if (
      (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' ||
      (error as Error).message?.includes('unexpected end')
    )
      throw new CliError(`the archive is damaged or truncated: ${(error as Error).message}`);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new CliError(`the archive holds the same file twice: ${(error as Error).message}`);
    throw error;
  }
  if (!manifest) throw new CliError('the archive is empty');
  if (!end)
    throw new CliError(`the archive has no ${endEntry}: it is incomplete (a dump that did not finish?)`);
  if (!hasDatabase) throw new CliError(`the archive has no ${databaseEntry}`);
  const missingRepos = [
    ...manifest.repositories.filter(
      (r) => !repositoriesSeen.has(r.path) && !end.missingRepositories.includes(`${r.owner}/${r.name}`),
    ),
    ...(manifest.wikis ?? []).filter(
      (r) => !repositoriesSeen.has(r.path) && !end.missingRepositories.includes(`${r.owner}/${r.name}.wiki`),
    ),
  ];
  const missingAssets = manifest.attachments.filter(
    (uuid) => !attachmentsSeen.has(uuid) && !end.missingAttachments.includes(uuid),
  );
  const missingAvatars = (manifest.avatars ?? []).filter(
    (entry) => !avatarsSeen.has(entry) && !(end.missingAvatars ?? []).includes(entry),
  );
  if (missingRepos.length > 0 || missingAssets.length > 0 || missingAvatars.length > 0) {
    throw new CliError(
      `the archive lacks what its manifest lists: ${[...missingRepos.map((r) => r.path), ...missingAssets.map((u) => `attachments/${u}`), ...missingAvatars].slice(0, 5).join(', ')}`,
    );
  }
  for (const gone of [...end.missingRepositories, ...end.missingAttachments, ...(end.missingAvatars ?? [])]) {
    progress(`warning: ${gone} was deleted while the archive was written and is not in it`);
  }
  return manifest;
}

/** The entry's path as plain segments, or a refusal: absolute, `..`, `.`, backslashes, empty segments. */
function safeParts(name: string): string[] {
  const trimmed = name.endsWith('/') ? name.slice(0, -1) : name;
  const parts = trimmed.split('/');
  if (
    trimmed === '' ||
    /^[a-zA-Z]:/.test(trimmed) ||
    trimmed.includes('\\') ||
    trimmed.includes('\u0000') ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new CliError(
      `the archive holds an entry with an unsafe path ("${name}"); nothing of it is restored`,
    );
  }
  return parts;
}

type Announced =
  | { readonly kind: 'database' | 'folder' }
  | { readonly kind: 'attachment'; readonly uuid: string }
  | { readonly kind: 'avatar' }
  | { readonly kind: 'repository'; readonly path: string };

/** What the manifest says an entry is (a folder on the way, the database, an asset, inside a repository). */
function announcer(
  manifest: DumpManifest,
): (parts: readonly string[], type: TarEntry['type']) => Announced | undefined {
  const repositories = new Set(archivedRepositories(manifest).map((r) => r.path));
  const owners = new Set(archivedRepositories(manifest).map((r) => r.path.split('/')[1]));
  const attachments = new Set(manifest.attachments);
  const avatars = new Set(manifest.avatars ?? []);
  return (parts, type) => {
    const [top, second] = parts;
    if (parts.length === 1 && top === databaseEntry && type === 'file') return { kind: 'database' };
    if (parts.length === 1 && (top === 'avatars' || top === 'repo-avatars') && type === 'directory')
      return { kind: 'folder' };
    if (parts.length === 2 && type === 'file' && avatars.has(parts.join('/'))) return { kind: 'avatar' };
    if (parts.length === 1 && (top === 'repositories' || top === 'attachments') && type === 'directory')
      return { kind: 'folder' };
    if (top === 'attachments' && parts.length === 2 && type === 'file' && attachments.has(second!))
      return { kind: 'attachment', uuid: second! };
    if (top !== 'repositories') return undefined;
    if (parts.length === 2 && type === 'directory' && owners.has(second)) return { kind: 'folder' };
    const repo = parts.slice(0, 3).join('/');
    if (!repositories.has(repo)) return undefined;
    if (parts.length === 3) return type === 'directory' ? { kind: 'folder' } : undefined;
    return { kind: 'repository', path: repo };
  };
}

async function readJson(entry: TarEntry): Promise<string> {
  if (entry.size > maxJsonBytes) throw new CliError(`${entry.path} in the archive is too large`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
