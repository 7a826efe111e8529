import { crashPoint } from '../domain/crashPoints';
import { isWorkInProgress } from '../domain/workInProgress';
import { deleteBranch } from '../git/refs';
import { advanceBranch, advanceBranchWithWorktree } from '../git/merge';
import { assertCommitMessage } from '../git/validate';
import { conflict, notAllowed } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import { findIssueById, setIssueClosed } from '../store/issues';
import {
  findPullById,
  markPullMerged,
  openPullsWithHead,
  pullStatus,
  type PullRequestRow,
} from '../store/pullRequests';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { findUserById } from '../store/users';
import { gitPerson, isStyleAllowed, produceMergeCommit, type MergeStyle } from './mergeStyles';
import { atLeast, repoAccess } from './permissions';
import type { PullActor } from './pullRequests';
import { emitPullRequestEvent } from './pullRequestsEvents';
import {
  branchTip,
  checkMerge,
  gitDirOf,
  headRepositoryOf,
  refreshPull,
  type PullItem,
} from './pullRequestsState';
import { clearIntent, writeIntent } from './intents';
import { assertMergeNotBlocked } from './issueDependencies';
import { resolveMergedReferences } from './issueState';
import { recordBranchDeleted } from './issueTimeline';
import { trackRefChanges } from './refChanges';
import { assertProtectionAllowsMerge } from './branchProtectionMerge';

export interface MergeInput {
  readonly style: MergeStyle;
  /** MergeTitleField: the first line of a merge or squash commit */
  readonly title?: string;
  /** MergeMessageField: the rest of it */
  readonly message?: string;
  /** the head commit the caller reviewed; a moved head refuses the merge (409) */
  readonly headCommitId?: string;
  readonly deleteBranchAfterMerge?: boolean;
  /** the host name of the server's no-reply addresses */
  readonly noreplyHost: string;
}

/** The spec's refusal of a merge: 405 with a message saying why. */
const refused = notAllowed;

/** Gitea's default titles: `Merge pull request '<title>' (#n) from <head> into <base>`, or `<title> (#n)` for a squash. */
function defaultTitle(item: PullItem, style: MergeStyle, headLabel: string): string {
  if (style === 'squash') return `${item.issue.title} (#${item.issue.number})`;
  return `Merge pull request '${item.issue.title}' (#${item.issue.number}) from ${headLabel} into ${item.pull.base_branch}`;
}

function commitMessage(item: PullItem, input: MergeInput, headLabel: string): string {
  const title = input.title?.trim() || defaultTitle(item, input.style, headLabel);
  const body = input.message?.trim();
  return `${title}${body ? `\n\n${body}` : ''}\n`;
}

/** Why a pull request in this state cannot be merged at all, or undefined. */
export function refusal(item: PullItem): string | undefined {
  if (item.pull.has_merged) return 'The pull request has already been merged';
  if (item.issue.is_closed) return 'The pull request is closed: reopen it before merging';
  if (isWorkInProgress(item.issue.title)) return 'Work in progress PRs cannot be merged';
  return undefined;
}

/**
 * Merges a pull request into its base branch in the bare repository: refused with 405 when merged,
 * closed, a draft, conflicting, not a fast-forward for that style, or the style is not allowed; 409 when
 * `head_commit_id` is not the head any more or the base branch moved while merging (the branch moves by
 * compare-and-swap, under the repository's queue, so pushes and other merges wait). The push it makes is
 * announced (`push`), then the pull request's `closed` with `merged: true`.
 */
export async function mergePullRequest(actor: PullActor, item: PullItem, input: MergeInput): Promise<void> {
  const { baseRepo } = item;
  const early = refusal(item);
  if (early) throw refused(early);
  if (!isStyleAllowed(baseRepo, input.style)) {
    throw refused(`${input.style} is not allowed an allowed merge style for this repository`);
  }
  assertMergeNotBlocked(actor.db, item.issue);
  const { pull } = await refreshPull(actor, item);
  assertProtectionAllowsMerge(actor.db, pull, pull.head_commit_id);
  if (input.headCommitId && input.headCommitId !== pull.head_commit_id) {
    throw conflict(
      `head out of date: the head branch is now at ${pull.head_commit_id}, not ${input.headCommitId}`,
    );
  }
  const headRepo = headRepositoryOf(actor, pull);
  const headLabel =
    headRepo && headRepo.id !== baseRepo.id
      ? `${headRepo.owner_name}/${headRepo.name}:${pull.head_branch}`
      : pull.head_branch;
  const gitDir = gitDirOf(actor, baseRepo);
  const committer = { ...gitPerson(actor.doer, input.noreplyHost) };
  const poster = findUserById(actor.db, item.issue.poster_id);
  const squashAuthor = poster ? gitPerson(poster, input.noreplyHost) : committer;
  const message = commitMessage({ ...item, pull }, input, headLabel);
  // before the merge writes any object: a refused request leaves the repository as it was
  assertCommitMessage(message);

  await trackRefChanges(actor, baseRepo, gitDir, actor.doer, async (settle) => {
    // Under the repository's queue: re-read what another merge may have changed meanwhile.
    const current: PullItem = {
      issue: findIssueById(actor.db, item.issue.id) ?? item.issue,
      pull: findPullById(actor.db, pull.id) ?? pull,
      baseRepo,
    };
    const late = refusal(current);
    if (late) throw refused(late);
    const baseTip = await branchTip(actor, baseRepo, pull.base_branch);
    if (!baseTip) throw refused(`The base branch ${pull.base_branch} does not exist any more`);
    const head = current.pull.head_commit_id;
    const check = await checkMerge(gitDir, baseTip, head);
    if (check.status === pullStatus.ancestor)
      throw refused('Nothing to merge: the base branch already contains the head');
    if (check.status === pullStatus.conflict) throw refused(conflictMessage(check.conflictedFiles));
    const outcome = await produceMergeCommit(gitDir, {
      style: input.style,
      base: baseTip,
      head,
      message,
      committer,
      squashAuthor,
    });
    if (outcome.kind === 'conflict') throw refused(conflictMessage(outcome.files));
    if (outcome.kind === 'not-fast-forward') {
      throw refused(
        'Not a fast-forward: the base branch has commits the head does not; choose another merge style',
      );
    }
    const intent = writeIntent(actor.dataDir, {
      kind: 'merge',
      pullId: pull.id,
      doerId: actor.doer.id,
      commit: outcome.commit,
      head,
    });
    crashPoint('merge:before-ref-update');
    try {
      await moveBase(baseRepo, gitDir, pull.base_branch, outcome.commit, baseTip);
    } catch (error) {
      clearIntent(intent);
      throw error;
    }
    crashPoint('merge:after-ref-update');
    recordMerge(actor, current.pull, { commit: outcome.commit, head, mergerId: actor.doer.id });
    clearIntent(intent);
    crashPoint('merge:after-record');
    // The push goes out before the pull request's own event, as in Gitea.
    await settle();
  });
  const merged = findIssueById(actor.db, item.issue.id) ?? item.issue;
  emitPullRequestEvent(actor, baseRepo, merged, 'pull_request', 'closed');
  resolveMergedReferences(actor, merged);
  if (input.deleteBranchAfterMerge) await deleteHeadBranch(actor, findPullById(actor.db, pull.id) ?? pull);
}

/**
 * Moves the base branch to the merge result by compare-and-swap; a workspace repository's checked-out
 * branch brings its working tree along, and is left alone (409) while that has uncommitted changes.
 */
export async function moveBase(
  repo: RepositoryRow,
  gitDir: string,
  branch: string,
  commit: string,
  expected: string,
): Promise<void> {
  const outdated = `merge push out of date: the branch ${branch} moved while merging; try again`;
  if (repo.git_path === null) {
    if (!(await advanceBranch(gitDir, branch, commit, expected))) throw conflict(outdated);
    return;
  }
  const moved = await advanceBranchWithWorktree(gitDir, branch, commit);
  if (moved === 'stale') throw conflict(outdated);
  if (moved === 'dirty') {
    throw conflict(
      `PushRejected: ${branch} is checked out in the workspace folder with uncommitted changes; commit or stash them, then merge again`,
    );
  }
}

function conflictMessage(files: readonly string[]): string {
  const list = files.length > 0 ? `: ${files.join(', ')}` : '';
  return `The pull request cannot be merged: it conflicts with the base branch${list}`;
}

/** The rows of a merge whose base branch has moved: the pull request merged and closed, its comment. */
export function recordMerge(
  services: { readonly db: Database },
  pull: PullRequestRow,
  merge: { commit: string; head: string; mergerId: number },
): void {
  const { db } = services;
  db.transaction(() => {
    const issue = findIssueById(db, pull.issue_id);
    markPullMerged(db, pull, {
      commitId: merge.commit,
      mergerId: merge.mergerId,
      headCommitId: merge.head,
      mergeBase: pull.merge_base,
    });
    if (issue) setIssueClosed(db, issue, true);
    insertComment(db, {
      issueId: pull.issue_id,
      posterId: merge.mergerId,
      type: commentType.mergePull,
      commitSha: merge.commit,
    });
  });
}

/**
 * `delete_branch_after_merge`: the head branch goes when the doer may write to its repository, it is not
 * that repository's default branch, still points at the merged head, and no other open pull request uses it.
 */
async function deleteHeadBranch(actor: PullActor, pull: PullRequestRow): Promise<void> {
  const headRepo = headRepositoryOf(actor, pull);
  if (!headRepo || pull.head_branch === headRepo.default_branch) return;
  if (!atLeast(repoAccess(actor.db, actor.doer, headRepo, 'repo.code'), 'write')) return;
  if (openPullsWithHead(actor.db, headRepo.id, pull.head_branch).length > 0) return;
  const gitDir = gitDirOf(actor, headRepo);
  await trackRefChanges(actor, headRepo, gitDir, actor.doer, async () => {
    const tip = await branchTip(actor, headRepo, pull.head_branch);
    if (tip !== pull.head_commit_id) return;
    await deleteBranch(gitDir, pull.head_branch, tip);
    recordBranchDeleted(actor, pull.issue_id, pull.head_branch);
  });
}
