/** Gitea's default WORK_IN_PROGRESS_PREFIXES, compared case-insensitively. */
const workInProgressPrefixes = ['wip:', '[wip]'];

/**
 * Gitea's HasWorkInProgressPrefix: a pull request whose title starts with `WIP:` or `[WIP]` is a draft — it
 * cannot be merged, and repository watchers do not hear of it. The title is not trimmed first, as in Gitea.
 */
export const isWorkInProgress = (title: string): boolean =>
  workInProgressPrefixes.some((prefix) => title.toLowerCase().startsWith(prefix));
