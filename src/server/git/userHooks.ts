import {
  constants,
  closeSync,
  fchmodSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { conflict } from '../domain/errors';

/** The server-side hooks a repository administrator may set, as Gitea (modules/git/hook.go). */
export const gitHookNames = ['pre-receive', 'update', 'post-receive'] as const;
export type GitHookName = (typeof gitHookNames)[number];

export const isGitHookName = (name: string): name is GitHookName =>
  (gitHookNames as readonly string[]).includes(name);

/** One hook's script: `content` is empty when the hook is not set. */
export interface UserGitHook {
  readonly name: GitHookName;
  readonly isActive: boolean;
  readonly content: string;
}

/** Where Gitea keeps a repository's own hook script: `hooks/<name>.d/<name>` in its git directory. */
export const userHookPath = (gitDir: string, name: GitHookName): string =>
  path.join(gitDir, 'hooks', `${name}.d`, name);

/** What lstat says, or undefined when nothing is there. */
function lstatOrNothing(file: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A folder on the way to the hook, which must be a real folder (a symbolic link is never followed). */
function assertRealFolder(dir: string): void {
  const stat = lstatOrNothing(dir);
  if (stat && !stat.isDirectory())
    throw conflict(`${path.basename(dir)} in the git directory is not a folder`);
}

/** The hook as it is on disk: active when its script is a regular file (a link counts as absent). */
export function readUserHook(gitDir: string, name: GitHookName): UserGitHook {
  const file = userHookPath(gitDir, name);
  if (!lstatOrNothing(file)?.isFile()) return { name, isActive: false, content: '' };
  return { name, isActive: true, content: readFileSync(file, 'utf8') };
}

/**
 * Writes the hook's script (carriage returns dropped, executable), or removes it when `content` is blank,
 * as Gitea's Hook.Update does. Folders are created as needed; none on the way may be a symbolic link.
 */
export function writeUserHook(gitDir: string, name: GitHookName, content: string): void {
  const file = userHookPath(gitDir, name);
  const hooksDir = path.dirname(path.dirname(file));
  assertRealFolder(hooksDir);
  assertRealFolder(path.dirname(file));
  if (content.trim() === '') {
    if (lstatOrNothing(file)) rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  // O_EXCL after the removal: the file written is a new one, never the target of a link planted meanwhile
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o755);
  try {
    writeSync(fd, content.replaceAll('\r', ''));
    fchmodSync(fd, 0o755);
  } finally {
    closeSync(fd);
  }
}
