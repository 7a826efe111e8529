import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { invalid } from '../domain/errors';
import { moveWikiFolder } from './wiki/wikiFolder';
import { managedGitDir, managedWikiDir, repositoryGitDir } from '../git/paths';
import { isValidBranchName } from '../git/refs';
import { branchExists, setHeadBranch } from '../git/repository';
import { repositorySettingFlags } from '../store/booleanColumns';
import type { Database, SqlValue } from '../store/database';
import { nowSeconds } from '../store/database';
import {
  findRepositoryById,
  repositoryNameTaken,
  updateRepositoryColumns,
  type RepositoryColumn,
  type RepositoryRow,
} from '../store/repositories';
import { setDependenciesEnabled } from '../store/issueDependencies';
import { setTimeTrackerSettings, type TimeTrackerSettings } from '../store/trackedTimes';
import { repositoryNameProblem } from './repositoryNames';

export const mergeStyles = [
  'merge',
  'rebase',
  'rebase-merge',
  'squash',
  'fast-forward-only',
  'manually-merged',
] as const;
export type MergeStyle = (typeof mergeStyles)[number];

/** The fields of Gitea's EditRepoOption this server keeps; absent fields stay as they are. */
export interface EditRepositoryInput {
  name?: string;
  description?: string;
  website?: string;
  isPrivate?: boolean;
  isTemplate?: boolean;
  defaultBranch?: string;
  archived?: boolean;
  flags?: Partial<Record<EditableFlag, boolean>>;
  defaultMergeStyle?: MergeStyle;
  /** EditRepoOption.internal_tracker's time tracking and dependency settings */
  timeTracker?: InternalTrackerSettings;
}

/** What an EditRepoOption's `internal_tracker` may change; absent settings stay. */
export type InternalTrackerSettings = Partial<TimeTrackerSettings> & { enableIssueDependencies?: boolean };

/** Boolean settings an edit may set, by their column (and API) names. */
export const editableFlags = repositorySettingFlags satisfies readonly RepositoryColumn[];
export type EditableFlag = (typeof editableFlags)[number];

function renameProblem(db: Database, repo: RepositoryRow, name: string): string | undefined {
  const problem = repositoryNameProblem(name);
  if (problem) return problem;
  if (repositoryNameTaken(db, repo.owner_id, name, repo.id)) {
    return `repository already exists [uname: ${repo.owner_name}, name: ${name}]`;
  }
  return undefined;
}

/**
 * Applies an edit as Gitea's repoEdit does. A rename moves the git folder in the same transaction as the row;
 * a new default branch must exist unless the repository is still empty, and HEAD follows it.
 */
export async function editRepository(
  services: { db: Database; dataDir: string },
  repo: RepositoryRow,
  input: EditRepositoryInput,
): Promise<RepositoryRow> {
  const { db, dataDir } = services;
  const changes: Partial<Record<RepositoryColumn, SqlValue>> = {};
  const renamed = input.name !== undefined && input.name !== repo.name;
  if (renamed && input.name !== undefined) {
    const problem = renameProblem(db, repo, input.name);
    if (problem) throw invalid(problem);
    changes.name = input.name;
    changes.lower_name = input.name.toLowerCase();
  }
  if (input.description !== undefined) changes.description = input.description;
  if (input.website !== undefined) changes.website = input.website;
  if (input.isPrivate !== undefined) changes.is_private = input.isPrivate;
  if (input.isTemplate !== undefined) changes.is_template = input.isTemplate;
  for (const [flag, value] of Object.entries(input.flags ?? {}) as [EditableFlag, boolean | undefined][]) {
    if (value !== undefined) changes[flag] = value;
  }
  if (input.defaultMergeStyle !== undefined) changes.default_merge_style = input.defaultMergeStyle;
  if (input.archived !== undefined && input.archived !== repo.is_archived) {
    if (repo.is_mirror) throw invalid('repo is a mirror, cannot archive/un-archive');
    changes.is_archived = input.archived;
    changes.archived_at = input.archived ? nowSeconds() : 0;
  }

  const gitDir = repositoryGitDir(dataDir, repo);
  const newBranch =
    input.defaultBranch !== undefined && input.defaultBranch !== repo.default_branch
      ? input.defaultBranch
      : undefined;
  if (newBranch !== undefined) {
    if (!isValidBranchName(newBranch)) throw invalid('[DefaultBranch]: GitRefName');
    if (!repo.is_empty && !(await branchExists(gitDir, newBranch))) {
      throw invalid(`branch does not exist [name: ${newBranch}]`);
    }
    changes.default_branch = newBranch;
    await setHeadBranch(gitDir, newBranch);
  }

  // Only managed folders move; their names are lower-case, so a change of case moves nothing.
  const moveTo =
    renamed && repo.git_path === null && input.name !== undefined
      ? managedGitDir(dataDir, repo.owner_name, input.name)
      : gitDir;
  const moves = moveTo !== gitDir;
  let undoWikiMove = (): void => undefined;
  try {
    db.transaction(() => {
      updateRepositoryColumns(db, repo.id, changes);
      if (input.timeTracker) setTimeTrackerSettings(db, repo.id, input.timeTracker);
      const dependencies = input.timeTracker?.enableIssueDependencies;
      if (dependencies !== undefined) setDependenciesEnabled(db, repo.id, dependencies);
      if (moves) {
        if (existsSync(moveTo)) throw invalid(`repository files already exist [name: ${input.name ?? ''}]`);
        mkdirSync(path.dirname(moveTo), { recursive: true });
        renameSync(gitDir, moveTo);
      }
      if (renamed && input.name !== undefined) {
        const wikiFrom = managedWikiDir(dataDir, repo.owner_name, repo.name);
        undoWikiMove = moveWikiFolder(wikiFrom, managedWikiDir(dataDir, repo.owner_name, input.name));
      }
    });
  } catch (error) {
    undoWikiMove();
    if (moves && existsSync(moveTo) && !existsSync(gitDir)) renameSync(moveTo, gitDir);
    if (newBranch !== undefined) await setHeadBranch(gitDir, repo.default_branch).catch(() => undefined);
    throw error;
  }
  return findRepositoryById(db, repo.id)!;
}
