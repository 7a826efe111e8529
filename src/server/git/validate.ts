import { invalid } from '../domain/errors';

/**
 * What may reach a git command line or a `cat-file` request line. Names and paths from requests are
 * checked here first; anything that fails is answered 4xx before git sees it.
 */

// eslint-disable-next-line no-control-regex
const forbiddenInRef = /[\x00-\x20\x7f~^:?*[\\]/;

/**
 * Git's rules for a reference name (`git check-ref-format`), applied to the part after `refs/heads/` or
 * `refs/tags/`: no control characters, spaces or `~^:?*[\`; no `..`, `@{` or `//`; not `@`; no leading or
 * trailing `/`, no trailing `.`; no component starting with `.` or ending in `.lock`; and nothing that could
 * be read as an option (a leading `-`).
 */
export function isValidRefName(name: string): boolean {
  if (name === '' || name === '@' || name.length > 255) return false;
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.')) return false;
  if (forbiddenInRef.test(name)) return false;
  if (name.includes('..') || name.includes('@{') || name.includes('//')) return false;
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}

/**
 * A branch name git would accept (`git check-ref-format --branch`). `HEAD` is refused too: git allows a
 * branch of that name but every tool then confuses it with the symbolic ref.
 */
export const isValidBranchName = (name: string): boolean => isValidRefName(name) && name !== 'HEAD';

/** A full object id (sha1 or sha256, lower-case hex). */
export const isObjectId = (value: string): boolean => /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value);

/** A possibly abbreviated object id: 4 to 64 hex digits, as `git rev-parse` accepts them. */
export const isAbbreviatedObjectId = (value: string): boolean => /^[0-9a-fA-F]{4,64}$/.test(value);

/**
 * A path inside a repository's tree, normalised: no leading, trailing or doubled slashes. Answers
 * undefined for what cannot name a tree entry: `.` or `..` segments, NUL or other control characters
 * (a newline would split a `cat-file` request line). The empty string is the root.
 */
export function normalizeTreePath(raw: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) return undefined;
  const segments = raw.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  return segments.join('/');
}

/** Git refuses to store `.git` in a tree (any case); a write naming one is refused before git sees it. */
export const touchesGitDir = (treePath: string): boolean =>
  treePath.split('/').some((segment) => segment.toLowerCase() === '.git');

/**
 * Throws unless `value` is safe as a positional argument: git reads anything starting with `-` as an
 * option. Callers also put positional arguments after `--` where git allows it.
 */
export function assertNotOption(value: string): void {
  if (value.startsWith('-')) throw new Error(`refusing to pass "${value}" to git: it reads as an option`);
}

/** Whether `line` can be sent as one `cat-file --batch` request: no newline or NUL to split or cut it. */
export const isSafeRequestLine = (line: string): boolean => line !== '' && !/[\n\r\0]/.test(line);

/** git refuses a commit message holding a NUL byte; a client that sends one gets a 422, not a failed git. */
export function assertCommitMessage(message: string): void {
  if (message.includes('\0')) throw invalid('a commit message cannot contain a NUL character');
}
