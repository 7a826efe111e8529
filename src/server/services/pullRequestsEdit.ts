import { forbidden, invalid, notFound, preconditionFailed } from '../domain/errors';
import { isValidBranchName } from '../git/validate';
import { commentType, insertComment } from '../store/comments';
import { findIssueById } from '../store/issues';
import {
  setAllowMaintainerEdit,
  setCommentRefs,
  setPullBaseBranch,
  type PullRequestRow,
} from '../store/pullRequests';
import { canWriteIssues, editIssue, type EditIssueInput } from './issues';
import { replaceIssueLabels, resolveIssueLabels } from './labels';
import { assertNoOpenDuplicate, type PullActor } from './pullRequests';
import { emitPullRequestEvent } from './pullRequestsEvents';
import { branchTip, refreshPull, type PullItem } from './pullRequestsState';

export interface EditPullInput extends EditIssueInput {
  /** label ids or names; replaces the pull request's labels */
  labels?: readonly unknown[];
  /** a new base (target) branch */
  base?: string;
  allowMaintainerEdit?: boolean;
}

const mergedStateMessage = 'cannot change state of this pull request, it was already merged';

/** A new base branch, checked before anything changes: it must exist (404) and not repeat an open pull request (409). */
async function newBaseOf(
  actor: PullActor,
  item: PullItem,
  input: EditPullInput,
): Promise<{ branch: string; tip: string } | undefined> {
  const { pull, issue, baseRepo } = item;
  if (pull.has_merged || !input.base || input.base === pull.base_branch) return undefined;
  const tip = isValidBranchName(input.base) ? await branchTip(actor, baseRepo, input.base) : undefined;
  if (!tip) throw notFound(`new base '${input.base}' not exist`);
  const closedAfter = input.state === undefined ? issue.is_closed : input.state === 'closed';
  if (closedAfter)
    throw invalid(`issue is closed [id: ${issue.id}, repo_id: ${baseRepo.id}, index: ${issue.number}]`);
  if (pull.head_repo_id === baseRepo.id && pull.head_branch === input.base) {
    throw invalid('Invalid PullRequest: There are no changes between the head and the base');
  }
  if (pull.head_repo_id !== null) {
    const target = {
      headRepoId: pull.head_repo_id,
      headBranch: pull.head_branch,
      baseRepoId: baseRepo.id,
      baseBranch: input.base,
    };
    assertNoOpenDuplicate(actor.db, target, pull.id);
  }
  return { branch: input.base, tip };
}

/**
 * Edits a pull request as Gitea's EditPullRequest: its poster or a writer may change title, body and state
 * (403 otherwise; a merged pull request's state is fixed, 412); writers also assignees, milestone (0 keeps
 * it, as Gitea), labels and due date; the poster may allow maintainer edits; a new base branch is
 * recorded on the timeline and announced as `edited` with the old one in `changes`.
 */
export async function editPullRequest(
  actor: PullActor,
  item: PullItem,
  input: EditPullInput,
): Promise<PullItem> {
  const { db } = actor;
  const { issue, pull, baseRepo } = item;
  const writer = canWriteIssues(db, actor, baseRepo, true);
  if (!writer && issue.poster_id !== actor.doer.id)
    throw forbidden('user should have permission to edit the pull request');
  if (pull.has_merged && input.state !== undefined) throw preconditionFailed(mergedStateMessage);
  if (input.allowMaintainerEdit !== undefined && issue.poster_id !== actor.doer.id) {
    throw forbidden('SetAllowEdits: only the poster of the pull request may allow maintainer edits');
  }
  if (input.state === 'open' && issue.is_closed && pull.head_repo_id !== null) {
    const target = {
      headRepoId: pull.head_repo_id,
      headBranch: pull.head_branch,
      baseRepoId: baseRepo.id,
      baseBranch: input.base ?? pull.base_branch,
    };
    assertNoOpenDuplicate(db, target, pull.id);
  }
  const labels =
    writer && input.labels !== undefined ? resolveIssueLabels(db, baseRepo, input.labels) : undefined;
  const newBase = await newBaseOf(actor, item, input);

  const milestone = input.milestone === 0 ? undefined : input.milestone;
  let current = editIssue(actor, baseRepo, issue, { ...input, milestone }, () => undefined);
  if (labels) replaceIssueLabels(actor, baseRepo, current, labels);
  let currentPull = pull;
  if (input.allowMaintainerEdit !== undefined)
    currentPull = setAllowMaintainerEdit(db, currentPull, input.allowMaintainerEdit);
  if (newBase)
    currentPull = changeBase(actor, { ...item, pull: currentPull, issue: current }, newBase.branch);
  current = findIssueById(db, issue.id) ?? current;
  const refreshed = await refreshPull(actor, { issue: current, pull: currentPull, baseRepo });
  if (newBase) {
    const from = pull.base_branch;
    // Gitea reports the old target in changes.ref; GitHub-style clients read changes.base.ref.
    const changes = { ref: { from }, base: { ref: { from }, sha: { from: pull.base_commit_id } } };
    emitPullRequestEvent(actor, baseRepo, current, 'pull_request', 'edited', { changes });
  }
  return { issue: current, pull: refreshed.pull, baseRepo };
}

function changeBase(actor: PullActor, item: PullItem, branch: string): PullRequestRow {
  return actor.db.transaction(() => {
    const comment = insertComment(actor.db, {
      issueId: item.issue.id,
      posterId: actor.doer.id,
      type: commentType.changeTargetBranch,
    });
    setCommentRefs(actor.db, comment.id, item.pull.base_branch, branch);
    return setPullBaseBranch(actor.db, item.pull, branch);
  });
}
