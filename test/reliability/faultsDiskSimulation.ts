import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../helpers/gitFixtures';

/**
 * Full and read-only disks for the fault tests, with what the machine allows: as root, a size-limited
 * tmpfs (`mount -t tmpfs -o size=…`), remounted read-only or with a read-only bind mount over a folder;
 * as another user, file modes (which root would ignore). Each helper says what it used.
 */

const run = (command: string, args: readonly string[]): { ok: boolean; output: string } => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
};

export const isRoot = (): boolean => process.getuid?.() === 0;

export interface SmallDisk {
  readonly dir: string;
  /** Removes the mount and its folder. */
  release(): void;
}

/** A tmpfs of `megabytes`, or the reason there can be none here. */
export function mountSmallDisk(megabytes: number): SmallDisk | { unavailable: string } {
  if (!isRoot()) return { unavailable: 'not root: cannot mount a size-limited folder' };
  const dir = makeTempDir('teahouse-small-disk-');
  const mounted = run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir]);
  if (!mounted.ok) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `mount -t tmpfs failed: ${mounted.output}` };
  }
  return {
    dir,
    release() {
      run('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Remounts a tmpfs read-only (no file on it may be open for writing) or back read-write. */
export function remount(dir: string, mode: 'ro' | 'rw'): void {
  const result = run('mount', ['-o', `remount,${mode}`, dir]);
  if (!result.ok) throw new Error(`remount ${mode} ${dir}: ${result.output}`);
}

/**
 * Makes `dir` read-only under a running process: a read-only bind mount of it over itself (root), or
 * write permission removed (other users). Answers how, and the undo.
 */
export function makeReadOnly(dir: string): { how: string; undo(): void } {
  if (isRoot()) {
    const bound = run('mount', ['--bind', dir, dir]);
    const readOnly = bound.ok && run('mount', ['-o', 'remount,bind,ro', dir]).ok;
    if (readOnly) return { how: 'read-only bind mount', undo: () => void run('umount', [dir]) };
    if (bound.ok) run('umount', [dir]);
    throw new Error(`cannot make ${dir} read-only as root: ${bound.output}`);
  }
  const walk = (folder: string, mode: (current: number) => number): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, mode);
      chmodSync(full, mode(statSync(full).mode));
    }
    chmodSync(folder, mode(statSync(folder).mode));
  };
  walk(dir, (current) => current & ~0o222);
  return { how: 'write permission removed (chmod a-w)', undo: () => walk(dir, (current) => current | 0o200) };
}

/** Fills the file system of `dir` to the last byte with a filler file; `free()` removes it. */
export function fillDisk(dir: string): { bytes: number; free(): void } {
  const filler = path.join(dir, 'filler.bin');
  const fd = openSync(filler, 'w');
  let bytes = 0;
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          bytes += writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, free: () => rmSync(filler, { force: true }) };
}
