import assert from 'node:assert/strict';
import { sshFixture } from '../fixtures/keys';
import type { RequestOptions, TestResponse, TestServer, TestUser } from './harness';

/**
 * A small world made through the API for the URL tests: an owner and a second user, an organization with a
 * team and a repository, a public repository with a file, labels, a milestone, an issue with comments and a
 * reaction, a pull request with a review, a release with its tag, a commit status, and a private repository
 * with an issue and a pull request of its own.
 */
export interface UrlWorld {
  readonly owner: TestUser;
  readonly other: TestUser;
  readonly org: string;
  readonly orgRepo: string;
  /** The public repository (owner's). */
  readonly repo: string;
  readonly privateRepo: string;
  readonly filePath: string;
  /** A branch with a slash in its name, holding the pull request's change. */
  readonly headBranch: string;
  readonly headSha: string;
  readonly issue: number;
  readonly pull: number;
  readonly privatePull: number;
  readonly tag: string;
  readonly ids: Readonly<Record<string, number>>;
  readonly teamName: string;
}

const base64 = (text: string): string => Buffer.from(text).toString('base64');

async function expectStatus<T>(
  response: Promise<TestResponse<T>>,
  status: number,
  what: string,
): Promise<TestResponse<T>> {
  const res = await response;
  assert.equal(res.status, status, `${what}: ${res.status} ${res.text}`);
  return res;
}

async function repoWithPull(
  server: TestServer,
  auth: RequestOptions,
  owner: string,
  repo: string,
  headBranch: string,
  isPrivate: boolean,
): Promise<{ pull: number; headSha: string }> {
  await expectStatus(
    server.request('POST', '/user/repos', {
      ...auth,
      body: { name: repo, auto_init: true, private: isPrivate },
    }),
    201,
    `create ${repo}`,
  );
  const change = await expectStatus(
    server.request<{ commit: { sha: string } }>('POST', `/repos/${owner}/${repo}/contents/notes/plan.md`, {
      ...auth,
      body: { content: base64('# Plan\n\nfirst step\n'), message: 'Add the plan', new_branch: headBranch },
    }),
    201,
    `file on ${headBranch}`,
  );
  const pull = await expectStatus(
    server.request<{ number: number }>('POST', `/repos/${owner}/${repo}/pulls`, {
      ...auth,
      body: { head: headBranch, base: 'main', title: `Plan for ${repo}`, body: 'Please review' },
    }),
    201,
    `pull in ${repo}`,
  );
  return { pull: pull.json.number, headSha: change.json.commit.sha };
}

export async function buildUrlWorld(server: TestServer, prefix: string): Promise<UrlWorld> {
  const owner = await server.createUser(`${prefix}-owner`);
  const other = await server.createUser(`${prefix}-other`);
  const me = owner.user.login;
  const auth: RequestOptions = { token: owner.token };
  const asOther: RequestOptions = { token: other.token };
  const repo = 'garden';
  const privateRepo = 'vault';
  const headBranch = 'feature/plan';
  const filePath = 'docs/read me.md';
  const ids: Record<string, number> = {};

  const { pull, headSha } = await repoWithPull(server, auth, me, repo, headBranch, false);
  const { pull: privatePull } = await repoWithPull(server, auth, me, privateRepo, 'private/work', true);
  const r = `/repos/${me}/${repo}`;
  await expectStatus(
    server.request(
      'POST',
      `${r}/contents/${encodeURIComponent('docs')}/${encodeURIComponent('read me.md')}`,
      {
        ...auth,
        body: { content: base64('Hello <b>garden</b>\n'), message: 'Add a file with a space' },
      },
    ),
    201,
    'file on main',
  );
  await expectStatus(
    server.request('PUT', `${r}/collaborators/${other.user.login}`, {
      ...auth,
      body: { permission: 'write' },
    }),
    204,
    'collaborator',
  );

  const label = await expectStatus(
    server.request<{ id: number }>('POST', `${r}/labels`, {
      ...auth,
      body: { name: 'bug', color: '#ee0701' },
    }),
    201,
    'label',
  );
  ids['label'] = label.json.id;
  const milestone = await expectStatus(
    server.request<{ id: number }>('POST', `${r}/milestones`, {
      ...auth,
      body: { title: 'First <harvest>' },
    }),
    201,
    'milestone',
  );
  ids['milestone'] = milestone.json.id;
  const issue = await expectStatus(
    server.request<{ number: number }>('POST', `${r}/issues`, {
      ...auth,
      body: {
        title: 'Weeds <everywhere>',
        body: 'See #1',
        labels: [label.json.id],
        milestone: milestone.json.id,
      },
    }),
    201,
    'issue',
  );
  const comment = await expectStatus(
    server.request<{ id: number }>('POST', `${r}/issues/${issue.json.number}/comments`, {
      ...asOther,
      body: { body: 'I can pull them' },
    }),
    201,
    'comment',
  );
  ids['comment'] = comment.json.id;
  await expectStatus(
    server.request('POST', `${r}/issues/${issue.json.number}/reactions`, {
      ...asOther,
      body: { content: 'heart' },
    }),
    201,
    'reaction',
  );
  await expectStatus(
    server.request('POST', `${r}/issues/comments/${comment.json.id}/reactions`, {
      ...auth,
      body: { content: '+1' },
    }),
    201,
    'comment reaction',
  );
  await expectStatus(
    server.request('POST', `${r}/issues/${issue.json.number}/times`, { ...auth, body: { time: 120 } }),
    200,
    'tracked time',
  );
  await expectStatus(
    server.request('POST', `${r}/issues/${pull}/comments`, { ...asOther, body: { body: 'Looks fine' } }),
    201,
    'pull comment',
  );
  const review = await expectStatus(
    server.request<{ id: number }>('POST', `${r}/pulls/${pull}/reviews`, {
      ...asOther,
      body: {
        event: 'COMMENT',
        body: 'One thought',
        comments: [{ path: 'notes/plan.md', new_position: 1, body: 'A heading?' }],
      },
    }),
    200,
    'review',
  );
  ids['review'] = review.json.id;

  // a wiki page, so the wiki's answers (and the web pages their html_url names) are crawled too
  await expectStatus(
    server.request('POST', `${r}/wiki/new`, {
      ...auth,
      body: { title: 'Home', content_base64: Buffer.from('# Garden notes\n').toString('base64') },
    }),
    201,
    'wiki page',
  );

  const tag = 'v1.0';
  const release = await expectStatus(
    server.request<{ id: number }>('POST', `${r}/releases`, {
      ...auth,
      body: { tag_name: tag, target_commitish: 'main', name: 'First harvest', body: 'Notes' },
    }),
    201,
    'release',
  );
  ids['release'] = release.json.id;
  const form = new FormData();
  form.append('attachment', new Blob(['harvest notes\n']), 'harvest.txt');
  const upload = await fetch(`${server.apiUrl}${r}/releases/${release.json.id}/assets?name=harvest.txt`, {
    method: 'POST',
    headers: { Authorization: `token ${owner.token}` },
    body: form,
  });
  assert.equal(upload.status, 201, `release asset: ${await upload.text()}`);
  await expectStatus(
    server.request('POST', `${r}/statuses/${headSha}`, {
      ...auth,
      body: { state: 'success', context: 'ci/build', target_url: 'https://ci.invalid/build/1' },
    }),
    // the spec's answer: 200 with the commit's statuses
    200,
    'status',
  );
  await expectStatus(server.request('PUT', `/user/starred/${me}/${repo}`, asOther), 204, 'star');
  await expectStatus(server.request('PUT', `/user/following/${me}`, asOther), 204, 'follow');
  await expectStatus(server.request('PUT', `/user/following/${other.user.login}`, auth), 204, 'follow back');
  const key = await expectStatus(
    server.request<{ id: number }>('POST', '/user/keys', {
      ...auth,
      body: { title: 'laptop', key: sshFixture('ed25519').line },
    }),
    201,
    'user key',
  );
  ids['userKey'] = key.json.id;
  const deployKey = await expectStatus(
    server.request<{ id: number }>('POST', `${r}/keys`, {
      ...auth,
      body: { title: 'deploy', key: sshFixture('ecdsa256').line, read_only: true },
    }),
    201,
    'deploy key',
  );
  ids['deployKey'] = deployKey.json.id;

  const org = `${prefix}-org`;
  await expectStatus(server.request('POST', '/orgs', { ...auth, body: { username: org } }), 201, 'org');
  const orgRepo = 'orchard';
  await expectStatus(
    server.request('POST', `/orgs/${org}/repos`, { ...auth, body: { name: orgRepo, auto_init: true } }),
    201,
    'org repo',
  );
  const orgLabel = await expectStatus(
    server.request<{ id: number }>('POST', `/orgs/${org}/labels`, {
      ...auth,
      body: { name: 'shared', color: '#00aabb' },
    }),
    201,
    'org label',
  );
  ids['orgLabel'] = orgLabel.json.id;
  const teamName = 'gardeners';
  const team = await expectStatus(
    server.request<{ id: number }>('POST', `/orgs/${org}/teams`, {
      ...auth,
      body: { name: teamName, permission: 'write', units: ['repo.code', 'repo.issues', 'repo.pulls'] },
    }),
    201,
    'team',
  );
  ids['team'] = team.json.id;
  await expectStatus(
    server.request('PUT', `/teams/${team.json.id}/members/${other.user.login}`, auth),
    204,
    'team member',
  );
  await expectStatus(
    server.request('PUT', `/teams/${team.json.id}/repos/${org}/${orgRepo}`, auth),
    204,
    'team repo',
  );

  const privateIssue = await expectStatus(
    server.request<{ number: number }>('POST', `/repos/${me}/${privateRepo}/issues`, {
      ...auth,
      body: { title: 'Secret plans' },
    }),
    201,
    'private issue',
  );
  assert.ok(privateIssue.json.number > 0);

  const threads = await expectStatus(
    server.request<{ id: number }[]>('GET', '/notifications?all=true', auth),
    200,
    'notifications',
  );
  const thread = threads.json[0];
  assert.ok(thread, 'the owner has a notification (comments by another user)');
  ids['thread'] = thread.id;

  return {
    owner,
    other,
    org,
    orgRepo,
    repo,
    privateRepo,
    filePath,
    headBranch,
    headSha,
    issue: issue.json.number,
    pull,
    privatePull,
    tag,
    ids,
    teamName,
  };
}
