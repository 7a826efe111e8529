/*
 * What a new pull request starts with: its title and body from the branch's commits or name, and the
 * repository's pull request templates. Nothing here imports vscode.
 */

/** One commit of the branch: its subject line and the rest of its message. */
export interface CommitMessage {
  readonly subject: string;
  readonly body: string;
}

export interface PullRequestDraft {
  readonly title: string;
  /** The single commit's body, else empty. */
  readonly commitBody: string;
}

/**
 * A branch name as a title: its last path part, without a leading issue number, dashes and underscores
 * as spaces, the first letter upper-case (`alice/12-fix-login` → "Fix login").
 */
export function titleFromBranch(branch: string): string {
  const last =
    branch
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? branch;
  const words = last
    .replace(/^#?\d+(?:[-_.]+|$)/, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return branch;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One commit ahead of the base: its subject and body; otherwise the branch name as a title. */
export function draftFromCommits(branch: string, commits: readonly CommitMessage[]): PullRequestDraft {
  const [only] = commits;
  if (commits.length === 1 && only && only.subject.trim() !== '')
    return { title: only.subject.trim(), commitBody: only.body.trim() };
  return { title: titleFromBranch(branch), commitBody: '' };
}

/**
 * Reads `git log --format=%s%x1f%b%x1e` output (subject, unit separator, body, record separator) into
 * commit messages, oldest first when git was asked for `--reverse`.
 */
export function parseCommitLog(output: string): CommitMessage[] {
  return output
    .split('\x1e')
    .map((record) => record.replace(/^\n+/, ''))
    .filter((record) => record.trim() !== '')
    .map((record) => {
      const [subject = '', body = ''] = record.split('\x1f');
      return { subject: subject.trim(), body: body.trim() };
    });
}

/** The folders that may hold a template, searched in this order (Gitea's `.gitea` first, then `.github`). */
export const templateFolders = ['.gitea', '.github', ''] as const;
const templateFile = 'pull_request_template.md';
const templateDirectory = 'pull_request_template';

/** A directory listing: the names of its files and of its folders. */
export interface Listing {
  readonly files: readonly string[];
  readonly folders: readonly string[];
}

const join = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);

/**
 * The repository's pull request templates in the order they are offered: per folder (`.gitea/`,
 * `.github/`, the root) its `PULL_REQUEST_TEMPLATE.md` (any case; the upper-case spelling first), then the
 * `.md` files of its `PULL_REQUEST_TEMPLATE/` folder by name. `list` answers a folder's listing, or
 * undefined when there is no such folder.
 */
export async function discoverTemplates(
  list: (folder: string) => Promise<Listing | undefined>,
): Promise<string[]> {
  const found: string[] = [];
  for (const folder of templateFolders) {
    const listing = await list(folder);
    if (!listing) continue;
    const singles = listing.files
      .filter((name) => name.toLowerCase() === templateFile)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    found.push(...singles.map((name) => join(folder, name)));
    for (const directory of listing.folders.filter((name) => name.toLowerCase() === templateDirectory)) {
      const inner = await list(join(folder, directory));
      const markdown = (inner?.files ?? [])
        .filter((name) => name.toLowerCase().endsWith('.md'))
        .sort((a, b) => a.localeCompare(b));
      found.push(...markdown.map((name) => join(join(folder, directory), name)));
    }
  }
  return found;
}

/** The name a template is offered by: its file name, or the folder's name for a single template. */
export function templateLabel(path: string): string {
  const parts = path.split('/');
  const name = parts.at(-1) ?? path;
  return name.toLowerCase() === templateFile ? path : name.replace(/\.md$/i, '');
}

/** Why a pull request from `head` into `base` cannot be made, or undefined when it can. */
export function pullRequestProblem(
  head: string,
  base: string,
  commitsAhead: number | undefined,
): 'same branch' | 'no commits' | undefined {
  if (head === base) return 'same branch';
  if (commitsAhead === 0) return 'no commits';
  return undefined;
}

const conventionalBases = ['main', 'master', 'trunk', 'develop'];

/**
 * The base a pull request starts with: the repository's default branch. A workspace folder the local
 * server hosts itself reports its checked-out branch as the default (`trusted` false), so there the
 * default counts only when it is another existing branch, and a conventional name (`main`, `master`, …)
 * stands in otherwise.
 */
export function defaultBase(
  head: string,
  defaultBranch: string,
  branches: readonly string[],
  trusted: boolean,
): string {
  if (trusted || (defaultBranch !== head && branches.includes(defaultBranch))) return defaultBranch;
  return conventionalBases.find((name) => branches.includes(name)) ?? defaultBranch;
}
