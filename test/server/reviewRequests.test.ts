import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

interface ReviewJson {
  id: number;
  state: string;
  user: { login: string } | null;
  team: { name: string } | null;
  message: string;
}

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

describe('review requests', () => {
  let alice: TestUser;
  let writer: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let pr: PullJson;
  const full = 'rr-alice/app';
  const path = () => `/repos/${full}/pulls/${pr.number}/requested_reviewers`;
  const requested = async (): Promise<string[]> =>
    (
      await server.request<PullJson>('GET', `/repos/${full}/pulls/${pr.number}`, { token: alice.token })
    ).json.requested_reviewers.map((u) => u.login);

  before(async () => {
    alice = await server.createUser('rr-alice');
    writer = await server.createUser('rr-writer');
    reader = await server.createUser('rr-reader');
    stranger = await server.createUser('rr-stranger');
    await createRepo(server, alice, 'app', { private: true });
    for (const [user, permission] of [
      ['rr-writer', 'write'],
      ['rr-reader', 'read'],
    ]) {
      const res = await server.request('PUT', `/repos/${full}/collaborators/${user}`, {
        token: alice.token,
        body: { permission },
      });
      assert.equal(res.status, 204, res.text);
    }
    const ws = cloneAs(server, alice, full);
    workspaces.push(ws);
    pushCommit(ws, 'topic', { 'topic.txt': 'topic\n' }, 'Topic');
    pr = await openPull(server, writer, full, { head: 'topic', base: 'main', title: 'Topic' });
  });

  test('the owner requests reviewers (201): REQUEST_REVIEW reviews, listed on the pull request', async () => {
    const res = await server.request<ReviewJson[]>('POST', path(), {
      token: alice.token,
      body: { reviewers: ['rr-reader', 'rr-reader@example.com'] },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.length, 1, 'the same person twice is one request');
    assert.equal(res.json[0]!.state, 'REQUEST_REVIEW');
    assert.equal(res.json[0]!.user?.login, 'rr-reader');
    assert.deepEqual(await requested(), ['rr-reader']);
    const again = await server.request<ReviewJson[]>('POST', path(), {
      token: alice.token,
      body: { reviewers: ['rr-reader'] },
    });
    assert.equal(again.status, 201);
    assert.deepEqual(again.json, [], 'someone already requested is skipped');
    const listed = await server.request<ReviewJson[]>('GET', `/repos/${full}/pulls/${pr.number}/reviews`, {
      token: alice.token,
    });
    assert.deepEqual(
      listed.json.map((r) => r.state),
      ['REQUEST_REVIEW'],
    );
  });

  test('refusals as Gitea: poster, oneself, no read access, organizations (422); unknown users (404); readers (422)', async () => {
    const post = (token: string, reviewers: string[]) =>
      server.request<ReviewJson[] & { message: string }>('POST', path(), { token, body: { reviewers } });
    const poster = await post(alice.token, ['rr-writer']);
    assert.equal(poster.status, 422);
    assert.match(poster.json.message, /poster of pr can't be reviewer/);
    const self = await post(alice.token, ['rr-alice']);
    assert.equal(self.status, 422);
    assert.match(self.json.message, /doer can't be reviewer/);
    const cannotRead = await post(alice.token, ['rr-stranger']);
    assert.equal(cannotRead.status, 422);
    assert.match(cannotRead.json.message, /Reviewer can't read/);
    const unknown = await post(alice.token, ['rr-nobody']);
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /User 'rr-nobody' not exist/);
    const byReader = await post(reader.token, ['rr-alice']);
    assert.equal(byReader.status, 422);
    assert.match(byReader.json.message, /Doer can't choose reviewer/);
    const byStranger = await post(stranger.token, ['rr-reader']);
    assert.equal(byStranger.status, 404, 'a private repository is not found');
    const anonymous = await server.request('POST', path(), { body: { reviewers: ['rr-reader'] } });
    assert.equal(anonymous.status, 401);
    // one refused name refuses the whole request: nothing changed
    const mixed = await post(alice.token, ['rr-alice', 'rr-reader']);
    assert.equal(mixed.status, 422);
    assert.deepEqual(await requested(), ['rr-reader']);
    const org = await server.request('POST', '/orgs', { token: alice.token, body: { username: 'rr-org' } });
    assert.equal(org.status, 201, org.text);
    const orgReviewer = await post(alice.token, ['rr-org']);
    assert.equal(orgReviewer.status, 422);
    assert.match(orgReviewer.json.message, /Organization can't be added as reviewer/);
  });

  test('removal: a writer who is no admin is refused; the requested reviewer may decline; admins remove (204)', async () => {
    const remove = (token: string, reviewers: string[]) =>
      server.request<{ message: string }>('DELETE', path(), { token, body: { reviewers } });
    const byWriter = await remove(writer.token, ['rr-reader']);
    assert.equal(byWriter.status, 422);
    assert.match(byWriter.json.message, /Doer is not admin/);
    assert.deepEqual(await requested(), ['rr-reader']);
    const declined = await remove(reader.token, ['rr-reader']);
    assert.equal(declined.status, 204, declined.text);
    assert.deepEqual(await requested(), []);

    const api = giteaApi(server.url.replace(/\/$/, ''), { token: alice.token });
    const added = await api.repos.repoCreatePullReviewRequests('rr-alice', 'app', pr.number, {
      reviewers: ['rr-reader'],
    });
    assert.equal(added.status, 201);
    assert.equal(added.data[0]?.state, 'REQUEST_REVIEW');
    assert.deepEqual(await requested(), ['rr-reader']);
    const removed = await api.repos.repoDeletePullReviewRequests('rr-alice', 'app', pr.number, {
      reviewers: ['rr-reader'],
    });
    assert.equal(removed.status, 204);
    assert.deepEqual(await requested(), []);
    const notRequested = await remove(alice.token, ['rr-reader']);
    assert.equal(notRequested.status, 204, 'removing someone not requested changes nothing');
  });

  test("on a user's repository team_reviewers are ignored, as Gitea", async () => {
    const res = await server.request<ReviewJson[]>('POST', path(), {
      token: alice.token,
      body: { reviewers: ['rr-reader'], team_reviewers: ['no-such-team'] },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      res.json.map((r) => [r.user?.login, r.team]),
      [['rr-reader', null]],
    );
    const removed = await server.request('DELETE', path(), {
      token: alice.token,
      body: { reviewers: ['rr-reader'], team_reviewers: ['no-such-team'] },
    });
    assert.equal(removed.status, 204, removed.text);
    assert.deepEqual(await requested(), []);
  });

  test('an issue that is no pull request is 404', async () => {
    const issue = await server.request<{ number: number }>('POST', `/repos/${full}/issues`, {
      token: alice.token,
      body: { title: 'plain issue' },
    });
    const res = await server.request(
      'POST',
      `/repos/${full}/pulls/${issue.json.number}/requested_reviewers`,
      {
        token: alice.token,
        body: { reviewers: ['rr-reader'] },
      },
    );
    assert.equal(res.status, 404);
  });
});

describe('team review requests on an organization repository', () => {
  let owner: TestUser;
  let dev: TestUser;
  let reader: TestUser;
  let pr: PullJson;
  const full = 'tr-org/app';
  const path = () => `/repos/${full}/pulls/${pr.number}/requested_reviewers`;
  const pull = async () =>
    (
      await server.request<PullJson & { requested_reviewers_teams: { name: string }[] }>(
        'GET',
        `/repos/${full}/pulls/${pr.number}`,
        { token: owner.token },
      )
    ).json;
  const post = (token: string, body: Record<string, string[]>) =>
    server.request<ReviewJson[] & { message: string }>('POST', path(), { token, body });

  async function createTeam(name: string, permission: string, withRepo: boolean): Promise<void> {
    const team = await server.request<{ id: number }>('POST', '/orgs/tr-org/teams', {
      token: owner.token,
      body: { name, permission },
    });
    assert.equal(team.status, 201, team.text);
    if (withRepo) {
      const linked = await server.request('PUT', `/teams/${team.json.id}/repos/${full}`, {
        token: owner.token,
      });
      assert.equal(linked.status, 204, linked.text);
    }
    if (name === 'Devs') {
      const member = await server.request('PUT', `/teams/${team.json.id}/members/tr-dev`, {
        token: owner.token,
      });
      assert.equal(member.status, 204, member.text);
    }
  }

  before(async () => {
    owner = await server.createUser('tr-owner');
    dev = await server.createUser('tr-dev');
    reader = await server.createUser('tr-reader');
    const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'tr-org' } });
    assert.equal(org.status, 201, org.text);
    const repo = await server.request('POST', '/orgs/tr-org/repos', {
      token: owner.token,
      body: { name: 'app', private: true, auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
    await createTeam('Devs', 'write', true);
    await createTeam('Reviewers', 'read', true);
    await createTeam('Outsiders', 'read', false);
    const readerOk = await server.request('PUT', `/repos/${full}/collaborators/tr-reader`, {
      token: owner.token,
      body: { permission: 'read' },
    });
    assert.equal(readerOk.status, 204, readerOk.text);
    const ws = cloneAs(server, owner, full);
    workspaces.push(ws);
    pushCommit(ws, 'topic', { 'topic.txt': 'topic\n' }, 'Topic');
    pr = await openPull(server, dev, full, { head: 'topic', base: 'main', title: 'Topic' });
  });

  test('a team with the repository is requested (201): a REQUEST_REVIEW review naming the team', async () => {
    const res = await post(dev.token, { team_reviewers: ['reviewers'] });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.length, 1);
    assert.equal(res.json[0]!.state, 'REQUEST_REVIEW');
    assert.equal(res.json[0]!.team?.name, 'Reviewers');
    assert.equal(res.json[0]!.user, null, "a team's request has no user");
    const shown = await pull();
    assert.deepEqual(
      shown.requested_reviewers_teams.map((t) => t.name),
      ['Reviewers'],
    );
    assert.deepEqual(shown.requested_reviewers, [], 'a team request is no user request');
    const again = await post(dev.token, { team_reviewers: ['Reviewers'] });
    assert.equal(again.status, 201);
    assert.deepEqual(again.json, [], 'a team already requested is skipped');
    const listed = await server.request<ReviewJson[]>('GET', `/repos/${full}/pulls/${pr.number}/reviews`, {
      token: owner.token,
    });
    assert.deepEqual(
      listed.json.map((r) => [r.state, r.team?.name]),
      [['REQUEST_REVIEW', 'Reviewers']],
    );
  });

  test('refusals: unknown team (404); a team without the private repository, a reader (422); nothing changes', async () => {
    const unknown = await post(owner.token, { reviewers: ['tr-reader'], team_reviewers: ['nobody'] });
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /Team 'nobody' not exist/);
    const outside = await post(owner.token, { reviewers: ['tr-reader'], team_reviewers: ['Outsiders'] });
    assert.equal(outside.status, 422);
    assert.match(outside.json.message, /Reviewing team can't read repo/);
    const byReader = await post(reader.token, { team_reviewers: ['Devs'] });
    assert.equal(byReader.status, 422);
    assert.match(byReader.json.message, /Doer can't choose reviewer/);
    const shown = await pull();
    assert.deepEqual(shown.requested_reviewers, [], 'the user request waits for the teams to be valid');
    assert.deepEqual(
      shown.requested_reviewers_teams.map((t) => t.name),
      ['Reviewers'],
    );
  });

  test('removal: a writer who is no admin is refused (422); the owner removes it (204)', async () => {
    const byDev = await server.request<{ message: string }>('DELETE', path(), {
      token: dev.token,
      body: { team_reviewers: ['Reviewers'] },
    });
    assert.equal(byDev.status, 422);
    assert.match(byDev.json.message, /Only admin users can remove team requests/);
    const removed = await server.request('DELETE', path(), {
      token: owner.token,
      body: { team_reviewers: ['Reviewers'] },
    });
    assert.equal(removed.status, 204, removed.text);
    assert.deepEqual((await pull()).requested_reviewers_teams, []);
    const listed = await server.request<ReviewJson[]>('GET', `/repos/${full}/pulls/${pr.number}/reviews`, {
      token: owner.token,
    });
    assert.deepEqual(listed.json, []);
    const notRequested = await server.request('DELETE', path(), {
      token: owner.token,
      body: { team_reviewers: ['Reviewers'] },
    });
    assert.equal(notRequested.status, 204, 'removing a team not requested changes nothing');
  });

  test("a team's request notifies its members but the pull request's poster", async () => {
    const team = await server.request<{ id: number }>('POST', '/orgs/tr-org/teams', {
      token: owner.token,
      body: { name: 'Auditors', permission: 'read', includes_all_repositories: true },
    });
    assert.equal(team.status, 201, team.text);
    for (const login of ['tr-reader', 'tr-dev']) {
      const member = await server.request('PUT', `/teams/${team.json.id}/members/${login}`, {
        token: owner.token,
      });
      assert.equal(member.status, 204, member.text);
    }
    const threads = async (user: TestUser) =>
      (
        await server.request<{ subject: { title: string } }[]>('GET', '/notifications?all=true', {
          token: user.token,
        })
      ).json.filter((t) => t.subject.title === 'Topic');
    assert.equal((await threads(reader)).length, 0);
    const res = await post(owner.token, { team_reviewers: ['Auditors'] });
    assert.equal(res.status, 201, res.text);
    assert.equal((await threads(reader)).length, 1, 'a member hears of it');
    assert.equal((await threads(dev)).length, 0, 'the poster, a member too, does not');
  });
});
