/** The setting holding the pattern, named in errors so the user knows what to fix. */
export const workBranchSetting = 'teahouse.workBranchPattern';
export const defaultWorkBranchPattern = '{user}/{number}-{title}';

export interface WorkBranchInputs {
  readonly user: string;
  readonly number: number;
  readonly title: string;
}

export type WorkBranchResult = { readonly name: string } | { readonly problem: string };

const maxTitleLength = 40;

/**
 * An issue title as a branch-name fragment: lower-case ASCII letters and digits, every run of anything else
 * one `-`, at most 40 characters, cut at a word boundary when a word would be split.
 */
export function titleSlug(title: string, max = maxTitleLength): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const boundary = cut.lastIndexOf('-');
  // one long word: cut it rather than leave nothing
  return (boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
}

/** Why `name` is not a valid branch name by git's rules (`git check-ref-format --branch`), or undefined. */
export function branchNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.startsWith('-')) return 'it starts with "-"';
  if (name === '@') return 'it is "@"';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(name)) return 'it contains a space or a control character';
  const forbidden = /[~^:?*[\\]/.exec(name);
  if (forbidden) return `it contains "${forbidden[0]}"`;
  if (name.includes('..')) return 'it contains ".."';
  if (name.includes('@{')) return 'it contains "@{"';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'it has an empty part between "/"';
  if (name.endsWith('.')) return 'it ends with "."';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return `its part "${part}" starts with "."`;
    if (part.endsWith('.lock')) return `its part "${part}" ends with ".lock"`;
  }
  return undefined;
}

/**
 * The branch to work on an issue in: `pattern` with `{user}`, `{number}` and `{title}` (slugged) replaced,
 * or the reason the pattern does not give a valid branch name.
 */
export function workBranchName(pattern: string, inputs: WorkBranchInputs): WorkBranchResult {
  const values: Record<string, string> = {
    user: inputs.user,
    number: String(inputs.number),
    title: titleSlug(inputs.title),
  };
  const unknown = /\{[^}]*\}/.exec(pattern.replace(/\{(user|number|title)\}/g, ''))?.[0];
  if (unknown !== undefined) {
    return { problem: `${unknown} is not one of {user}, {number}, {title}` };
  }
  if (!pattern.includes('{number}')) {
    return { problem: 'it has no {number}, so every issue would get the same branch' };
  }
  let name = pattern.replace(/\{(user|number|title)\}/g, (_, key: string) => values[key] ?? '');
  // an empty title leaves a dangling separator: `alice/7-` → `alice/7`
  if (values.title === '') name = name.replace(/[-_.]+$/, '').replace(/[-_.]+\//g, '/');
  const problem = branchNameProblem(name);
  return problem ? { problem: `"${name}" is not a valid branch name: ${problem}` } : { name };
}

/** The git config key remembering which issue a branch works on. */
export function branchIssueConfigKey(branch: string): string {
  return `branch.${branch}.teahouse-issue`;
}

/** The issue number stored under {@link branchIssueConfigKey}, if it is one. */
export function parseBranchIssue(value: string | undefined): number | undefined {
  const trimmed = value?.trim() ?? '';
  return /^[1-9]\d*$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The pull request body for a branch that works on `issue`. */
export function pullRequestBodyFor(issue: number | undefined): string {
  return issue === undefined ? '' : `Fixes #${issue}`;
}
