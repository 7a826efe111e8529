import assert from 'node:assert/strict';
import type { TestServer, TestUser } from './harness';
import { cloneAs, createRepo, pushCommit } from './pullsFixture';

/**
 * A repository with everything a tracker migration brings, on a real server, for the migration tests:
 * topics, two labels, two milestones, issues with comments and reactions, a merged and an open pull request
 * with reviews, releases with an asset. `alice` owns `alice/tracker`; `bob` is a collaborator.
 */

export const trackerRepoName = 'tracker';

export async function ok<T>(
  server: TestServer,
  user: TestUser,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const res = await server.request<T>(method, apiPath, { token: user.token, body });
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${apiPath}: ${res.status} ${res.text}`);
  return res.json;
}

/** `POST /repos/migrate` of a Gitea-compatible source with its whole tracker, on `target` as `user`. */
export function migrateTracker(
  target: TestServer,
  user: TestUser,
  source: { readonly cloneAddr: string; readonly repoName: string; readonly authToken: string },
) {
  return target.request<{ full_name: string; message: string }>('POST', '/repos/migrate', {
    token: user.token,
    body: {
      clone_addr: source.cloneAddr,
      repo_name: source.repoName,
      service: 'gitea',
      auth_token: source.authToken,
      labels: true,
      milestones: true,
      issues: true,
      pull_requests: true,
      releases: true,
    },
  });
}

/** A release asset's bytes: every byte value, and a CRLF, so that nothing rewrites them on the way. */
export const assetBytes = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n'),
]);

export async function buildTrackerSource(a: TestServer, aliceA: TestUser, bobA: TestUser): Promise<void> {
  const fullName = `${aliceA.user.login}/${trackerRepoName}`;
  const repo = `/repos/${fullName}`;
  await createRepo(a, aliceA, trackerRepoName);
  await ok(a, aliceA, 'PUT', `${repo}/collaborators/bob`, { permission: 'write' });
  await ok(a, aliceA, 'PUT', `${repo}/topics`, { topics: ['tracker', 'round-trip'] });
  const bug = await ok<{ id: number }>(a, aliceA, 'POST', `${repo}/labels`, {
    name: 'bug',
    color: '#ee0701',
    description: 'Something is broken',
  });
  const feature = await ok<{ id: number }>(a, aliceA, 'POST', `${repo}/labels`, {
    name: 'feature',
    color: '84b6eb',
  });
  const v1 = await ok<{ id: number }>(a, aliceA, 'POST', `${repo}/milestones`, {
    title: 'v1',
    description: 'first\r\nrelease',
    due_on: '2030-01-02T03:04:05Z',
  });
  const v0 = await ok<{ id: number }>(a, aliceA, 'POST', `${repo}/milestones`, { title: 'v0' });
  await ok(a, aliceA, 'PATCH', `${repo}/milestones/${v0.id}`, { state: 'closed' });

  const body1 = 'Bytes kept: *markdown*\r\n\ttabs, trailing spaces  \nunicode ✓ — 🫖\n\n';
  await ok(a, aliceA, 'POST', `${repo}/issues`, {
    title: 'First issue',
    body: body1,
    labels: [bug.id, feature.id],
    milestone: v1.id,
    assignees: ['alice'],
  });
  await ok(a, bobA, 'POST', `${repo}/issues`, { title: 'Bob reports', body: 'by bob', milestone: v0.id });
  const c1 = await ok<{ id: number }>(a, bobA, 'POST', `${repo}/issues/1/comments`, {
    body: 'bob comments\r\n',
  });
  const c2 = await ok<{ id: number }>(a, aliceA, 'POST', `${repo}/issues/1/comments`, {
    body: 'alice answers',
  });
  await ok(a, bobA, 'POST', `${repo}/issues/2/comments`, { body: 'closing soon' });
  await ok(a, bobA, 'POST', `${repo}/issues/1/reactions`, { content: '+1' });
  await ok(a, aliceA, 'POST', `${repo}/issues/1/reactions`, { content: 'heart' });
  await ok(a, aliceA, 'POST', `${repo}/issues/comments/${c1.id}/reactions`, { content: 'laugh' });
  await ok(a, bobA, 'POST', `${repo}/issues/comments/${c2.id}/reactions`, { content: 'rocket' });
  await ok(a, bobA, 'PATCH', `${repo}/issues/2`, { state: 'closed' });

  const ws = cloneAs(a, aliceA, fullName);
  try {
    pushCommit(ws, 'feature', { 'feature.txt': 'line one\nline two\n' }, 'add feature');
    pushCommit(ws, 'open-work', { 'open.txt': 'open\n' }, 'open work');
  } finally {
    ws.dispose();
  }
  await ok(a, aliceA, 'POST', `${repo}/pulls`, {
    head: 'feature',
    base: 'main',
    title: 'Add the feature',
    body: 'Please review\r\n',
    labels: [feature.id],
    milestone: v1.id,
  });
  await ok(a, bobA, 'POST', `${repo}/pulls/3/reviews`, {
    event: 'REQUEST_CHANGES',
    body: 'Needs work',
    comments: [{ path: 'feature.txt', body: 'why two lines?', new_position: 2 }],
  });
  await ok(a, aliceA, 'POST', `${repo}/pulls/3/reviews`, { event: 'COMMENT', body: 'answered' });
  await ok(a, bobA, 'POST', `${repo}/issues/3/comments`, { body: 'fine now' });
  await ok(a, bobA, 'POST', `${repo}/issues/3/reactions`, { content: 'hooray' });
  await ok(a, aliceA, 'POST', `${repo}/pulls/3/merge`, { Do: 'merge' });
  await ok(a, bobA, 'POST', `${repo}/pulls`, {
    head: 'open-work',
    base: 'main',
    title: 'Open work',
    body: '',
  });
  await ok(a, aliceA, 'POST', `${repo}/pulls/4/reviews`, { event: 'APPROVED', body: 'ok' });

  const one = await ok<{ id: number }>(a, aliceA, 'POST', `${repo}/releases`, {
    tag_name: 'v1.0',
    target_commitish: 'main',
    name: 'One',
    body: 'notes\r\n',
  });
  const form = new FormData();
  form.append('attachment', new Blob([assetBytes]), 'tool.bin');
  const upload = await fetch(`${a.apiUrl}${repo}/releases/${one.id}/assets?name=tool.bin`, {
    method: 'POST',
    headers: { Authorization: `token ${aliceA.token}` },
    body: form,
  });
  assert.equal(upload.status, 201, await upload.text());
  await ok(a, bobA, 'POST', `${repo}/releases`, {
    tag_name: 'v1.1-rc',
    target_commitish: 'main',
    name: 'RC',
    body: '',
    prerelease: true,
  });
}
