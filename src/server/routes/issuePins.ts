import { issueListJson } from '../convert/issue';
import { pullRequestListJson } from '../convert/pullRequest';
import { forbidden } from '../domain/errors';
import { setIssueLock } from '../services/issueLock';
import { moveIssuePin, newPinAllowed, pinIssue, unpinIssue } from '../services/issuePins';
import { canWriteIssues } from '../services/issues';
import { refreshPulls } from '../services/pullRequestsState';
import { pinnedIssues } from '../store/issues';
import { findPullByIssueId } from '../store/pullRequests';
import type { HandlerMap } from './handler';
import { issueActor, loadIssue } from './issuesLookup';
import { pullGit } from './pullsLookup';
import { pullReader, readRepo, repoAdmin, repoRoute } from './guards';

export const issuePinHandlers: HandlerMap = {
  // Repository administrators pin, unpin and move pins (Gitea's reqAdmin).
  pinIssue: repoRoute(repoAdmin, (ctx, { repo }) => {
    pinIssue(issueActor(ctx), repo, loadIssue(ctx, repo));
    ctx.empty();
  }),

  unpinIssue: repoRoute(repoAdmin, (ctx, { repo }) => {
    unpinIssue(issueActor(ctx), loadIssue(ctx, repo));
    ctx.empty();
  }),

  moveIssuePin: repoRoute(repoAdmin, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const position = Number(ctx.param('position'));
    moveIssuePin(ctx.db, issue, Number.isSafeInteger(position) ? position : 0);
    ctx.empty();
  }),

  repoListPinnedIssues: repoRoute({ unit: 'repo.issues' }, (ctx, { repo }) => {
    const issues = pinnedIssues(ctx.db, repo.id, false);
    ctx.jsonText(
      issueListJson(
        ctx,
        issues.map((issue) => issue.id),
        repo,
      ),
    );
  }),

  repoListPinnedPullRequests: repoRoute(pullReader, async (ctx, { repo }) => {
    const items = pinnedIssues(ctx.db, repo.id, true).flatMap((issue) => {
      const pull = findPullByIssueId(ctx.db, issue.id);
      return pull ? [{ issue, pull, baseRepo: repo }] : [];
    });
    const fresh = await refreshPulls(pullGit(ctx), items);
    ctx.jsonText(pullRequestListJson(ctx, fresh, repo));
  }),

  repoNewPinAllowed: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.json({
      issues: newPinAllowed(ctx.db, repo, false),
      pull_requests: newPinAllowed(ctx.db, repo, true),
    });
  }),

  // Gitea: repository administrators, who must also write to the issue's unit (403 otherwise).
  issueLockIssue: repoRoute(repoAdmin, async (ctx, { repo }) => {
    const reason = (await ctx.body()).string('lock_reason') ?? '';
    const issue = loadIssue(ctx, repo);
    const actor = issueActor(ctx);
    if (!canWriteIssues(ctx.db, actor, repo, issue.is_pull))
      throw forbidden('no permission to lock this issue');
    setIssueLock(actor, issue, true, reason);
    ctx.empty();
  }),

  issueUnlockIssue: repoRoute(repoAdmin, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    const actor = issueActor(ctx);
    if (!canWriteIssues(ctx.db, actor, repo, issue.is_pull)) {
      throw forbidden('no permission to unlock this issue');
    }
    setIssueLock(actor, issue, false);
    ctx.empty();
  }),
};
