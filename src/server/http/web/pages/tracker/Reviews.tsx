import type { PullReview, PullReviewComment } from '../../../../../api/types';
import { Avatar, RenderedMarkdown, Time, UserLink } from '../../layout/parts';
import { anchorOf } from './Conversation';
import { DiffHunk } from './DiffHunk';

const stateNames: Readonly<Record<PullReview['state'], string>> = {
  APPROVED: 'approved',
  PENDING: 'has a pending review',
  COMMENT: 'reviewed',
  REQUEST_CHANGES: 'requested changes',
  REQUEST_REVIEW: 'was asked to review',
};

const stateClass = (state: PullReview['state']): string =>
  state === 'APPROVED' ? 'state open' : state === 'REQUEST_CHANGES' ? 'state closed' : 'state draft';

/** A review comment with its rendered body. */
export interface RenderedReviewComment {
  readonly comment: PullReviewComment;
  readonly html: string;
}

/** The reviews in order: who, which state, when, and the review's own text. */
export function ReviewList(props: {
  readonly reviews: readonly PullReview[];
  readonly bodyHtml: readonly string[];
}) {
  if (props.reviews.length === 0) return null;
  return (
    <section class="reviews">
      <h2>Reviews</h2>
      {props.reviews.map((review, index) => (
        <article key={review.id} class="comment review" id={anchorOf(review.html_url)}>
          <header class="row">
            <Avatar url={review.user?.avatar_url} />{' '}
            {review.user ? (
              <UserLink login={review.user.login} />
            ) : (
              <span>{review.team?.name ?? 'a team'}</span>
            )}
            <span class={stateClass(review.state)}>{stateNames[review.state]}</span>
            <Time iso={review.submitted_at} />
            {review.stale ? <span class="muted small">outdated</span> : null}
            {review.dismissed ? <span class="muted small">dismissed</span> : null}
          </header>
          {props.bodyHtml[index] ? <RenderedMarkdown html={props.bodyHtml[index]} /> : null}
        </article>
      ))}
    </section>
  );
}

/** Review comments grouped by file, each group under the diff hunk of its first comment. */
export function ReviewCommentsByFile({ comments }: { readonly comments: readonly RenderedReviewComment[] }) {
  if (comments.length === 0) return null;
  const byFile = new Map<string, RenderedReviewComment[]>();
  for (const item of comments) {
    const list = byFile.get(item.comment.path) ?? [];
    list.push(item);
    byFile.set(item.comment.path, list);
  }
  return (
    <section class="review-comments">
      <h2>Review comments</h2>
      {[...byFile].map(([path, items]) => (
        <div key={path} class="box">
          <div class="box-header mono">{path}</div>
          <DiffHunk hunk={items[0]?.comment.diff_hunk ?? ''} />
          {items.map(({ comment, html }) => (
            <article key={comment.id} class="comment" id={anchorOf(comment.html_url)}>
              <header class="row">
                <Avatar url={comment.user.avatar_url} /> <UserLink login={comment.user.login} />
                <span class="muted">
                  line {comment.position || comment.original_position} · <Time iso={comment.created_at} />
                </span>
                {comment.resolver ? (
                  <span class="muted small">resolved by {comment.resolver.login}</span>
                ) : null}
              </header>
              <RenderedMarkdown html={html} />
            </article>
          ))}
        </div>
      ))}
    </section>
  );
}
