import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runGit } from '../../git/run';
import type { TarWriter } from './tarWriter';

/** What a dump says of one repository it archived. */
export interface RepositorySnapshot {
  readonly refs: number;
  readonly packBytes: number;
}

/** Left out of the copy of a repository's files: objects and refs come from the snapshot, the rest is transient. */
const notCopied = new Set(['objects', 'refs', 'packed-refs', 'logs', 'FETCH_HEAD', 'ORIG_HEAD', 'shallow']);

/**
 * Archives the bare repository `gitDir` under `archiveDir` as it is at one moment, while pushes may go on:
 * its refs are read first, then one pack of every object they reach is made (git only ever adds objects
 * a ref can reach, so whatever the refs name is there), and the refs are written as `packed-refs`. The
 * copy is a valid repository whose refs all point to objects it holds; unreachable objects are left out.
 * Its other files (config, HEAD, description, hooks, info) are copied as they are.
 */
export async function archiveRepository(
  tar: TarWriter,
  gitDir: string,
  archiveDir: string,
  workDir: string,
): Promise<RepositorySnapshot> {
  const { lines, tips } = await readRefs(gitDir);
  for (const dir of ['objects', 'objects/info', 'objects/pack', 'refs', 'refs/heads', 'refs/tags']) {
    await tar.directory(`${archiveDir}/${dir}`);
  }
  await copyOtherFiles(tar, gitDir, archiveDir, '');
  let packBytes = 0;
  if (tips.length > 0) {
    const base = path.join(workDir, 'pack');
    const { stdout } = await runGit(['pack-objects', '--revs', '--quiet', '--delta-base-offset', base], {
      gitDir,
      input: `${tips.join('\n')}\n`,
      timeoutMs: 60 * 60_000,
    });
    const name = `pack-${stdout.trim()}`;
    for (const ext of ['.pack', '.idx']) {
      const file = `${base}-${stdout.trim()}${ext}`;
      const size = lstatSync(file).size;
      if (ext === '.pack') packBytes = size;
      await tar.file(`${archiveDir}/objects/pack/${name}${ext}`, file, size, 0o444);
    }
  }
  const packed = ['# pack-refs with: peeled fully-peeled sorted', ...lines];
  await tar.buffer(`${archiveDir}/packed-refs`, Buffer.from(`${packed.join('\n')}\n`));
  return { refs: lines.filter((line) => !line.startsWith('^')).length, packBytes };
}

/**
 * Every ref as a `packed-refs` line (an annotated tag followed by the `^<commit>` line git writes after it),
 * and the objects the pack must reach from (the refs, and a detached HEAD's commit).
 */
async function readRefs(gitDir: string): Promise<{ lines: string[]; tips: string[] }> {
  const { stdout } = await runGit(['for-each-ref', '--format=%(objectname) %(refname) %(*objectname)'], {
    gitDir,
  });
  const lines: string[] = [];
  const tips = new Set<string>();
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    const [id, name, peeled] = line.split(' ');
    lines.push(`${id} ${name}`);
    tips.add(id!);
    if (peeled) lines.push(`^${peeled}`);
  }
  const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
  if (/^[0-9a-f]{40,64}$/.test(head)) tips.add(head);
  return { lines, tips: [...tips] };
}

async function copyOtherFiles(
  tar: TarWriter,
  gitDir: string,
  archiveDir: string,
  relative: string,
): Promise<void> {
  for (const entry of readdirSync(path.join(gitDir, relative), { withFileTypes: true })) {
    const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if ((relative === '' && notCopied.has(entry.name)) || entry.name.endsWith('.lock')) continue;
    const full = path.join(gitDir, rel);
    if (entry.isDirectory()) {
      await tar.directory(`${archiveDir}/${rel}`);
      await copyOtherFiles(tar, gitDir, archiveDir, rel);
    } else if (entry.isFile()) {
      // Small files, read whole: one that is rewritten meanwhile is archived as one version or the other.
      await tar.buffer(`${archiveDir}/${rel}`, readFileSync(full), lstatSync(full).mode & 0o777);
    }
  }
}
