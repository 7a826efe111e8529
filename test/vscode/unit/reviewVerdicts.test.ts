import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PullReview } from '../../../src/api/types';
import { currentVerdicts, verdictOf } from '../../../src/extension/review/reviewVerdicts';

let nextId = 1;
function review(login: string | null, state: PullReview['state'], dismissed = false) {
  return { id: nextId++, state, dismissed, user: login === null ? null : ({ login } as PullReview['user']) };
}

test("a review's verdict: pending, approved, changes requested, dismissed (only a judgement is), commented", () => {
  assert.equal(verdictOf(review('a', 'PENDING')), 'pending');
  assert.equal(verdictOf(review('a', 'APPROVED')), 'approved');
  assert.equal(verdictOf(review('a', 'REQUEST_CHANGES')), 'changesRequested');
  assert.equal(verdictOf(review('a', 'APPROVED', true)), 'dismissed');
  assert.equal(verdictOf(review('a', 'REQUEST_CHANGES', true)), 'dismissed');
  assert.equal(verdictOf(review('a', 'COMMENT')), 'commented');
  assert.equal(verdictOf(review('a', 'COMMENT', true)), 'commented');
  assert.equal(verdictOf(review('a', 'REQUEST_REVIEW')), 'commented');
});

test('each reviewer counts by their latest approval or request for changes; a later comment leaves it standing', () => {
  const reviews = [
    review('alice', 'REQUEST_CHANGES'),
    review('bob', 'APPROVED'),
    review('alice', 'APPROVED'),
    review('bob', 'COMMENT'),
    review('carol', 'APPROVED'),
    review('carol', 'REQUEST_CHANGES'),
    review('dave', 'COMMENT'),
    review('erin', 'PENDING'),
  ];
  assert.deepEqual(currentVerdicts(reviews), { approvedBy: ['bob', 'alice'], changesRequestedBy: ['carol'] });
});

test('the order is by review id, whatever order the server lists them in', () => {
  const first = review('alice', 'APPROVED');
  const second = review('alice', 'REQUEST_CHANGES');
  assert.deepEqual(currentVerdicts([second, first]), { approvedBy: [], changesRequestedBy: ['alice'] });
});

test("a dismissed latest judgement counts for nothing; a team's request (no user) is passed over", () => {
  const reviews = [review('alice', 'APPROVED'), review('alice', 'APPROVED', true), review(null, 'APPROVED')];
  assert.deepEqual(currentVerdicts(reviews), { approvedBy: [], changesRequestedBy: [] });
  assert.deepEqual(currentVerdicts([]), { approvedBy: [], changesRequestedBy: [] });
});
