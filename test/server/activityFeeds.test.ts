import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface ActivityJson {
  id: number;
  user_id: number;
  op_type: string;
  act_user_id: number;
  act_user: { login: string };
  repo_id: number;
  repo: { full_name: string };
  comment_id: number;
  comment: { id: number; body: string } | null;
  content: string;
  ref_name: string;
  is_private: boolean;
  created: string;
}

let server: TestServer;
let ann: TestUser;
let bob: TestUser;
let cy: TestUser;
before(async () => {
  server = await startServer();
  ann = await server.createUser('af-ann');
  bob = await server.createUser('af-bob');
  cy = await server.createUser('af-cy');
  const diary = await server.request('POST', '/user/repos', {
    token: ann.token,
    body: { name: 'diary', auto_init: true },
  });
  assert.equal(diary.status, 201, diary.text);
  const issue = await server.request('POST', '/repos/af-ann/diary/issues', {
    token: ann.token,
    body: { title: 'First entry' },
  });
  assert.equal(issue.status, 201, issue.text);
  const comment = await server.request('POST', '/repos/af-ann/diary/issues/1/comments', {
    token: bob.token,
    body: { body: 'Nice diary' },
  });
  assert.equal(comment.status, 201, comment.text);
  await server.request('PATCH', '/repos/af-ann/diary/issues/1', {
    token: ann.token,
    body: { state: 'closed' },
  });
  const release = await server.request('POST', '/repos/af-ann/diary/releases', {
    token: ann.token,
    body: { tag_name: 'v1', name: 'Volume one', target_commitish: 'main' },
  });
  assert.equal(release.status, 201, release.text);
  const secret = await server.request('POST', '/user/repos', {
    token: ann.token,
    body: { name: 'secret', private: true },
  });
  assert.equal(secret.status, 201, secret.text);
  await server.request('POST', '/repos/af-ann/secret/issues', {
    token: ann.token,
    body: { title: 'Hidden' },
  });
});
after(async () => {
  await server.stop();
});

const feed = (path: string, token?: string) =>
  server.request<ActivityJson[]>('GET', path, token === undefined ? {} : { token });
const kinds = (activities: ActivityJson[]) =>
  activities.map((a) => `${a.op_type} ${a.repo.full_name} ${a.content.startsWith('{') ? '{…}' : a.content}`);

describe('activity feeds', () => {
  test("a user's own feed: what they did and what happened in repositories they watch, newest first", async () => {
    const res = await feed('/users/af-ann/activities/feeds', ann.token);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(kinds(res.json), [
      'create_issue af-ann/secret 1|Hidden',
      'create_repo af-ann/secret ',
      'publish_release af-ann/diary Volume one',
      'close_issue af-ann/diary 1|',
      'comment_issue af-ann/diary 1|Nice diary',
      'create_issue af-ann/diary 1|First entry',
      'create_repo af-ann/diary ',
    ]);
    assert.equal(res.headers.get('x-total-count'), '7');
    const release = res.json.find((a) => a.op_type === 'publish_release')!;
    assert.equal(release.ref_name, 'refs/tags/v1');
    const comment = res.json.find((a) => a.op_type === 'comment_issue')!;
    assert.equal(comment.act_user.login, 'af-bob');
    assert.equal(comment.comment?.body, 'Nice diary');
    assert.equal(comment.comment_id, comment.comment?.id);
    assert.equal(comment.user_id, ann.user.id, "a watcher's copy");
    assert.equal(res.json[0]!.is_private, true);
    assert.match(res.json[0]!.created, /^\d{4}-\d{2}-\d{2}T/);

    const mine = await feed('/users/af-ann/activities/feeds?only-performed-by=true', ann.token);
    assert.ok(mine.json.every((a) => a.act_user.login === 'af-ann'));
    assert.equal(mine.json.length, 6);
    const page = await feed('/users/af-ann/activities/feeds?limit=2&page=2', ann.token);
    assert.deepEqual(
      page.json.map((a) => a.id),
      res.json.slice(2, 4).map((a) => a.id),
    );
  });

  test('others see no private actions; the actor of a comment has it in their own feed', async () => {
    for (const token of [cy.token, undefined]) {
      const res = await feed('/users/af-ann/activities/feeds', token);
      assert.equal(res.status, 200);
      assert.ok(res.json.length > 0);
      assert.ok(
        !res.json.some((a) => a.repo.full_name === 'af-ann/secret'),
        'nothing of the private repository',
      );
    }
    const bobs = await feed('/users/af-bob/activities/feeds', bob.token);
    assert.deepEqual(kinds(bobs.json), ['comment_issue af-ann/diary 1|Nice diary']);
    assert.equal((await feed('/users/af-nobody/activities/feeds')).status, 404);
  });

  test('a day: only its actions; a date that is none is ignored', async () => {
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await feed(`/users/af-ann/activities/feeds?date=${today}`, ann.token)).json.length, 7);
    assert.equal((await feed('/users/af-ann/activities/feeds?date=2001-02-03', ann.token)).json.length, 0);
    assert.equal((await feed('/users/af-ann/activities/feeds?date=yesterday', ann.token)).json.length, 7);
  });

  test("a repository's feed holds each action once; a private one only for its readers", async () => {
    const res = await feed('/repos/af-ann/diary/activities/feeds');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((a) => a.op_type),
      ['publish_release', 'close_issue', 'comment_issue', 'create_issue', 'create_repo'],
    );
    assert.equal((await feed('/repos/af-ann/secret/activities/feeds', cy.token)).status, 404);
    const own = await feed('/repos/af-ann/secret/activities/feeds', ann.token);
    assert.deepEqual(
      own.json.map((a) => a.op_type),
      ['create_issue', 'create_repo'],
    );
  });

  test('a fork is a new repository in the forker’s feed', async () => {
    const fork = await server.request('POST', '/repos/af-ann/diary/forks', { token: cy.token, body: {} });
    assert.equal(fork.status, 202, fork.text);
    const res = await feed('/users/af-cy/activities/feeds', cy.token);
    assert.deepEqual(kinds(res.json), ['create_repo af-cy/diary ']);
  });
});

describe('pushes in the feed', () => {
  test('commits, a new branch and a deleted branch, as Gitea records them', async () => {
    const repo = await server.request('POST', '/user/repos', {
      token: ann.token,
      body: { name: 'pushes', auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
    const file = await server.request('POST', '/repos/af-ann/pushes/contents/notes.txt', {
      token: ann.token,
      body: { content: Buffer.from('hello').toString('base64'), message: 'Add notes' },
    });
    assert.equal(file.status, 201, file.text);
    const branch = await server.request('POST', '/repos/af-ann/pushes/branches', {
      token: ann.token,
      body: { new_branch_name: 'topic' },
    });
    assert.equal(branch.status, 201, branch.text);
    const gone = await server.request('DELETE', '/repos/af-ann/pushes/branches/topic', { token: ann.token });
    assert.equal(gone.status, 204, gone.text);

    const res = await feed('/repos/af-ann/pushes/activities/feeds', ann.token);
    assert.deepEqual(
      res.json.map((a) => `${a.op_type} ${a.ref_name}`),
      [
        'delete_branch refs/heads/topic',
        'commit_repo refs/heads/topic',
        'commit_repo refs/heads/topic',
        'commit_repo refs/heads/main',
        'create_repo ',
      ],
    );
    const commits = JSON.parse(res.json[3]!.content) as {
      Commits: { Sha1: string; Message: string; AuthorName: string }[];
      HeadCommit: { Sha1: string } | null;
      CompareURL: string;
      Len: number;
    };
    assert.equal(commits.Len, 1);
    assert.equal(commits.Commits[0]!.Message.trim(), 'Add notes');
    assert.equal(commits.HeadCommit?.Sha1, commits.Commits[0]!.Sha1);
    assert.match(commits.CompareURL, /^af-ann\/pushes\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/);
  });
});

describe('organization and team feeds', () => {
  let teamId: number;
  before(async () => {
    await server.request('POST', '/orgs', { token: ann.token, body: { username: 'af-guild' } });
    const team = await server.request<{ id: number }>('POST', '/orgs/af-guild/teams', {
      token: ann.token,
      body: { name: 'scribes', permission: 'write', units: ['repo.code', 'repo.issues'] },
    });
    teamId = team.json.id;
    await server.request('PUT', `/teams/${teamId}/members/af-bob`, { token: ann.token });
    const repo = await server.request('POST', '/orgs/af-guild/repos', {
      token: ann.token,
      body: { name: 'ledger', private: true },
    });
    assert.equal(repo.status, 201, repo.text);
    await server.request(`PUT`, `/teams/${teamId}/repos/af-guild/ledger`, { token: ann.token });
    await server.request('POST', '/repos/af-guild/ledger/issues', {
      token: bob.token,
      body: { title: 'Sum up' },
    });
  });

  test("an organization's feed: its repositories' actions, private ones for members", async () => {
    const members = await feed('/orgs/af-guild/activities/feeds', bob.token);
    assert.equal(members.status, 200);
    assert.deepEqual(kinds(members.json), [
      'create_issue af-guild/ledger 1|Sum up',
      'create_repo af-guild/ledger ',
    ]);
    const outsider = await feed('/orgs/af-guild/activities/feeds', cy.token);
    assert.deepEqual(outsider.json, []);
    assert.equal((await feed('/orgs/af-nowhere/activities/feeds')).status, 404);
  });

  test("a team's feed: for its members, the actions in its repositories", async () => {
    const res = await feed(`/teams/${teamId}/activities/feeds`, bob.token);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.json.map((a) => a.op_type),
      ['create_issue', 'create_repo'],
    );
    assert.equal((await feed(`/teams/${teamId}/activities/feeds`, cy.token)).status, 404);
    assert.equal((await feed(`/teams/${teamId}/activities/feeds`)).status, 401);
  });

  test('a rename and a transfer are recorded with the old name', async () => {
    await server.request('POST', '/user/repos', { token: ann.token, body: { name: 'scratch' } });
    const renamed = await server.request('PATCH', '/repos/af-ann/scratch', {
      token: ann.token,
      body: { name: 'scratchpad' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    const moved = await server.request('POST', '/repos/af-ann/scratchpad/transfer', {
      token: ann.token,
      body: { new_owner: 'af-guild' },
    });
    assert.equal(moved.status, 202, moved.text);
    const res = await feed('/repos/af-guild/scratchpad/activities/feeds', ann.token);
    assert.deepEqual(kinds(res.json), [
      'transfer_repo af-guild/scratchpad af-ann/scratchpad',
      'rename_repo af-guild/scratchpad scratch',
      'create_repo af-guild/scratchpad ',
    ]);
  });
});
