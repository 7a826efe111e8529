/** One route of Gitea's API v1 across releases, as the generated capability table records it. */
export interface GiteaRoute {
  /** The newest operationId Gitea gives the route. */
  readonly id: string;
  /** The first release whose swagger has the route. */
  readonly since: string;
  /** The last release that has it, when the newest release no longer does. */
  readonly until?: string;
  /** Query parameter → the first release whose swagger has it on this route. */
  readonly query: Readonly<Record<string, string>>;
}
