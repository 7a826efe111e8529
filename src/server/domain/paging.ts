/** One page of a list, as Gitea pages: 1-based `page`, `limit` rows, `offset` rows skipped. */
export interface Paging {
  readonly page: number;
  readonly limit: number;
  /** Rows to skip: (page - 1) * limit. */
  readonly offset: number;
}

/** Rows a page holds when `limit` is absent (Gitea's `[api] DEFAULT_PAGING_NUM`). */
export const defaultPageSize = 30;
/** The most rows a page holds, whatever `limit` asks (Gitea's `[api] MAX_RESPONSE_ITEMS`). */
export const maxPageSize = 50;
/** Entries of a git tree per page (Gitea's `[api] DEFAULT_GIT_TREES_PER_PAGE`). */
export const defaultGitTreesPerPage = 1000;
