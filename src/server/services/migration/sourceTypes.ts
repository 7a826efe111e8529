/**
 * What the importer reads of a source's JSON: the fields Gitea 1.14's swagger gives (later fields such as
 * a label's `exclusive` optional), each possibly missing or null in an older or odd source.
 */

export interface SourceUser {
  readonly id?: number;
  readonly login?: string;
}

/** Whoever wrote something, with Gitea's `original_author` fields where the type has them. */
export interface SourceAuthored {
  readonly user?: SourceUser | null;
  readonly original_author?: string;
  readonly original_author_id?: number;
}

export interface SourceLabel {
  readonly name?: string;
  readonly color?: string;
  readonly description?: string;
  readonly exclusive?: boolean;
  readonly is_archived?: boolean;
}

export interface SourceMilestone {
  readonly title?: string;
  readonly description?: string;
  readonly state?: string;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
  readonly closed_at?: string | null;
  readonly due_on?: string | null;
}

export interface SourceIssue extends SourceAuthored {
  readonly number?: number;
  readonly title?: string;
  readonly body?: string;
  readonly ref?: string;
  readonly state?: string;
  readonly is_locked?: boolean;
  readonly labels?: readonly SourceLabel[] | null;
  readonly milestone?: SourceMilestone | null;
  readonly assignees?: readonly SourceUser[] | null;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
  readonly closed_at?: string | null;
  readonly due_date?: string | null;
  /** Set (non-null) when the issue is a pull request's. */
  readonly pull_request?: unknown;
}

export interface SourceComment extends SourceAuthored {
  readonly id?: number;
  readonly body?: string;
  readonly issue_url?: string;
  readonly pull_request_url?: string;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
}

export interface SourceReaction {
  readonly user?: SourceUser | null;
  readonly content?: string;
  readonly created_at?: string | null;
}

export interface SourceBranch {
  readonly ref?: string;
  readonly sha?: string;
  readonly repo_id?: number;
}

export interface SourcePull {
  readonly number?: number;
  readonly head?: SourceBranch | null;
  readonly base?: SourceBranch | null;
  readonly merge_base?: string;
  readonly mergeable?: boolean;
  readonly merged?: boolean;
  readonly merged_at?: string | null;
  readonly merge_commit_sha?: string | null;
  readonly merged_by?: SourceUser | null;
  readonly allow_maintainer_edit?: boolean;
  readonly additions?: number;
  readonly deletions?: number;
  readonly changed_files?: number;
}

export interface SourceReview {
  readonly id?: number;
  readonly user?: SourceUser | null;
  readonly state?: string;
  readonly body?: string;
  readonly commit_id?: string;
  readonly stale?: boolean;
  readonly official?: boolean;
  readonly dismissed?: boolean;
  readonly submitted_at?: string | null;
  readonly updated_at?: string | null;
}

export interface SourceReviewComment {
  readonly user?: SourceUser | null;
  readonly resolver?: SourceUser | null;
  readonly body?: string;
  readonly path?: string;
  readonly commit_id?: string;
  readonly original_commit_id?: string;
  readonly diff_hunk?: string;
  readonly position?: number;
  readonly original_position?: number;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
}

export interface SourceRelease {
  readonly tag_name?: string;
  readonly target_commitish?: string;
  readonly name?: string;
  readonly body?: string;
  readonly draft?: boolean;
  readonly prerelease?: boolean;
  readonly created_at?: string | null;
  readonly author?: SourceUser | null;
  readonly assets?: readonly SourceAsset[] | null;
}

/** A release asset as Gitea answers it (`Attachment`). */
export interface SourceAsset {
  readonly name?: string;
  readonly size?: number;
  readonly created_at?: string | null;
  readonly browser_download_url?: string;
}

/** Unix seconds of a source date; 0 for none (null, empty, Gitea's zero time, unparsable). */
export function unixOf(date: string | null | undefined): number {
  if (!date) return 0;
  const ms = Date.parse(date);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
}

/** The number at the end of an issue or pull request URL (`…/issues/12`, `…/pulls/12`). */
export function numberFromUrl(url: string | undefined): number | undefined {
  const match = /\/(\d+)\/?$/.exec(url ?? '');
  return match ? Number(match[1]) : undefined;
}
