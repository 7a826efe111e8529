/** One page of a list, as Gitea pages: 1-based `page`, `limit` rows, `offset` rows skipped. */
export interface Paging {
  readonly page: number;
  readonly limit: number;
  /** Rows to skip: (page - 1) * limit. */
  readonly offset: number;
}
