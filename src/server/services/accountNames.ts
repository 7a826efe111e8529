/** Gitea's rules for user and organization names, and its loose e-mail check. */

export const maxNameLength = 40;

// Gitea's reserved names (models/user) would collide with its own web routes; we keep them for compatibility.
const reservedNames: ReadonlySet<string> = new Set([
  '.',
  '..',
  '.well-known',
  'admin',
  'api',
  'assets',
  'attachments',
  'avatar',
  'avatars',
  'captcha',
  'commits',
  'debug',
  'devtest',
  'error',
  'explore',
  'favicon.ico',
  'ghost',
  'gitea-actions',
  'issues',
  'login',
  'manifest.json',
  'metrics',
  'milestones',
  'new',
  'notifications',
  'org',
  'pulls',
  'raw',
  'repo',
  'repo-avatars',
  'robots.txt',
  'search',
  'serviceworker.js',
  'ssh_info',
  'swagger.v1.json',
  'user',
  'v2',
]);

const reservedSuffixes = ['.keys', '.gpg', '.rss', '.atom', '.png'];

/** Why `name` cannot name a user or organization, or undefined when it can. Messages follow Gitea's errors. */
export function accountNameProblem(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (name.length === 0) return 'name is empty';
  if (name.length > maxNameLength)
    return `name is too long [name: ${name}]: at most ${maxNameLength} characters`;
  if (reservedNames.has(lower)) return `name is reserved [name: ${name}]`;
  const suffix = reservedSuffixes.find((s) => lower.endsWith(s));
  if (suffix) return `name pattern is not allowed [pattern: *${suffix}]`;
  // starts alphanumeric; then letters, digits, dash, underscore, dot; no doubled or trailing punctuation
  if (!/^[\da-zA-Z][-.\w]*$/.test(name) || /[-._]{2,}|[-._]$/.test(name)) {
    return `name is invalid [${name}]: must be valid alpha or numeric or dash(-_) or dot characters`;
  }
  return undefined;
}

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+\-/=?^_`{|}~]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && !email.startsWith('-') && emailPattern.test(email);
}

/** Turns an arbitrary label (an OS user name) into a valid account name, or undefined if nothing is left. */
export function sanitizeAccountName(raw: string): string | undefined {
  const cleaned = raw
    .normalize('NFKD')
    .replace(/[^-.\w]/g, '')
    .replace(/[-._]{2,}/g, (run) => run[0] ?? '')
    .replace(/^[^\da-zA-Z]+/, '')
    .replace(/[-._]+$/, '')
    .slice(0, maxNameLength)
    .replace(/[-._]+$/, '');
  return cleaned !== '' && accountNameProblem(cleaned) === undefined ? cleaned : undefined;
}
