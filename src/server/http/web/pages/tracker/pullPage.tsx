import type { PullRequest, PullReview, PullReviewComment } from '../../../../../api/types';
import { RepoHeader } from '../../layout/RepoHeader';
import type { WebPage } from '../../webPage';
import { Conversation, ConversationHeader } from './Conversation';
import { issueNumber, loadConversation, loadIssue } from './issuePage';
import { IssueSidebar, participantsOf } from './IssueSidebar';
import { PullSummary, PullTabs } from './PullSummary';
import { ReviewCommentsByFile, ReviewList } from './Reviews';
import { listAll, redirect, renderAll, repoApi, repoSummary, repoWeb, type RepoRef } from './trackerApi';

/** The pull request behind a number, or a redirect to the issue page when the number is an issue's. */
export async function loadPull(page: WebPage, repo: RepoRef, index: string) {
  const number = issueNumber(index);
  const issue = await loadIssue(page, repo, number);
  if (!issue.pull_request) {
    redirect(page, `${page.site.rootPath}${repoWeb(repo)}/issues/${number}`);
    return undefined;
  }
  const pull = await page.get<PullRequest>(`${repoApi(repo)}/pulls/${number}`);
  return { issue, pull };
}

/** The reviews and every review's code comments, bodies rendered. */
async function loadReviews(page: WebPage, repo: RepoRef, number: number) {
  const base = `${repoApi(repo)}/pulls/${number}/reviews`;
  const reviews = await listAll<PullReview>(page, base);
  const commentLists = await Promise.all(
    reviews.map((review) =>
      review.comments_count > 0
        ? page.get<PullReviewComment[]>(`${base}/${review.id}/comments`)
        : Promise.resolve([]),
    ),
  );
  const comments = commentLists.flat();
  const html = await renderAll(page, [...reviews.map((r) => r.body), ...comments.map((c) => c.body)], repo);
  return {
    reviews,
    reviewHtml: html.slice(0, reviews.length),
    comments: comments.map((comment, index) => ({ comment, html: html[reviews.length + index] ?? '' })),
  };
}

/** `/{owner}/{repo}/pulls/{n}`: the conversation, branches, merge state and reviews. */
export async function pullPage(page: WebPage, repo: RepoRef, index: string): Promise<void> {
  const loaded = await loadPull(page, repo, index);
  if (!loaded) return;
  const { issue, pull } = loaded;
  const [summary, conversation, reviews] = await Promise.all([
    repoSummary(page, repo),
    loadConversation(page, repo, issue),
    loadReviews(page, repo, pull.number),
  ]);
  await page.render({
    title: `${pull.title} · Pull request #${pull.number} · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active="pulls" />
        <ConversationHeader issue={issue} />
        <PullSummary repo={repo} pull={pull} />
        <PullTabs repo={repo} number={pull.number} active="conversation" />
        <div class="layout-sidebar">
          <div>
            <Conversation issue={issue} {...conversation} />
            <ReviewList reviews={reviews.reviews} bodyHtml={reviews.reviewHtml} />
            <ReviewCommentsByFile comments={reviews.comments} />
          </div>
          <IssueSidebar
            repo={repo}
            issue={issue}
            participants={participantsOf(
              issue,
              conversation.comments,
              reviews.reviews.map((review) => review.user),
            )}
          />
        </div>
      </>
    ),
  });
}
