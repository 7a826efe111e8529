import type { WikiCommit, WikiCommitList } from '../../api/types';

/** One revision of a wiki page as the revision picker shows it. */
export interface WikiRevision {
  readonly sha: string;
  readonly shortSha: string;
  /** The commit message's first line. */
  readonly summary: string;
  readonly author: string;
  /** ISO date of the commit (the committer's, else the author's); '' when the server sent none. */
  readonly date: string;
}

/** A page of revisions read from `/wiki/revisions/{page}`, and whether the server has more. */
export interface WikiRevisionPage {
  readonly revisions: readonly WikiRevision[];
  readonly total: number;
  readonly hasMore: boolean;
}

function revisionOf(commit: WikiCommit): WikiRevision {
  // Gitea spells the committer `commiter`; a server that fixed the spelling is read too
  const committer = commit.commiter ?? (commit as { committer?: WikiCommit['commiter'] }).committer;
  return {
    sha: commit.sha,
    shortSha: commit.sha.slice(0, 10),
    summary: (commit.message ?? '').split('\n')[0]?.trim() ?? '',
    author: commit.author?.name || committer?.name || '',
    date: committer?.date || commit.author?.date || '',
  };
}

/**
 * Reads one answer of the revisions list. The server pages at its own size (Gitea's CommitsRangeSize, 50 by
 * default, with no `limit`), so whether more follow is told by the count against what was read so far.
 */
export function parseRevisionPage(answer: WikiCommitList, alreadyRead: number): WikiRevisionPage {
  const commits = answer.commits ?? [];
  const total = answer.count ?? commits.length;
  return {
    revisions: commits.map(revisionOf),
    total,
    hasMore: commits.length > 0 && alreadyRead + commits.length < total,
  };
}
