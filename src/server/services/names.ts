/**
 * Every name rule, by what is named, after Gitea's bindings and models. One place to look them up:
 * - users and organizations: `accountNameProblem` (models/user IsUsableUsername: reserved names and
 *   patterns, alphanumeric start, `-_.` inside, at most 40 characters);
 * - repositories: `repositoryNameProblem` (repo_model.IsUsableRepoName and `AlphaDashDot;MaxSize(100)`:
 *   `.`, `..`, `-` reserved, `.git`/`.wiki` suffixes refused);
 * - branches and tags: `isValidBranchName` / `isValidRefName` (git check-ref-format, no leading `-`);
 *   branch creation adds Gitea's `MaxSize(100)`;
 * - teams: `teamNameProblem` (`Required;AlphaDashDot;MaxSize(255)`);
 * - labels: required, at most 50 characters, any text (Gitea allows spaces and emoji; `scope/name`).
 */
export { accountNameProblem, maxNameLength } from './accountNames';
export { repositoryNameProblem, maxRepositoryNameLength } from './repositoryNames';
export { isValidBranchName, isValidRefName } from '../git/validate';

export const maxTeamNameLength = 255;

/** Why `name` cannot name a team, or undefined when it can. Messages follow Gitea's binding errors. */
export function teamNameProblem(name: string): string | undefined {
  if (name.trim() === '') return '[Name]: Required';
  if ([...name].length > maxTeamNameLength) return `[Name]: MaxSize(${maxTeamNameLength})`;
  // Go's \w is ASCII only, like JavaScript's without the u flag.
  if (!/^[-.\w]+$/.test(name)) return '[Name]: must be valid alpha or numeric or dash(-_) or dot characters';
  return undefined;
}
