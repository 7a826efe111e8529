import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { conflict, invalid, notFound } from '../domain/errors';
import { deleteRef, fetchBranch, mergeBase, pullHeadRef, setRef } from '../git/merge';
import { isValidBranchName } from '../git/validate';
import type { Database } from '../store/database';
import { insertIssue } from '../store/issues';
import { findForkFamilyRepository, findOpenPullBetween, insertPullRequest } from '../store/pullRequests';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
import { findAccountByName, findUserByName, type UserRow } from '../store/users';
import { canWriteIssues } from './issues';
import { announceReviewRequests } from './reviewRequestEvents';
import { addReviewRequest } from './reviewRequestRows';
import { recordMentions, resolveAssignees } from './issuesAssignees';
import { emitIssueEvent, type IssueActor } from './issuesEvents';
import { addIssueCrossReferences } from './crossReferences';
import { recordAssignee, recordMilestone } from './issueTimeline';
import { attachLabels, resolveIssueLabels } from './labels';
import { recordPullPush } from './pullPushEntries';
import { assertNotBlockedBy, atLeast, repoAccess } from './permissions';
import { branchTip, gitDirOf, refreshPull, type PullGitContext, type PullItem } from './pullRequestsState';
import { milestoneIdOrNone } from './milestones';

/** Who acts on pull requests, with what reading and changing their git data takes. */
export type PullActor = IssueActor & PullGitContext;

export interface CreatePullInput {
  /** `branch` of this repository, or `owner:branch` / `owner/repo:branch` of a fork */
  head: string;
  base: string;
  title: string;
  body?: string;
  assignees?: readonly string[];
  assignee?: string;
  labels?: readonly unknown[];
  milestone?: number;
  /** unix seconds (end of the chosen day) */
  dueDate?: number;
  reviewers?: readonly string[];
  allowMaintainerEdit?: boolean;
}

const noChanges = 'Invalid PullRequest: There are no changes between the head and the base';

/** A pull request's two ends, as the open-duplicate check compares them. */
export interface PullTarget {
  headRepoId: number;
  headBranch: string;
  baseRepoId: number;
  baseBranch: string;
}

/** 409 when an open pull request already joins these branches (Gitea's ErrPullRequestAlreadyExists). */
export function assertNoOpenDuplicate(db: Database, target: PullTarget, exceptPullId = 0): void {
  const existing = findOpenPullBetween(db, target, exceptPullId);
  if (!existing) return;
  throw conflict(
    `pull request #${existing.number} already exists for these targets [id: ${existing.pull.id}, issue_id: ${existing.number}, ` +
      `head_repo_id: ${target.headRepoId}, base_repo_id: ${target.baseRepoId}, head_branch: ${target.headBranch}, ` +
      `base_branch: ${target.baseBranch}]`,
  );
}

/** Whether two repositories are the same or one fork family (a fork, the parent, or a sibling fork). */
function sameFamily(a: RepositoryRow, b: RepositoryRow): boolean {
  return (
    a.id === b.id ||
    a.fork_id === b.id ||
    b.fork_id === a.id ||
    (a.fork_id !== null && a.fork_id === b.fork_id)
  );
}

/**
 * The repository and branch a `head` names: a branch of the base repository, `owner:branch` (the owner's
 * repository in the base's fork family) or `owner/repo:branch`. 404 when there is none the doer may read.
 */
function resolveHead(
  actor: PullActor,
  baseRepo: RepositoryRow,
  head: string,
): { repo: RepositoryRow; branch: string } {
  const parts = head.split(':');
  if (parts.length === 1) return { repo: baseRepo, branch: head };
  if (parts.length !== 2) throw notFound(`head does not exist [head: ${head}]`);
  const [owner, branch] = parts as [string, string];
  let repo: RepositoryRow | undefined;
  if (owner.includes('/')) {
    const [ownerName, repoName] = owner.split('/', 2) as [string, string];
    const named = findRepositoryByName(actor.db, ownerName, repoName);
    repo = named && sameFamily(named, baseRepo) ? named : undefined;
  } else {
    const account = findAccountByName(actor.db, owner);
    if (!account) throw notFound(`user does not exist [name: ${owner}]`);
    repo =
      account.id === baseRepo.owner_id ? baseRepo : findForkFamilyRepository(actor.db, account.id, baseRepo);
  }
  const readable = repo && atLeast(repoAccess(actor.db, actor.doer, repo, 'repo.code'), 'read');
  if (!repo || !readable)
    throw notFound(`${owner} has no fork of ${baseRepo.owner_name}/${baseRepo.name} to pull from`);
  return { repo, branch };
}

/** A branch's tip, or 404 naming which end is missing. */
async function existingBranch(
  actor: PullActor,
  repo: RepositoryRow,
  branch: string,
  end: 'base' | 'head',
): Promise<string> {
  const tip =
    isValidBranchName(branch) && existsSync(gitDirOf(actor, repo))
      ? await branchTip(actor, repo, branch)
      : undefined;
  if (!tip)
    throw notFound(`${end} branch does not exist [repo: ${repo.owner_name}/${repo.name}, name: ${branch}]`);
  return tip;
}

/** Users asked to review: unknown → 404 (as Gitea); the poster or someone who cannot read the pulls → 422. */
function resolveReviewers(actor: PullActor, repo: RepositoryRow, names: readonly string[]): UserRow[] {
  const users = new Map<number, UserRow>();
  for (const name of names) {
    const user = findUserByName(actor.db, name.trim());
    if (!user) throw notFound(`User '${name}' not exist`);
    if (user.id === actor.doer.id) throw invalid(`the poster cannot be asked to review [user: ${name}]`);
    if (!atLeast(repoAccess(actor.db, user, repo, 'repo.pulls'), 'read')) {
      throw invalid(
        `reviewer cannot read the pull requests of ${repo.owner_name}/${repo.name} [user: ${name}]`,
      );
    }
    users.set(user.id, user);
  }
  return [...users.values()];
}

/**
 * Creates a pull request as Gitea's API does: the head comes from this repository or a fork in its family,
 * both branches must exist, and one open pull request per pair of branches (409). Labels, milestone,
 * assignees and the due date count for writers only, as for issues. The head commit is copied into the
 * base repository as `refs/pull/<n>/head` before the pull request is announced (`opened`).
 */
export async function createPullRequest(
  actor: PullActor,
  baseRepo: RepositoryRow,
  input: CreatePullInput,
): Promise<PullItem> {
  const { db } = actor;
  if (input.head === input.base) throw invalid(noChanges);
  const head = resolveHead(actor, baseRepo, input.head);
  if (head.repo.id === baseRepo.id && head.branch === input.base) throw invalid(noChanges);
  if (!atLeast(repoAccess(db, actor.doer, baseRepo, 'repo.code'), 'read')) throw notFound();
  const baseTip = await existingBranch(actor, baseRepo, input.base, 'base');
  const headTip = await existingBranch(actor, head.repo, head.branch, 'head');
  const target: PullTarget = {
    headRepoId: head.repo.id,
    headBranch: head.branch,
    baseRepoId: baseRepo.id,
    baseBranch: input.base,
  };
  assertNoOpenDuplicate(db, target);

  const writer = canWriteIssues(db, actor, baseRepo, true);
  const labels = writer && input.labels ? resolveIssueLabels(db, baseRepo, input.labels) : [];
  const milestoneId = writer && input.milestone ? milestoneIdOrNone(db, baseRepo, input.milestone) : null;
  const assignees = writer ? resolveAssignees(db, baseRepo, input.assignees ?? [], input.assignee) : [];
  const reviewers = resolveReviewers(actor, baseRepo, input.reviewers ?? []);
  // Gitea's NewPullRequest: not for a poster the repository's owner or one of the assignees blocks
  assertNotBlockedBy(db, actor.doer, [baseRepo.owner_id, ...assignees.map((a) => a.id)]);

  const baseDir = gitDirOf(actor, baseRepo);
  // A fork's head is fetched under a temporary name first: nothing is recorded until it is here.
  const incoming = head.repo.id === baseRepo.id ? undefined : `refs/teahouse/incoming/${randomUUID()}`;
  let item: PullItem;
  try {
    const headCommit = incoming
      ? await fetchBranch(baseDir, gitDirOf(actor, head.repo), head.branch, incoming)
      : headTip;
    const base = await mergeBase(baseDir, baseTip, headCommit);
    if (!base) throw invalid('Invalid PullRequest: the head and the base have no history in common');
    item = db.transaction(() => {
      assertNoOpenDuplicate(db, target);
      const issue = insertIssue(db, {
        repoId: baseRepo.id,
        posterId: actor.doer.id,
        title: input.title,
        content: input.body ?? '',
        isPull: true,
        milestoneId,
        deadlineUnix: writer ? (input.dueDate ?? 0) : 0,
        assigneeIds: assignees.map((a) => a.id),
      });
      if (milestoneId !== null) recordMilestone(actor, issue.id, null, milestoneId);
      attachLabels(actor, issue.id, labels);
      recordMentions(db, actor.doer, baseRepo, issue.id, issue.content);
      addIssueCrossReferences(actor, baseRepo, issue);
      for (const assignee of assignees) recordAssignee(actor, issue.id, assignee.id, false);
      const pull = insertPullRequest(db, {
        issueId: issue.id,
        ...target,
        headCommitId: headCommit,
        baseCommitId: baseTip,
        mergeBase: base,
        allowMaintainerEdit: input.allowMaintainerEdit === true,
      });
      for (const reviewer of reviewers) addReviewRequest(db, actor.doer, issue.id, { userId: reviewer.id });
      return { issue, pull, baseRepo };
    });
    await setRef(baseDir, pullHeadRef(item.issue.number), headCommit);
    await recordPullPush(actor, {
      gitDir: baseDir,
      issueId: item.issue.id,
      before: baseTip,
      after: headCommit,
      baseTip,
      force: false,
    }).catch((error: unknown) =>
      actor.log.error('recording the commits of a new pull request failed', error),
    );
  } finally {
    if (incoming)
      await deleteRef(baseDir, incoming).catch((error: unknown) =>
        actor.log.error('removing a temporary ref failed', error),
      );
  }
  const { pull } = await refreshPull(actor, item);
  emitIssueEvent(actor, baseRepo, item.issue, 'opened');
  const requested = reviewers.map((reviewer) => ({ who: { userId: reviewer.id }, isAdd: true }));
  announceReviewRequests(actor, baseRepo, item.issue, requested);
  return { ...item, pull };
}
