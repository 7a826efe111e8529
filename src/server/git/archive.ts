import { spawn } from 'node:child_process';
import { noteGitRead } from './readTracking';
import type { ServerResponse } from 'node:http';
import { gitEnv, type CatFilePool } from './catFile';
import { isObjectId } from './validate';
import { GitUnavailableError } from './run';

export type ArchiveFormat = 'zip' | 'tar.gz';

const formats: readonly ArchiveFormat[] = ['tar.gz', 'zip'];

/** `main.zip` → `{ ref: 'main', format: 'zip' }`; undefined for other suffixes (Gitea: 404). */
export function parseArchiveName(name: string): { ref: string; format: ArchiveFormat } | undefined {
  for (const format of formats) {
    const suffix = `.${format}`;
    if (name.endsWith(suffix) && name.length > suffix.length) {
      return { ref: name.slice(0, -suffix.length), format };
    }
  }
  return undefined;
}

export const archiveContentType: Readonly<Record<ArchiveFormat, string>> = {
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
};

export interface ArchiveRequest {
  readonly format: ArchiveFormat;
  /** The commit to archive (a full object id). */
  readonly commit: string;
  /** Every path in the archive starts with this, e.g. `repo-main/`. */
  readonly prefix: string;
  /** Only these paths of the tree (normalised, taken literally after `--`); all of it when empty. */
  readonly paths: readonly string[];
}

/** The archive could not be made before anything was sent (e.g. a `path` that is not in the tree). */
export class ArchiveError extends Error {}

/**
 * Streams `git archive` straight into `res`: headers (from `headers`) go out with the first bytes, so a
 * failure before them is thrown as ArchiveError and the caller can still answer with an error; a failure
 * after them ends the connection. The client going away kills git.
 */
export function streamArchive(
  pool: CatFilePool,
  gitDir: string,
  request: ArchiveRequest,
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
): Promise<void> {
  if (!isObjectId(request.commit)) throw new Error(`not an object id: ${request.commit}`);
  if (/[\0\n]/.test(request.prefix)) throw new Error('invalid archive prefix');
  const args = [
    '--git-dir',
    gitDir,
    'archive',
    `--format=${request.format}`,
    `--prefix=${request.prefix}`,
    request.commit,
    '--',
    ...request.paths,
  ];
  noteGitRead(gitDir);
  const child = spawn('git', args, { env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  pool.track(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const abort = (): void => {
    child.kill('SIGKILL');
  };
  res.once('close', abort);
  return new Promise((resolve, reject) => {
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!started) {
        started = true;
        res.statusCode = 200;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      }
      if (!res.write(chunk)) {
        child.stdout.pause();
        res.once('drain', () => child.stdout.resume());
      }
    });
    child.on('error', (error) => reject(new GitUnavailableError(['archive'], error)));
    child.on('close', (code) => {
      res.off('close', abort);
      if (code === 0) {
        if (!started) {
          res.statusCode = 200;
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        }
        res.end();
        resolve();
      } else if (!started) {
        reject(new ArchiveError(stderr.trim() || `git archive exited with ${code}`));
      } else {
        // Part of the archive went out: the client must see a broken transfer, not a short file.
        res.destroy();
        resolve();
      }
    });
  });
}
