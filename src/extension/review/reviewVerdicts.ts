import type { PullReview } from '../../api/types';
import type { ReviewVerdicts } from '../../webview/protocol';

/** What one review says, as a thread's comments and the pull request view name it. */
export type ReviewVerdict = 'pending' | 'approved' | 'changesRequested' | 'dismissed' | 'commented';

export function verdictOf(review: Pick<PullReview, 'state' | 'dismissed'>): ReviewVerdict {
  if (review.state === 'PENDING') return 'pending';
  // a dismissed approval or request for changes no longer counts, and says so
  if (review.dismissed && (review.state === 'APPROVED' || review.state === 'REQUEST_CHANGES'))
    return 'dismissed';
  if (review.state === 'APPROVED') return 'approved';
  if (review.state === 'REQUEST_CHANGES') return 'changesRequested';
  return 'commented';
}

/**
 * Who approves the pull request and who asks for changes now: each reviewer's latest approval or request for
 * changes, unless it was dismissed (a later comment leaves it standing), as Gitea counts approvals.
 */
export function currentVerdicts(
  reviews: readonly Pick<PullReview, 'id' | 'state' | 'dismissed' | 'user'>[],
): ReviewVerdicts {
  const latest = new Map<string, Pick<PullReview, 'id' | 'state' | 'dismissed'>>();
  for (const review of [...reviews].sort((a, b) => a.id - b.id)) {
    const login = review.user?.login;
    if (login === undefined) continue;
    if (review.state !== 'APPROVED' && review.state !== 'REQUEST_CHANGES') continue;
    // in the order of their latest judgement
    latest.delete(login);
    latest.set(login, review);
  }
  const by = (verdict: ReviewVerdict) =>
    [...latest].filter(([, review]) => verdictOf(review) === verdict).map(([login]) => login);
  return { approvedBy: by('approved'), changesRequestedBy: by('changesRequested') };
}
