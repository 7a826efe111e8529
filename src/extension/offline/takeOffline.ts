import { need, shortfall, type Need, type ServerCapabilities } from '../../api/capabilities';
import { operationNamed, type OperationId } from '../../api/operations';
import type { MigrateRepoOptions, Repository } from '../../api/types';

/**
 * "Take Repository Offline": a remote repository with its tracker copied into the local server by the local
 * server's own migration (`POST /repos/migrate`, service `gitea`). Nothing here imports vscode.
 */

const needOf = (operationId: OperationId, query: readonly string[] = []): Need =>
  need(operationNamed(operationId), query);

/**
 * What the local server's migration reads from the source (services/migration/): the repository, then each
 * list page by page. Topics and `/settings/api` are read only when the source has them, so they are no need.
 */
export const sourceNeeds: readonly Need[] = [
  needOf('repoGet'),
  needOf('issueListLabels', ['page', 'limit']),
  needOf('issueGetMilestones', ['state', 'page', 'limit']),
  needOf('issueListIssues', ['state', 'type', 'page', 'limit']),
  needOf('issueGetRepoComments', ['page', 'limit']),
  needOf('issueGetIssueReactions', ['page', 'limit']),
  needOf('issueGetCommentReactions'),
  needOf('repoListPullRequests', ['state', 'page', 'limit']),
  needOf('repoListPullReviews', ['page', 'limit']),
  needOf('repoGetPullReviewComments'),
  needOf('repoListReleases', ['page', 'limit']),
];

/** Why a source cannot be taken offline ("needs Gitea ≥ 1.12"), or undefined when it can. */
export function sourceShortfall(capabilities: ServerCapabilities): string | undefined {
  return shortfall(capabilities, sourceNeeds);
}

export interface OfflineTarget {
  /** The local user or organization that will own the copy. */
  readonly owner: string;
  readonly name: string;
}

/** The body of the local server's migration: everything the tracker has, read with the remote account's token. */
export function takeOfflineBody(
  source: Pick<Repository, 'clone_url' | 'description' | 'private'>,
  token: string,
  target: OfflineTarget,
): MigrateRepoOptions {
  return {
    clone_addr: source.clone_url,
    service: 'gitea',
    auth_token: token,
    repo_owner: target.owner,
    repo_name: target.name,
    description: source.description ?? '',
    private: source.private ?? false,
    mirror: false,
    issues: true,
    labels: true,
    milestones: true,
    pull_requests: true,
    releases: true,
    wiki: false,
  };
}

/** The part of the copy a path the source was asked names (`/repos/o/r/pulls/3/reviews` → pull request reviews). */
function partOfPath(apiPath: string): string {
  if (/\/settings\/api$/.test(apiPath)) return 'the source’s API settings';
  const rest = /\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(apiPath)?.[1] ?? '';
  if (rest === '') {
    return /\/repos\//.test(apiPath) ? 'the repository’s details' : 'release assets';
  }
  const parts: readonly [RegExp, string][] = [
    [/^\/issues\/comments\/\d+\/reactions/, 'comment reactions'],
    [/^\/issues\/\d+\/reactions/, 'issue reactions'],
    [/^\/issues\/comments/, 'comments'],
    [/^\/issues/, 'issues'],
    [/^\/pulls\/\d+\/reviews\/\d+\/comments/, 'review comments'],
    [/^\/pulls\/\d+\/reviews/, 'pull request reviews'],
    [/^\/pulls/, 'pull requests'],
    [/^\/labels/, 'labels'],
    [/^\/milestones/, 'milestones'],
    [/^\/releases/, 'releases'],
    [/^\/topics/, 'topics'],
  ];
  return parts.find(([pattern]) => pattern.test(rest))?.[1] ?? rest.slice(1);
}

/**
 * Which part of taking a repository offline failed, from the local server's 4xx message (Gitea's words,
 * services/migration/sourceApi.ts and git/fetch.ts): the address check, the git clone, or one area of the
 * tracker. Undefined when the message does not say.
 */
export function failedPart(message: string): string | undefined {
  if (/disallowed hosts/i.test(message)) return 'the address check of the local server';
  if (/same name already exists/i.test(message)) return 'choosing the name';
  if (/ is larger than \d+ bytes/.test(message)) return 'release assets';
  const asked = /\b(?:GET|to) (\/\S*?)[.:]?(?:\s|$)/.exec(message)?.[1];
  if (asked !== undefined) return partOfPath(asked);
  if (/^Authentication failed:/.test(message) || /^Migration failed: the (remote|address)/.test(message))
    return 'the git clone';
  return undefined;
}

/** Whether the local server refused the source's address (`--allowed-hosts` may allow it). */
export function isAddressRefusal(message: string): boolean {
  return /disallowed hosts/i.test(message);
}
