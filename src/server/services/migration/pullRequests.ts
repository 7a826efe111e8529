import { invalid } from '../../domain/errors';
import { fetchSourceRef } from '../../git/fetch';
import { hasCommit, pullHeadRef, setRef } from '../../git/merge';
import { isObjectId } from '../../git/refs';
import { reviewType, type ReviewType } from '../../store/reviews';
import {
  insertImportedPull,
  insertImportedReview,
  insertImportedReviewComment,
  type ImportedReviewComment,
} from '../../store/trackerImport';
import type { ImportTarget, MigrationArea, SourceRepository } from './area';
import { loadDiscussions, sourceConcurrency, writeDiscussion, type Discussion } from './discussion';
import { mapLimited } from '../../domain/mapLimited';
import {
  unixOf,
  type SourceIssue,
  type SourcePull,
  type SourceReview,
  type SourceReviewComment,
} from './sourceTypes';

const reviewTypes: Readonly<Record<string, ReviewType>> = {
  APPROVED: reviewType.approve,
  COMMENT: reviewType.comment,
  REQUEST_CHANGES: reviewType.reject,
  REQUEST_REVIEW: reviewType.request,
};

interface LoadedReview {
  readonly review: SourceReview;
  readonly type: ReviewType;
  readonly comments: readonly SourceReviewComment[];
}

interface LoadedPull {
  readonly discussion: Discussion;
  readonly pull: SourcePull;
  readonly reviews: readonly LoadedReview[];
}

/** Reviews of one pull request and their code comments; pending ones (private to their author) stay behind. */
async function loadReviews(source: SourceRepository, number: number): Promise<LoadedReview[]> {
  const reviews = await source.api.list<SourceReview>(source.path(`/pulls/${number}/reviews`));
  const loaded: LoadedReview[] = [];
  for (const review of reviews) {
    const type = reviewTypes[review.state ?? ''];
    if (type === undefined || typeof review.id !== 'number') continue;
    const comments = await source.api.getList<SourceReviewComment>(
      source.path(`/pulls/${number}/reviews/${review.id}/comments`),
    );
    loaded.push({ review, type, comments });
  }
  return loaded;
}

/**
 * The stored patch whose hunk (the text after its first `\n@@`, as the API's `diff_hunk` is cut) is the
 * source's `diff_hunk` again.
 */
function patchFor(path: string, diffHunk: string): string {
  return diffHunk.startsWith('@@') ? `diff --git a/${path} b/${path}\n${diffHunk}` : '';
}

function reviewCommentRow(target: ImportTarget, comment: SourceReviewComment): ImportedReviewComment {
  const created = unixOf(comment.created_at);
  const position = comment.position ?? 0;
  const path = comment.path ?? '';
  return {
    author: target.authors.ofUser(comment.user),
    body: comment.body ?? '',
    path,
    line: position > 0 ? position : -(comment.original_position ?? 0),
    commitId: comment.commit_id ?? '',
    originalCommitId: comment.original_commit_id ?? '',
    patch: patchFor(path, comment.diff_hunk ?? ''),
    resolverId: target.authors.localId(comment.resolver) ?? null,
    created,
    updated: unixOf(comment.updated_at) || created,
  };
}

function writePull(target: ImportTarget, { discussion, pull, reviews }: LoadedPull): void {
  const issueId = writeDiscussion(target, discussion, true);
  const sameRepository = pull.head?.repo_id !== undefined && pull.head.repo_id === pull.base?.repo_id;
  const merged = pull.merged ?? false;
  insertImportedPull(target.db, issueId, target.repoId, {
    // A fork's head is not brought along: its commits live on in refs/pull/<n>/head.
    headRepoId: sameRepository ? target.repoId : null,
    headBranch: pull.head?.ref ?? '',
    baseBranch: pull.base?.ref ?? '',
    headCommitId: pull.head?.sha ?? '',
    baseCommitId: pull.base?.sha ?? '',
    mergeBase: pull.merge_base ?? '',
    mergeable: pull.mergeable ?? false,
    allowMaintainerEdit: pull.allow_maintainer_edit ?? false,
    additions: pull.additions ?? 0,
    deletions: pull.deletions ?? 0,
    changedFiles: pull.changed_files ?? 0,
    hasMerged: merged,
    mergedCommitId: merged ? (pull.merge_commit_sha ?? '') : '',
    mergerId: merged ? (target.authors.localId(pull.merged_by) ?? 0) : 0,
    mergedUnix: merged ? unixOf(pull.merged_at) : 0,
  });
  for (const { review, type, comments } of reviews) {
    const created = unixOf(review.submitted_at);
    const reviewId = insertImportedReview(target.db, issueId, {
      type,
      author: target.authors.ofUser(review.user),
      body: review.body ?? '',
      commitId: review.commit_id ?? '',
      official: review.official ?? false,
      stale: review.stale ?? false,
      dismissed: review.dismissed ?? false,
      created,
      updated: unixOf(review.updated_at) || created,
    });
    for (const comment of comments) {
      insertImportedReviewComment(target.db, issueId, reviewId, reviewCommentRow(target, comment));
    }
  }
}

/**
 * Points refs/pull/<n>/head at each head commit, as Gitea's migrator does: the clone brings the commit
 * (and the ref, when the source advertises it); otherwise the source's ref is fetched. A head that cannot
 * be had is left out, as Gitea leaves it (the pull request stays, without its commits).
 */
async function fetchHeads(
  source: SourceRepository,
  gitDir: string,
  pulls: readonly LoadedPull[],
): Promise<void> {
  for (const { discussion, pull } of pulls) {
    const sha = pull.head?.sha ?? '';
    if (!isObjectId(sha)) continue;
    const ref = pullHeadRef(discussion.number);
    if (!(await hasCommit(gitDir, sha)) && !(await fetchSourceRef(gitDir, source.git, ref))) continue;
    if (await hasCommit(gitDir, sha)) await setRef(gitDir, ref, sha);
  }
}

/** Pull requests: their issue half with comments and reactions, the branches and merge, reviews, heads. */
export const pullRequestsArea: MigrationArea = {
  name: 'pull requests',
  wanted: (flags) => flags.pullRequests,
  async load(source) {
    const pulls = await source.api.list<SourcePull>(source.path('/pulls'), { state: 'all' });
    // The issue view of each pull request carries what the pull request view lacks (original_author, ref).
    const issues = await source.api.list<SourceIssue>(source.path('/issues'), {
      state: 'all',
      type: 'pulls',
    });
    const issueOf = new Map(issues.map((issue) => [issue.number, issue]));
    const withIssues = pulls.map((pull) => {
      const issue = issueOf.get(pull.number);
      if (!issue)
        throw invalid(`Migration failed: the source did not list the issue of pull request #${pull.number}.`);
      return { pull, issue };
    });
    const discussions = await loadDiscussions(
      source,
      withIssues.map(({ issue }) => issue),
    );
    const pullOf = new Map(withIssues.map(({ pull, issue }) => [issue.number, pull]));
    const loaded: LoadedPull[] = await mapLimited(discussions, sourceConcurrency, async (discussion) => ({
      discussion,
      pull: pullOf.get(discussion.number)!,
      reviews: await loadReviews(source, discussion.number),
    }));
    return {
      counts: {
        pullRequests: loaded.length,
        reviews: loaded.reduce((n, p) => n + p.reviews.length, 0),
      },
      prepareGit: (gitDir) => fetchHeads(source, gitDir, loaded),
      write(target) {
        for (const pull of loaded) writePull(target, pull);
      },
    };
  },
};
