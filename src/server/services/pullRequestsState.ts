import type { AppServices } from './appServices';
import { existsSync } from 'node:fs';
import { diffStat } from '../git/diff';
import { fetchBranch, isAncestor, mergeBase, mergeTree, pullHeadRef, setRef, treeOf } from '../git/merge';
import { withScratchObjects } from '../git/scratchObjects';
import { repositoryGitDir } from '../git/paths';
import { refChangeCount, refChangeUnderWay } from '../git/readTracking';
import { resolveBranch } from '../git/refs';
import type { IssueRow } from '../store/issues';
import {
  pullStatus,
  updatePullGitState,
  type PullGitState,
  type PullRequestRow,
  type PullStatus,
} from '../store/pullRequests';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { markReviewsStale } from '../store/reviews';
import { invalidateCodeComments } from './codeCommentInvalidation';

/** What reading a pull request's git state takes. */
export type PullGitContext = Pick<AppServices, 'db' | 'dataDir' | 'gitPool' | 'log'>;

/** A pull request with its issue row and base repository. */
export interface PullItem {
  readonly issue: IssueRow;
  readonly pull: PullRequestRow;
  readonly baseRepo: RepositoryRow;
}

export const gitDirOf = (git: Pick<PullGitContext, 'dataDir'>, repo: RepositoryRow): string =>
  repositoryGitDir(git.dataDir, repo);

/** The head repository, unless it was deleted (or its git data is gone). */
export function headRepositoryOf(git: PullGitContext, pull: PullRequestRow): RepositoryRow | undefined {
  if (pull.head_repo_id === null) return undefined;
  const repo = findRepositoryById(git.db, pull.head_repo_id);
  return repo && existsSync(gitDirOf(git, repo)) ? repo : undefined;
}

/** The tip of a branch, read through the server's cat-file readers; undefined when the branch is gone. */
export function branchTip(
  git: PullGitContext,
  repo: RepositoryRow,
  branch: string,
): Promise<string | undefined> {
  return resolveBranch(git.gitPool.reader(gitDirOf(git, repo)), branch);
}

/**
 * Copies the head commit into the base repository as `refs/pull/<n>/head` (fetching it from a fork), so
 * that merge checks, diffs and merges find it there. Answers the commit.
 */
export async function copyHeadIntoBase(
  git: PullGitContext,
  baseRepo: RepositoryRow,
  headRepo: RepositoryRow,
  headBranch: string,
  number: number,
  headTip: string,
): Promise<string> {
  const baseDir = gitDirOf(git, baseRepo);
  if (headRepo.id === baseRepo.id) {
    await setRef(baseDir, pullHeadRef(number), headTip);
    return headTip;
  }
  return fetchBranch(baseDir, gitDirOf(git, headRepo), headBranch, pullHeadRef(number));
}

export interface MergeCheck {
  readonly status: PullStatus;
  readonly conflictedFiles: readonly string[];
}

/**
 * Whether `head` merges cleanly into `base` (git merge-tree), or is already in it, or changes nothing. The
 * trial merge's objects go to a scratch directory: a read refreshing a pull request writes nothing to git.
 */
export async function checkMerge(gitDir: string, base: string, head: string): Promise<MergeCheck> {
  if (await isAncestor(gitDir, head, base)) return { status: pullStatus.ancestor, conflictedFiles: [] };
  const merged = await withScratchObjects(gitDir, (env) => mergeTree(gitDir, base, head, env));
  if (merged.kind === 'conflict') return { status: pullStatus.conflict, conflictedFiles: merged.files };
  if (merged.kind === 'unrelated') return { status: pullStatus.conflict, conflictedFiles: [] };
  const empty = merged.tree === (await treeOf(gitDir, base));
  return { status: empty ? pullStatus.empty : pullStatus.mergeable, conflictedFiles: [] };
}

/**
 * Brings a pull request's stored git state up to date: the base tip (every pull request), and for an
 * open one the head (copied into `refs/pull/<n>/head` when it moved), the merge base, the merge check
 * and the line counts — recomputed only when the (base, head) pair changed, so a page of unchanged pull
 * requests costs a few cat-file lookups. Answers the row and whether the head moved.
 */
export async function refreshPull(
  git: PullGitContext,
  item: PullItem,
): Promise<{ pull: PullRequestRow; headMoved: boolean }> {
  const { pull, issue, baseRepo } = item;
  const baseDir = gitDirOf(git, baseRepo);
  if (!existsSync(baseDir)) return { pull, headMoved: false };
  const state: PullGitState = {};
  const baseTip = await branchTip(git, baseRepo, pull.base_branch);
  if (baseTip && baseTip !== pull.base_commit_id) state.baseCommitId = baseTip;
  const open = !issue.is_closed && !pull.has_merged;
  let head = pull.head_commit_id;
  let headMoved = false;
  if (open) {
    const headRepo = headRepositoryOf(git, pull);
    const headTip = headRepo ? await branchTip(git, headRepo, pull.head_branch) : undefined;
    if (headRepo && headTip && headTip !== head) {
      head = await copyHeadIntoBase(git, baseRepo, headRepo, pull.head_branch, issue.number, headTip);
      state.headCommitId = head;
      headMoved = true;
    }
    if (baseTip && head && (baseTip !== pull.checked_base || head !== pull.checked_head)) {
      const base = (await mergeBase(baseDir, baseTip, head)) ?? '';
      const check = await checkMerge(baseDir, baseTip, head);
      const stat = base
        ? await diffStat(baseDir, base, head)
        : { additions: 0, deletions: 0, changedFiles: 0 };
      state.mergeBase = base;
      state.check = { base: baseTip, head, ...check, ...stat };
    }
  }
  if (Object.keys(state).length === 0) return { pull, headMoved };
  const updated = updatePullGitState(git.db, pull, state);
  if (headMoved) {
    // Approvals of an older head no longer vouch for what would be merged.
    markReviewsStale(git.db, issue.id, head);
    await invalidateCodeComments(git.db, baseDir, git.gitPool.reader(baseDir), issue.id, {
      head,
      mergeBase: updated.merge_base,
    }).catch((error: unknown) =>
      git.log.error(
        `outdating review comments of ${baseRepo.owner_name}/${baseRepo.name}#${issue.number} failed`,
        error,
      ),
    );
  }
  return { pull: updated, headMoved };
}

/** When each pull request's git state was last brought up to date: `<data version>:<reference changes>`. */
const refreshedAt = new WeakMap<PullGitContext['db'], Map<number, string>>();

/**
 * Whether a pull request's stored state is as current as a refresh would make it: it was refreshed at this
 * data version, and no reference moved since. Only for managed repositories, whose references move through
 * the server's own (counted) git commands; a workspace repository's may move under it at any time.
 */
function stillFresh(git: PullGitContext, item: PullItem, stamp: string | undefined): boolean {
  if (stamp === undefined || refChangeUnderWay()) return false;
  if (stamp !== `${git.db.dataVersion()}:${refChangeCount()}`) return false;
  if (item.baseRepo.git_path !== null) return false;
  const head =
    item.pull.head_repo_id === null ? undefined : findRepositoryById(git.db, item.pull.head_repo_id);
  return head === undefined || head.git_path === null;
}

/** Refreshes a page of pull requests; one that cannot be read keeps its stored state (and is logged). */
export async function refreshPulls(git: PullGitContext, items: readonly PullItem[]): Promise<PullItem[]> {
  let stamps = refreshedAt.get(git.db);
  if (!stamps) refreshedAt.set(git.db, (stamps = new Map()));
  const refreshed: PullItem[] = [];
  for (const item of items) {
    if (stillFresh(git, item, stamps.get(item.pull.id))) {
      refreshed.push(item);
      continue;
    }
    try {
      const before = refChangeCount();
      const pull = (await refreshPull(git, item)).pull;
      refreshed.push({ ...item, pull });
      // a reference that moved meanwhile (a push, this refresh's own copy of the head) asks for another look
      if (!refChangeUnderWay() && refChangeCount() === before) {
        if (stamps.size >= 10_000) stamps.clear();
        stamps.set(pull.id, `${git.db.dataVersion()}:${before}`);
      }
    } catch (error) {
      git.log.error(
        `reading the git state of pull request ${item.baseRepo.owner_name}/${item.baseRepo.name}#${item.issue.number} failed`,
        error,
      );
      refreshed.push(item);
    }
  }
  return refreshed;
}
