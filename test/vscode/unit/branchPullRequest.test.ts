import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CombinedStatus, PullRequest } from '../../../src/api/types';
import {
  checksFinished,
  checksState,
  firstPollMs,
  isDefaultBranch,
  longestPollMs,
  nextPollDelay,
  pickPullForBranch,
  pullState,
  type BranchHead,
} from '../../../src/extension/workspace/branchPullRequest';

function pull(
  number: number,
  ref: string,
  headRepository: string | null,
  extra: Partial<PullRequest> = {},
): PullRequest {
  return {
    number,
    state: 'open',
    head: {
      ref,
      label: ref,
      sha: 'abc',
      repo_id: 1,
      repo: headRepository === null ? null : { full_name: headRepository },
    },
    ...extra,
  } as PullRequest;
}

const head: BranchHead = { branch: 'feature', upstream: undefined, repository: 'alice/app' };

test('the pull request whose head is the branch of the workspace repository', () => {
  const pulls = [
    pull(1, 'main', 'alice/app'),
    pull(2, 'feature', 'alice/app'),
    pull(3, 'other', 'alice/app'),
  ];
  assert.equal(pickPullForBranch(pulls, head)?.number, 2);
});

test('a fork with the same branch name is not the branch', () => {
  assert.equal(pickPullForBranch([pull(4, 'feature', 'bob/app')], head), undefined);
  assert.equal(pickPullForBranch([pull(4, 'feature', 'ALICE/App')], head)?.number, 4);
});

test('a deleted head repository leaves the branch name to match', () => {
  assert.equal(pickPullForBranch([pull(5, 'feature', null)], head)?.number, 5);
});

test("the upstream's name counts when the local branch is named differently", () => {
  const tracking: BranchHead = { branch: 'local-name', upstream: 'feature', repository: 'alice/app' };
  assert.equal(pickPullForBranch([pull(6, 'feature', 'alice/app')], tracking)?.number, 6);
  assert.equal(
    pickPullForBranch([pull(6, 'feature', 'alice/app')], { ...tracking, upstream: undefined }),
    undefined,
  );
});

test('an open pull request wins over closed ones, then the newest', () => {
  const pulls = [
    pull(7, 'feature', 'alice/app', { state: 'closed', merged: true }),
    pull(9, 'feature', 'alice/app', { state: 'closed' }),
    pull(8, 'feature', 'alice/app'),
  ];
  assert.equal(pickPullForBranch(pulls, head)?.number, 8);
  assert.equal(
    pickPullForBranch(
      pulls.filter((p) => p.state === 'closed'),
      head,
    )?.number,
    9,
  );
  assert.equal(pickPullForBranch([], head), undefined);
});

test('states: merged before closed, draft only while open', () => {
  assert.equal(pullState(pull(1, 'x', null, { state: 'closed', merged: true })), 'merged');
  assert.equal(pullState(pull(1, 'x', null, { state: 'closed', merged: false, draft: true })), 'closed');
  assert.equal(pullState(pull(1, 'x', null, { draft: true })), 'draft');
  assert.equal(pullState(pull(1, 'x', null)), 'open');
});

function combined(state: string, count: number): CombinedStatus {
  return {
    state,
    total_count: count,
    statuses: count === 0 ? null : Array.from({ length: count }, () => ({ status: state })),
  } as unknown as CombinedStatus;
}

test('the combined status as the icon shows it; no statuses is none', () => {
  assert.equal(checksState(undefined), 'none');
  assert.equal(checksState(combined('', 0)), 'none');
  assert.equal(checksState(combined('pending', 0)), 'none');
  assert.equal(checksState(combined('pending', 2)), 'pending');
  assert.equal(checksState(combined('success', 1)), 'success');
  assert.equal(checksState(combined('failure', 1)), 'failure');
  assert.equal(checksState(combined('error', 1)), 'failure');
});

test('checks finish only from pending to a result', () => {
  assert.ok(checksFinished('pending', 'success'));
  assert.ok(checksFinished('pending', 'failure'));
  assert.ok(!checksFinished('pending', 'pending'));
  assert.ok(!checksFinished('success', 'failure'));
  assert.ok(!checksFinished(undefined, 'success'));
  assert.ok(!checksFinished('none', 'success'));
});

test('the poll backs off from 30 s doubling to 5 min while nothing changes, and resets on a change', () => {
  const delays: number[] = [];
  let delay: number | undefined;
  for (let n = 0; n < 7; n++) {
    delay = nextPollDelay(delay, false);
    delays.push(delay);
  }
  assert.deepEqual(delays, [
    firstPollMs,
    60_000,
    120_000,
    240_000,
    longestPollMs,
    longestPollMs,
    longestPollMs,
  ]);
  assert.equal(nextPollDelay(longestPollMs, true), firstPollMs);
});

test('the default branch is the branch tracking it, or of its name without an upstream; unknown is never', () => {
  const on = (branch: string, upstream?: string): BranchHead => ({
    branch,
    upstream,
    repository: 'alice/app',
  });
  assert.equal(isDefaultBranch(on('main'), 'main'), true);
  assert.equal(isDefaultBranch(on('main', 'main'), 'main'), true);
  assert.equal(isDefaultBranch(on('dev', 'main'), 'main'), true);
  assert.equal(isDefaultBranch(on('feature'), 'main'), false);
  // a local main pushed to a branch of another name proposes that branch
  assert.equal(isDefaultBranch(on('main', 'topic'), 'main'), false);
  assert.equal(isDefaultBranch(on('develop'), 'develop'), true);
  assert.equal(isDefaultBranch(on('main'), undefined), false);
  assert.equal(isDefaultBranch(on('main'), ''), false);
});
