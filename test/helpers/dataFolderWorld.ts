import { GitWorkspace } from './gitFixtures';
import { remoteUrl } from './gitRemote';
import type { TestServer, TestUser } from '../server/harness';

/**
 * A small but complete data folder, made through the API and git over HTTP of a running server: users,
 * an organization, repositories with branches and tags, a fork, stars and watches, labels, a milestone,
 * issues with comments, an open and a merged pull request, a branch protection, a release with an asset,
 * and a webhook. The upgrade fixture (scripts/makeUpgradeFixture.ts) and the doctor tests build it.
 */
export interface World {
  alice: TestUser;
  bob: TestUser;
  org: string;
  /** alice's repository with the issues, pull requests, release and hook. */
  repo: string;
  /** The organization's repository. */
  orgRepo: string;
  /** bob's fork of `repo`. */
  fork: string;
  openPull: number;
  mergedPull: number;
}

async function ok<T>(
  server: TestServer,
  method: string,
  apiPath: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await server.request<T>(method, apiPath, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${apiPath}: ${res.status} ${res.text}`);
  return res.json;
}

export async function buildWorld(server: TestServer): Promise<World> {
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const org = 'tea-org';
  const a = alice.token;
  await ok(server, 'POST', '/orgs', a, {
    username: org,
    full_name: 'Tea Organization',
    visibility: 'public',
  });
  await ok(server, 'POST', `/orgs/${org}/repos`, a, {
    name: 'kettle',
    auto_init: true,
    description: 'org repo',
  });
  await ok(server, 'POST', '/user/repos', a, {
    name: 'notes',
    auto_init: true,
    description: 'notes of alice',
    default_branch: 'main',
  });
  const repo = 'alice/notes';

  const work = GitWorkspace.clone(
    remoteUrl(server.url, repo, { username: alice.user.login, secret: alice.token }),
  );
  try {
    work.branch('feature').write('feature.md', '# Feature\n').commit('Add the feature');
    work.git('push', '--quiet', 'origin', 'feature');
    work.checkout('main').branch('fix').write('fix.md', 'fixed\n').commit('Fix a typo');
    work.git('push', '--quiet', 'origin', 'fix');
    work.checkout('main').tag('v1.0', 'version 1.0');
    work.git('push', '--quiet', 'origin', 'v1.0');
  } finally {
    work.dispose();
  }

  const bug = await ok<{ id: number }>(server, 'POST', `/repos/${repo}/labels`, a, {
    name: 'bug',
    color: '#ee0701',
  });
  await ok(server, 'POST', `/repos/${repo}/labels`, a, { name: 'feature', color: '#84b6eb' });
  const milestone = await ok<{ id: number }>(server, 'POST', `/repos/${repo}/milestones`, a, { title: 'v1' });
  const first = await ok<{ number: number }>(server, 'POST', `/repos/${repo}/issues`, a, {
    title: 'The kettle whistles',
    body: 'It whistles at **night**.',
    labels: [bug.id],
    milestone: milestone.id,
    assignees: ['alice'],
  });
  await ok(server, 'POST', `/repos/${repo}/issues/${first.number}/comments`, bob.token, {
    body: 'Same here.',
  });
  const second = await ok<{ number: number }>(server, 'POST', `/repos/${repo}/issues`, bob.token, {
    title: 'A closed question',
  });
  await ok(server, 'PATCH', `/repos/${repo}/issues/${second.number}`, a, { state: 'closed' });

  const open = await ok<{ number: number }>(server, 'POST', `/repos/${repo}/pulls`, a, {
    head: 'feature',
    base: 'main',
    title: 'Add the feature',
    body: 'Closes nothing yet.',
  });
  const merged = await ok<{ number: number }>(server, 'POST', `/repos/${repo}/pulls`, a, {
    head: 'fix',
    base: 'main',
    title: 'Fix a typo',
  });
  await ok(server, 'POST', `/repos/${repo}/pulls/${merged.number}/merge`, a, { Do: 'merge' });
  await ok(server, 'POST', `/repos/${repo}/pulls/${open.number}/reviews`, bob.token, {
    event: 'COMMENT',
    body: 'Looks good so far.',
  });

  await ok(server, 'POST', `/repos/${repo}/branch_protections`, a, { branch_name: 'main' });
  const release = await ok<{ id: number }>(server, 'POST', `/repos/${repo}/releases`, a, {
    tag_name: 'v1.0',
    name: 'Version 1.0',
    body: 'The first release.',
  });
  const form = new FormData();
  form.append('attachment', new Blob(['release notes\n']), 'notes.txt');
  const asset = await fetch(`${server.apiUrl}/repos/${repo}/releases/${release.id}/assets`, {
    method: 'POST',
    headers: { Authorization: `token ${a}` },
    body: form,
  });
  if (asset.status !== 201) throw new Error(`release asset: ${asset.status} ${await asset.text()}`);
  await ok(server, 'POST', `/repos/${repo}/hooks`, a, {
    type: 'gitea',
    config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
    events: ['issues', 'push'],
    active: true,
  });

  await ok(server, 'POST', `/repos/${repo}/forks`, bob.token, {});
  await ok(server, 'PUT', `/user/starred/${repo}`, bob.token);
  await ok(server, 'PUT', `/repos/${repo}/subscription`, bob.token);
  return {
    alice,
    bob,
    org,
    repo,
    orgRepo: `${org}/kettle`,
    fork: 'bob/notes',
    openPull: open.number,
    mergedPull: merged.number,
  };
}
