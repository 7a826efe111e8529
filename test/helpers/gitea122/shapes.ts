import { recordedBody, recordedRepoPath } from './recorded';
import type {
  DoubleAsset,
  DoubleComment,
  DoubleIssue,
  DoubleLabel,
  DoubleMilestone,
  DoubleRelease,
  DoubleRepo,
  DoubleUser,
} from './world';

/**
 * Gitea 1.22's JSON for what the double holds: each object starts as a copy of one the real server answered
 * and gets the double's values, so fields the double knows nothing about keep Gitea's values, and its nil
 * slices stay `null` where Gitea's converters leave them unset (services/convert at 481e738e7): an issue's
 * and a pull request's `assignees` without assignees, a pull request's `requested_reviewers`, a branch
 * commit's `added`/`removed`/`modified`.
 */

type Json = Record<string, unknown>;

const templates = {
  user: recordedBody<Json>('GET', '/users/bob1128165022'),
  repository: recordedBody<Json>('GET', recordedRepoPath),
  label: recordedBody<Json[]>('GET', `${recordedRepoPath}/labels`)[0]!,
  milestone: recordedBody<Json[]>('GET', `${recordedRepoPath}/milestones?state=all`)[0]!,
  // bob's issue #3 as created: no milestone, no assignees
  issue: recordedBody<Json>('POST', `${recordedRepoPath}/issues`, 2),
  pull: recordedBody<Json>('GET', `${recordedRepoPath}/pulls/4`),
  comment: recordedBody<Json[]>('GET', `${recordedRepoPath}/issues/comments`)[0]!,
  release: recordedBody<Json[]>('GET', `${recordedRepoPath}/releases`)[0]!,
  attachment: recordedBody<Json[]>('GET', `${recordedRepoPath}/issues/1/assets`)[0]!,
  branch: recordedBody<Json>('GET', `${recordedRepoPath}/branches/feature%2Fx`),
  notFound: recordedBody<Json>('GET', `${recordedRepoPath}/issues/999`),
};

const from = (template: Json, fields: Json): Json => ({ ...structuredClone(template), ...fields });

export function toUser(user: DoubleUser, origin: string): Json {
  return from(templates.user, {
    id: user.id,
    login: user.login,
    full_name: user.fullName,
    email: user.email,
    avatar_url: `${origin}avatars/${user.id}`,
    is_admin: user.isAdmin,
    username: user.login,
  });
}

/** `{origin}{owner}/{name}` */
const webUrl = (repo: DoubleRepo, origin: string): string => `${origin}${repo.owner.login}/${repo.name}`;
const apiUrl = (repo: DoubleRepo, origin: string): string =>
  `${origin}api/v1/repos/${repo.owner.login}/${repo.name}`;

export function toRepository(repo: DoubleRepo, origin: string, admin: boolean): Json {
  const issues = repo.issues.filter((issue) => issue.state === 'open');
  return from(templates.repository, {
    id: repo.id,
    owner: toUser(repo.owner, origin),
    name: repo.name,
    full_name: `${repo.owner.login}/${repo.name}`,
    description: repo.description,
    empty: repo.empty,
    private: repo.isPrivate,
    size: 0,
    languages_url: `${apiUrl(repo, origin)}/languages`,
    html_url: webUrl(repo, origin),
    url: apiUrl(repo, origin),
    ssh_url: `git@${new URL(origin).host}:${repo.owner.login}/${repo.name}.git`,
    clone_url: `${webUrl(repo, origin)}.git`,
    website: repo.website,
    open_issues_count: issues.filter((issue) => !issue.pull).length,
    open_pr_counter: issues.filter((issue) => issue.pull).length,
    release_counter: repo.releases.length,
    default_branch: repo.defaultBranch,
    created_at: repo.created,
    updated_at: repo.updated,
    permissions: { admin, push: admin, pull: true },
  });
}

export function toLabel(label: DoubleLabel, repo: DoubleRepo, origin: string): Json {
  return from(templates.label, {
    id: label.id,
    name: label.name,
    color: label.color,
    description: label.description,
    url: `${apiUrl(repo, origin)}/labels/${label.id}`,
  });
}

export function toMilestone(milestone: DoubleMilestone, repo: DoubleRepo): Json {
  const issues = repo.issues.filter((issue) => issue.milestone === milestone.id);
  return from(templates.milestone, {
    id: milestone.id,
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    open_issues: issues.filter((issue) => issue.state === 'open').length,
    closed_issues: issues.filter((issue) => issue.state === 'closed').length,
    created_at: milestone.created,
    updated_at: milestone.updated,
    closed_at: milestone.closed,
    due_on: milestone.dueOn,
  });
}

/** The fields an issue and its pull request share. */
function issueFields(issue: DoubleIssue, repo: DoubleRepo, origin: string): Json {
  const milestone = repo.milestones.find((m) => m.id === issue.milestone);
  const assignees = issue.assignees.map((user) => toUser(user, origin));
  return {
    number: issue.number,
    user: toUser(issue.poster, origin),
    title: issue.title,
    body: issue.body,
    labels: repo.labels
      .filter((label) => issue.labels.includes(label.id))
      .map((l) => toLabel(l, repo, origin)),
    milestone: milestone ? toMilestone(milestone, repo) : null,
    assignee: assignees[0] ?? null,
    // Gitea appends assignees to a nil slice: none is `null`
    assignees: assignees.length > 0 ? assignees : null,
    state: issue.state,
    comments: repo.comments.filter((comment) => comment.issueNumber === issue.number).length,
    created_at: issue.created,
    updated_at: issue.updated,
    closed_at: issue.closed,
    due_date: issue.due,
    assets: (issue.assets ?? []).map((asset) => toAttachment(asset, origin)),
  };
}

export function toIssue(issue: DoubleIssue, repo: DoubleRepo, origin: string): Json {
  const kind = issue.pull ? 'pulls' : 'issues';
  return from(templates.issue, {
    id: issue.id,
    url: `${apiUrl(repo, origin)}/issues/${issue.number}`,
    html_url: `${webUrl(repo, origin)}/${kind}/${issue.number}`,
    ...issueFields(issue, repo, origin),
    pull_request: issue.pull ? { merged: false, merged_at: null } : null,
    repository: {
      id: repo.id,
      name: repo.name,
      owner: repo.owner.login,
      full_name: `${repo.owner.login}/${repo.name}`,
    },
  });
}

/** A pull request; `heads` are the commits of its head and base branch in the repository's git. */
export function toPull(
  issue: DoubleIssue,
  repo: DoubleRepo,
  origin: string,
  heads: { readonly head: string; readonly base: string },
): Json {
  const pull = issue.pull!;
  const page = `${webUrl(repo, origin)}/pulls/${issue.number}`;
  const repository = toRepository(repo, origin, true);
  const side = (ref: string, sha: string): Json => ({
    label: ref,
    ref,
    sha,
    repo_id: repo.id,
    repo: repository,
  });
  return from(templates.pull, {
    id: pull.id,
    // Gitea 1.22 answers the web page as a pull request's `url`
    url: page,
    ...issueFields(issue, repo, origin),
    requested_reviewers: null,
    html_url: page,
    diff_url: `${page}.diff`,
    patch_url: `${page}.patch`,
    base: side(pull.base, heads.base),
    head: side(pull.head, heads.head),
    merge_base: heads.base,
  });
}

export function toComment(comment: DoubleComment, repo: DoubleRepo, origin: string): Json {
  const issue = repo.issues.find((candidate) => candidate.number === comment.issueNumber);
  const page = `${webUrl(repo, origin)}/${issue?.pull ? 'pulls' : 'issues'}/${comment.issueNumber}`;
  return from(templates.comment, {
    id: comment.id,
    html_url: `${page}#issuecomment-${comment.id}`,
    pull_request_url: issue?.pull ? page : '',
    issue_url: issue?.pull ? '' : page,
    user: toUser(comment.poster, origin),
    body: comment.body,
    assets: (comment.assets ?? []).map((asset) => toAttachment(asset, origin)),
    created_at: comment.created,
    updated_at: comment.updated,
  });
}

export function toAttachment(asset: DoubleAsset, origin: string): Json {
  return from(templates.attachment, {
    id: asset.id,
    name: asset.name,
    size: asset.bytes.byteLength,
    created_at: asset.created,
    uuid: asset.uuid,
    browser_download_url: `${origin}attachments/${asset.uuid}`,
  });
}

export function toRelease(release: DoubleRelease, repo: DoubleRepo, origin: string): Json {
  return from(templates.release, {
    id: release.id,
    tag_name: release.tag,
    target_commitish: release.target,
    name: release.name,
    body: release.body,
    url: `${apiUrl(repo, origin)}/releases/${release.id}`,
    html_url: `${webUrl(repo, origin)}/releases/tag/${encodeURIComponent(release.tag)}`,
    tarball_url: `${webUrl(repo, origin)}/archive/${release.tag}.tar.gz`,
    zipball_url: `${webUrl(repo, origin)}/archive/${release.tag}.zip`,
    upload_url: `${apiUrl(repo, origin)}/releases/${release.id}/assets`,
    draft: release.draft,
    prerelease: release.prerelease,
    created_at: release.created,
    published_at: release.created,
    author: toUser(release.author, origin),
    assets: release.assets.map((asset) => toAttachment(asset, origin)),
  });
}

export interface CommitFacts {
  readonly id: string;
  readonly message: string;
  readonly timestamp: string;
}

export function toBranch(name: string, commit: CommitFacts, repo: DoubleRepo, origin: string): Json {
  const branch = from(templates.branch, { name });
  branch['commit'] = {
    ...(branch['commit'] as Json),
    id: commit.id,
    message: commit.message,
    url: `${webUrl(repo, origin)}/commit/${commit.id}`,
    timestamp: commit.timestamp,
  };
  return branch;
}

/** Gitea's API 404: `{"errors":null,"message":"The target couldn't be found.","url":…/api/swagger}`. */
export function notFoundBody(origin: string): Json {
  return from(templates.notFound, { url: `${origin}api/swagger` });
}
