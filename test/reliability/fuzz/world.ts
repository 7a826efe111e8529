import assert from 'node:assert/strict';
import type { TestResponse, TestServer } from '../../server/harness';

/**
 * The seeded world the fuzzer and the attack tests aim at, built over HTTP so every request can reach
 * deep handler code: users, an organization with a team, a public repository with git content (two
 * branches, a tag, a release), issues, a pull request, labels, a milestone, comments, an inactive hook
 * (inactive so no delivery rows appear behind the fuzzer's back), and a private repository in a private
 * organization.
 */
export interface FuzzWorld {
  readonly admin: Caller;
  readonly user: Caller;
  /** A signed-in user with no membership anywhere (for the attack tests). */
  readonly stranger: Caller;
  /** Valid values per path/query parameter name, so fuzzed requests reach real resources. */
  readonly values: Readonly<Record<string, readonly (string | number)[]>>;
  /** `owner/name` of every repository, for the git snapshot. */
  readonly repositories: readonly string[];
  readonly privateOrg: string;
  readonly privateRepo: { readonly owner: string; readonly name: string };
}

export interface Caller {
  readonly username: string;
  readonly password: string;
  readonly token: string;
}

function expectStatus(res: TestResponse, status: number, what: string): void {
  assert.equal(res.status, status, `${what}: ${res.text}`);
}

export async function seedWorld(server: TestServer): Promise<FuzzWorld> {
  const admin: Caller = { ...server.admin };
  const alice = await server.createUser('alice');
  await server.createUser('bob');
  const stranger = await server.createUser('stranger');
  const user: Caller = { username: 'alice', password: alice.password, token: alice.token };
  const as = (token: string) => ({ token });
  const post = async <T>(path: string, body: unknown, token = alice.token): Promise<T> => {
    const res = await server.request<T>('POST', path, { ...as(token), body });
    assert.ok(res.status === 200 || res.status === 201, `POST ${path}: ${res.status} ${res.text}`);
    return res.json;
  };

  await post('/user/repos', { name: 'alpha', auto_init: true, default_branch: 'main', readme: 'Default' });
  const repo = '/repos/alice/alpha';
  await post(`${repo}/branches`, { new_branch_name: 'feature', old_branch_name: 'main' });
  const file = await post<{ commit: { sha: string } }>(`${repo}/contents/docs/guide.md`, {
    content: Buffer.from('# Guide\n').toString('base64'),
    message: 'add a guide',
    branch: 'feature',
  });
  await post(`${repo}/contents/.editorconfig`, {
    content: Buffer.from('root = true\n[*]\nindent_style = space\n').toString('base64'),
    message: 'editorconfig',
    branch: 'main',
  });
  const label = await post<{ id: number }>(`${repo}/labels`, { name: 'bug', color: '#ee0701' });
  await post(`${repo}/labels`, { name: 'feature', color: '#00ff00' });
  const milestone = await post<{ id: number }>(`${repo}/milestones`, { title: 'v1' });
  const issue = await post<{ number: number }>(`${repo}/issues`, {
    title: 'first issue',
    body: 'body with @bob',
    labels: [label.id],
    milestone: milestone.id,
    assignees: ['alice'],
  });
  await post(`${repo}/issues`, { title: 'second issue' });
  const comment = await post<{ id: number }>(`${repo}/issues/${issue.number}/comments`, {
    body: 'a comment',
  });
  const pull = await post<{ number: number }>(`${repo}/pulls`, {
    title: 'add a guide',
    head: 'feature',
    base: 'main',
  });
  const review = await post<{ id: number }>(
    `${repo}/pulls/${pull.number}/reviews`,
    { body: 'looks fine', event: 'COMMENT' },
    admin.token,
  );
  const release = await post<{ id: number }>(`${repo}/releases`, {
    tag_name: 'v1.0',
    target_commitish: 'main',
    name: 'first',
  });
  const hook = await post<{ id: number }>(`${repo}/hooks`, {
    type: 'gitea',
    config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
    events: ['push'],
    active: false,
  });
  await post(`${repo}/statuses/${file.commit.sha}`, { state: 'success', context: 'ci' });
  const collaborator = await server.request('PUT', `${repo}/collaborators/bob`, {
    ...as(alice.token),
    body: { permission: 'write' },
  });
  expectStatus(collaborator, 204, 'add bob');

  await post('/orgs', { username: 'fuzzorg', visibility: 'public' }, admin.token);
  const team = await post<{ id: number }>(
    '/orgs/fuzzorg/teams',
    { name: 'devs', permission: 'write', units: ['repo.code', 'repo.issues'] },
    admin.token,
  );
  expectStatus(
    await server.request('PUT', `/teams/${team.id}/members/alice`, as(admin.token)),
    204,
    'team member',
  );
  await post('/orgs/fuzzorg/repos', { name: 'orgrepo', auto_init: true }, admin.token);

  await post('/orgs', { username: 'hidden', visibility: 'private' }, admin.token);
  await post('/orgs/hidden/repos', { name: 'secret', private: true, auto_init: true }, admin.token);
  const hiddenIssue = await post<{ number: number }>(
    '/repos/hidden/secret/issues',
    { title: 'secret issue' },
    admin.token,
  );
  await post('/repos/hidden/secret/labels', { name: 'secret-label', color: '#123456' }, admin.token);
  await post('/repos/hidden/secret/milestones', { title: 'secret milestone' }, admin.token);
  await post(
    '/repos/hidden/secret/branches',
    { new_branch_name: 'side', old_branch_name: 'main' },
    admin.token,
  );
  await post('/repos/hidden/secret/releases', { tag_name: 'v0.1', name: 'secret release' }, admin.token);
  await post('/orgs/hidden/teams', { name: 'insiders', permission: 'read' }, admin.token);
  await post(
    `/repos/hidden/secret/issues/${hiddenIssue.number}/comments`,
    { body: 'secret comment' },
    admin.token,
  );

  return {
    admin,
    user,
    stranger: { username: 'stranger', password: stranger.password, token: stranger.token },
    values: {
      repository: ['alice/alpha', 'alice/alpha', 'fuzzorg/orgrepo', 'hidden/secret'],
      owner: ['alice', 'fuzzorg', 'hidden'],
      username: ['alice', 'bob', admin.username, 'fuzzorg'],
      user: ['bob', 'alice'],
      collaborator: ['bob', 'alice'],
      org: ['fuzzorg', 'hidden'],
      repo: ['alpha', 'orgrepo', 'secret'],
      index: [issue.number, pull.number, 2, 1],
      id: [label.id, milestone.id, comment.id, release.id, hook.id, team.id, review.id, 1, 2],
      team: ['devs', 'insiders'],
      branch: ['main', 'feature', 'side'],
      ref: ['main', 'feature', 'v1.0', file.commit.sha],
      sha: [file.commit.sha, 'main'],
      tag: ['v1.0', 'v0.1'],
      name: ['main', 'feature', 'ci'],
      filepath: ['README.md', 'docs/guide.md', '.editorconfig', 'docs'],
      archive: ['main.zip', 'main.tar.gz', 'v1.0.tar.gz'],
      target: ['bob', 'alice'],
      token: ['harness', '1'],
      diffType: ['diff', 'patch'],
    },
    repositories: ['alice/alpha', 'fuzzorg/orgrepo', 'hidden/secret'],
    privateOrg: 'hidden',
    privateRepo: { owner: 'hidden', name: 'secret' },
  };
}
