import { isAncestor } from '../git/merge';
import { newCommits } from '../git/receive';
import { commentType, insertComment } from '../store/comments';
import type { TimelineWriter } from './issueTimeline';

/** More commits than one push brings to a pull request in practice; Gitea lists them all. */
const commitLimit = 100_000;

export interface PullPush {
  /** The base repository's git directory (the head is copied there as `refs/pull/<n>/head`). */
  readonly gitDir: string;
  readonly issueId: number;
  /** The head before (for a new pull request: the base branch's tip) and after. */
  readonly before: string;
  readonly after: string;
  /** The base branch's tip: its commits are not the pull request's. */
  readonly baseTip: string;
  /** The head was rewritten (the old head is not in the new one's history). */
  readonly force: boolean;
}

/** Whether a branch moved from `before` to `after` by rewriting its history. */
export const isForcePush = async (gitDir: string, before: string, after: string): Promise<boolean> =>
  !(await isAncestor(gitDir, before, after));

/**
 * The `pull_push` timeline entry of commits that reached a pull request (Gitea's CreatePushPullComment):
 * its text is `{"is_force_push":…,"commit_ids":[…]}`, the new commits oldest first, or for a force push the
 * old and the new head. Nothing is recorded when no commit is new.
 */
export async function recordPullPush(writer: TimelineWriter, push: PullPush): Promise<void> {
  const force = push.force;
  let commitIds: string[];
  if (force) commitIds = [push.before, push.after];
  else {
    const { ids } = await newCommits(push.gitDir, push.after, [push.before, push.baseTip], commitLimit);
    commitIds = ids.reverse();
  }
  if (commitIds.length === 0) return;
  insertComment(writer.db, {
    issueId: push.issueId,
    posterId: writer.doer.id,
    type: commentType.pullPush,
    content: JSON.stringify({ is_force_push: force, commit_ids: commitIds }),
  });
}
