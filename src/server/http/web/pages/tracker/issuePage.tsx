import type { Comment, Issue, Reaction } from '../../../../../api/types';
import { notFound } from '../../../../domain/errors';
import { RepoHeader } from '../../layout/RepoHeader';
import type { WebPage } from '../../webPage';
import { Conversation, ConversationHeader } from './Conversation';
import { IssueSidebar, participantsOf } from './IssueSidebar';
import { listAll, redirect, renderAll, repoApi, repoSummary, repoWeb, type RepoRef } from './trackerApi';

/** An issue number from the path, or the 404 Gitea answers for anything else. */
export function issueNumber(text: string): number {
  const number = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  if (number < 1) throw notFound("The target couldn't be found.");
  return number;
}

/** The issue (or pull request) by number, as the API answers it to the caller. */
export const loadIssue = (page: WebPage, repo: RepoRef, number: number): Promise<Issue> =>
  page.get<Issue>(`${repoApi(repo)}/issues/${number}`);

/** Everything of the conversation: comments, reactions, and the bodies rendered. */
export interface ConversationData {
  readonly comments: Comment[];
  readonly reactions: Reaction[];
  readonly bodyHtml: string;
  readonly commentHtml: string[];
}

export async function loadConversation(
  page: WebPage,
  repo: RepoRef,
  issue: Issue,
): Promise<ConversationData> {
  const base = `${repoApi(repo)}/issues/${issue.number}`;
  const [comments, reactions] = await Promise.all([
    page.list<Comment>(`${base}/comments`).then((found) => found.items),
    listAll<Reaction>(page, `${base}/reactions`),
  ]);
  const [bodyHtml = '', ...commentHtml] = await renderAll(
    page,
    [issue.body, ...comments.map((comment) => comment.body)],
    repo,
  );
  return { comments, reactions, bodyHtml, commentHtml };
}

/** `/{owner}/{repo}/issues/{n}`: the issue's conversation and sidebar; a pull request's number redirects. */
export async function issuePage(page: WebPage, repo: RepoRef, index: string): Promise<void> {
  const number = issueNumber(index);
  const issue = await loadIssue(page, repo, number);
  if (issue.pull_request) {
    redirect(page, `${page.site.rootPath}${repoWeb(repo)}/pulls/${number}`);
    return;
  }
  const [summary, conversation] = await Promise.all([
    repoSummary(page, repo),
    loadConversation(page, repo, issue),
  ]);
  await page.render({
    title: `${issue.title} · Issue #${issue.number} · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active="issues" />
        <ConversationHeader issue={issue} />
        <div class="layout-sidebar">
          <Conversation issue={issue} {...conversation} />
          <IssueSidebar
            repo={repo}
            issue={issue}
            participants={participantsOf(issue, conversation.comments)}
          />
        </div>
      </>
    ),
  });
}
