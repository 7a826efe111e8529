/** Gitea's rules for repository names (models/repo IsUsableRepoName and the API's AlphaDashDot/MaxSize(100)). */

export const maxRepositoryNameLength = 100;

const reservedNames: ReadonlySet<string> = new Set(['.', '..', '-']);
const reservedSuffixes = ['.git', '.wiki', '.rss', '.atom'];

/** Why `name` cannot name a repository, or undefined when it can. Messages follow Gitea's errors. */
export function repositoryNameProblem(name: string): string | undefined {
  if (name.trim() === '') return '[Name]: Required';
  if ([...name].length > maxRepositoryNameLength) return `[Name]: MaxSize(${maxRepositoryNameLength})`;
  if (!/^[-.\w]+$/.test(name)) return '[Name]: AlphaDashDot';
  const lower = name.toLowerCase();
  if (reservedNames.has(lower)) return `name is reserved [name: ${name}]`;
  const suffix = reservedSuffixes.find((s) => lower.endsWith(s));
  if (suffix) return `name pattern is not allowed [pattern: *${suffix}]`;
  if (name.includes('..'))
    return `name is invalid [${name}]: must be valid alpha or numeric or dash(-_) or dot characters`;
  return undefined;
}
