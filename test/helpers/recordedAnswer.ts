/** One answer a real Gitea gave, as test/fixtures/gitea-*-answers.json record them. */
export interface RecordedAnswer {
  /** The signed-in user (token auth); `anonymous` without auth. */
  readonly as: string;
  readonly method: string;
  /** Below `/api/v1`, with the query as sent. */
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}
