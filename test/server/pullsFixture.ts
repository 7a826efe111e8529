import assert from 'node:assert/strict';
import { git, GitWorkspace, serverRepoPath } from '../helpers/gitFixtures';
import { remoteUrl } from '../helpers/gitRemote';
import type { TestServer, TestUser } from './harness';

/** Shared helpers of the pull request tests: repositories with real branches pushed over HTTP. */

export interface RepoJson {
  id: number;
  name: string;
  full_name: string;
  default_branch: string;
  owner: { login: string };
}

export interface BranchInfoJson {
  label: string;
  ref: string;
  sha: string;
  repo_id: number;
  repo: { full_name: string } | null;
}

export interface PullJson {
  id: number;
  number: number;
  url: string;
  html_url: string;
  diff_url: string;
  patch_url: string;
  title: string;
  body: string;
  state: string;
  draft: boolean;
  user: { login: string };
  labels: { id: number; name: string }[];
  milestone: { id: number } | null;
  assignee: { login: string } | null;
  assignees: { login: string }[] | null;
  requested_reviewers: { login: string }[];
  mergeable: boolean;
  merged: boolean;
  merged_at: string | null;
  merged_by: { login: string } | null;
  merge_commit_sha: string | null;
  merge_base: string;
  base: BranchInfoJson;
  head: BranchInfoJson;
  additions: number;
  deletions: number;
  changed_files: number;
  comments: number;
  review_comments: number;
  allow_maintainer_edit: boolean;
  closed_at: string | null;
  due_date: string | null;
  message?: string;
}

export async function createRepo(
  server: TestServer,
  owner: TestUser,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<RepoJson> {
  const res = await server.request<RepoJson>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true, ...extra },
  });
  assert.equal(res.status, 201, res.text);
  return res.json;
}

/** A clone of `fullName` over HTTP with the user's token, ready to commit and push. */
export function cloneAs(server: TestServer, user: TestUser, fullName: string): GitWorkspace {
  return GitWorkspace.clone(
    remoteUrl(server.url, fullName, { username: user.user.login, secret: user.token }),
  );
}

/** Commits `files` on `branch` (made from `from` when new) and pushes it; answers the commit. */
export function pushCommit(
  ws: GitWorkspace,
  branch: string,
  files: Record<string, string>,
  message: string,
  from = 'main',
): string {
  const exists = ws.git('branch', '--list', branch).trim() !== '';
  ws.git('checkout', '--quiet', ...(exists ? [branch] : ['-b', branch, from]));
  for (const [file, content] of Object.entries(files)) ws.write(file, content);
  const sha = ws.commit(message);
  ws.git('push', '--quiet', 'origin', branch);
  return sha;
}

/** git against the server's own copy of a repository. */
export function serverGit(server: TestServer, fullName: string, ...args: string[]): string {
  const [owner, name] = fullName.split('/') as [string, string];
  return git(server.dataDir, ['--git-dir', serverRepoPath(server.dataDir, owner, name), ...args]).trim();
}

/** Whether `ancestor` is in the history of `ref` in the server's repository. */
export function serverHasAncestor(
  server: TestServer,
  fullName: string,
  ancestor: string,
  ref: string,
): boolean {
  try {
    serverGit(server, fullName, 'merge-base', '--is-ancestor', ancestor, ref);
    return true;
  } catch {
    return false;
  }
}

export async function openPull(
  server: TestServer,
  user: TestUser,
  fullName: string,
  body: Record<string, unknown>,
): Promise<PullJson> {
  const res = await server.request<PullJson>('POST', `/repos/${fullName}/pulls`, { token: user.token, body });
  assert.equal(res.status, 201, res.text);
  return res.json;
}

/** Makes `user` a collaborator of `fullName` with `permission`, as its owner. */
export async function addCollaborator(
  server: TestServer,
  owner: TestUser,
  fullName: string,
  user: TestUser,
  permission: 'read' | 'write' | 'admin',
): Promise<void> {
  const res = await server.request('PUT', `/repos/${fullName}/collaborators/${user.user.login}`, {
    token: owner.token,
    body: { permission },
  });
  assert.equal(res.status, 204, res.text);
}
