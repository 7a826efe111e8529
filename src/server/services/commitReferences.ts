import { commentType, insertComment, refAction } from '../store/comments';
import type { Database } from '../store/database';
import { findIssueByNumber } from '../store/issues';
import { findRepositoryById, findRepositoryByName, type RepositoryRow } from '../store/repositories';
import { findUserById, type UserRow } from '../store/users';
import type { AppServices } from './appServices';
import { issueUnit } from './issuesAccess';
import type { IssueActor } from './issuesEvents';
import { findPlainReferences } from './issueReferences';
import { changeIssueState } from './issueState';
import { atLeast, repoAccess } from './permissions';

const branchPrefix = 'refs/heads/';

interface PushedCommit {
  readonly id: string;
  readonly message: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!,
  );

const hasCommitReference = (db: Database, issueId: number, sha: string): boolean =>
  db.get(
    'SELECT 1 AS found FROM comment WHERE type = ? AND issue_id = ? AND commit_sha = ?',
    commentType.commitRef,
    issueId,
    sha,
  ) !== undefined;

/**
 * The issues one commit's message references (Gitea's UpdateIssuesCommit): each gets a `commit_ref` entry
 * (once per commit) when the pusher may read it; an issue the pusher may close (a writer, or its poster) is
 * closed or reopened by a keyword when the commit reached the issue's own branch (`ref`), or else the
 * repository's default branch.
 */
function applyCommit(actor: IssueActor, repo: RepositoryRow, branch: string, commit: PushedCommit): void {
  const { db, doer } = actor;
  const seen = new Set<string>();
  const link = `${new URL(actor.rootUrl).pathname}${repo.owner_name}/${repo.name}`;
  for (const reference of findPlainReferences(commit.message, actor.rootUrl)) {
    const refRepo = reference.owner === '' ? repo : findRepositoryByName(db, reference.owner, reference.name);
    const issue = refRepo && findIssueByNumber(db, refRepo.id, reference.index);
    if (!refRepo || !issue) continue;
    const key = `${issue.id}:${reference.action}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const enabled = issue.is_pull ? refRepo.has_pull_requests : refRepo.has_issues;
    const mode = enabled ? repoAccess(db, doer, refRepo, issueUnit(issue.is_pull)) : 'none';
    const canClose =
      atLeast(repoAccess(db, doer, refRepo), 'admin') ||
      atLeast(mode, 'write') ||
      issue.poster_id === doer.id;
    if (!canClose && !atLeast(mode, 'read')) continue;
    if (!hasCommitReference(db, issue.id, commit.id)) {
      const title = escapeHtml(commit.message.split('\n', 1)[0] ?? '');
      insertComment(db, {
        issueId: issue.id,
        posterId: doer.id,
        type: commentType.commitRef,
        commitSha: commit.id,
        content: `<a href="${escapeHtml(link)}/commit/${commit.id}">${title}</a>`,
      });
    }
    if (issue.is_pull || !canClose) continue;
    if (reference.action !== refAction.closes && reference.action !== refAction.reopens) continue;
    const issueBranch = issue.ref.startsWith(branchPrefix) ? issue.ref.slice(branchPrefix.length) : issue.ref;
    if (branch !== (issue.ref !== '' ? issueBranch : repo.default_branch)) continue;
    changeIssueState(actor, refRepo, issue, reference.action === refAction.closes);
  }
}

function applyPush(
  app: AppServices,
  repoId: number,
  pusher: UserRow,
  branch: string,
  commits: PushedCommit[],
) {
  const repo = findRepositoryById(app.db, repoId);
  // a mirror's fetched commits are not pushed by anyone here (Gitea's mirror sync skips this too)
  if (!repo || repo.is_mirror) return;
  const actor: IssueActor = { db: app.db, rootUrl: app.config.rootUrl, events: app.events, doer: pusher };
  // oldest first, as Gitea walks them
  for (const commit of [...commits].reverse()) applyCommit(actor, repo, branch, commit);
}

const pushedCommits = (value: unknown): PushedCommit[] =>
  Array.isArray(value)
    ? value.flatMap((c: unknown) => {
        const { id, message } = (c ?? {}) as { id?: unknown; message?: unknown };
        return typeof id === 'string' && typeof message === 'string' ? [{ id, message }] : [];
      })
    : [];

/**
 * Follows pushes to branches for the life of the server: the commits a push event lists (at most the
 * push payload's 20, newest first) reference issues.
 */
export function startCommitReferences(app: AppServices): void {
  const unsubscribe = app.events.subscribe((event) => {
    const ref = event.payload.ref;
    if (event.event !== 'push' || typeof ref !== 'string' || !ref.startsWith(branchPrefix)) return;
    const commits = pushedCommits(event.payload.commits);
    const pusher = commits.length > 0 ? findUserById(app.db, event.senderId) : undefined;
    if (!pusher) return;
    try {
      applyPush(app, event.repoId, pusher, ref.slice(branchPrefix.length), commits);
    } catch (error) {
      app.log.error(`recording the issue references of a push to ${ref} failed`, error);
    }
  });
  app.onStop(unsubscribe);
}
