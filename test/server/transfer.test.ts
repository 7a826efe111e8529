import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoJson {
  full_name: string;
  owner: { login: string };
}

let server: TestServer;
let counter = 0;

before(async () => {
  server = await startServer();
});

after(async () => {
  await server.stop();
});

const repoDir = (owner: string, name: string): string =>
  path.join(server.dataDir, 'repositories', owner.toLowerCase(), `${name.toLowerCase()}.git`);

async function world(isPrivate = false) {
  const n = ++counter;
  const owner = await server.createUser(`tr-owner-${n}`);
  const recipient = await server.createUser(`tr-recipient-${n}`);
  const stranger = await server.createUser(`tr-stranger-${n}`);
  const res = await server.request<RepoJson>('POST', '/user/repos', {
    token: owner.token,
    body: { name: `moving-${n}`, auto_init: true, private: isPrivate },
  });
  assert.equal(res.status, 201, res.text);
  return { owner, recipient, stranger, name: `moving-${n}`, full: res.json.full_name };
}

const transfer = (full: string, who: TestUser | undefined, body: Record<string, unknown>) =>
  server.request<RepoJson>('POST', `/repos/${full}/transfer`, { token: who?.token, body });

async function makeOrg(owner: TestUser, name: string): Promise<number> {
  const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: name } });
  assert.equal(org.status, 201, org.text);
  const team = await server.request<{ id: number }>('POST', `/orgs/${name}/teams`, {
    token: owner.token,
    body: { name: 'devs', permission: 'write', units: ['repo.code'] },
  });
  assert.equal(team.status, 201, team.text);
  return team.json.id;
}

test('a transfer to another user waits for them (201) and their acceptance moves the repository and its folder (202)', async () => {
  const { owner, recipient, name, full } = await world();
  const started = await transfer(full, owner, { new_owner: recipient.user.login });
  assert.equal(started.status, 201, started.text);
  assert.equal(started.json.full_name, full);
  const stillThere = await server.request<RepoJson>('GET', `/repos/${full}`, { token: owner.token });
  assert.equal(stillThere.json.owner.login, owner.user.login);

  const again = await transfer(full, owner, { new_owner: recipient.user.login });
  assert.equal(again.status, 409);

  const accepted = await server.request<RepoJson>('POST', `/repos/${full}/transfer/accept`, {
    token: recipient.token,
  });
  assert.equal(accepted.status, 202, accepted.text);
  assert.equal(accepted.json.full_name, `${recipient.user.login}/${name}`);
  assert.equal(accepted.json.owner.login, recipient.user.login);
  assert.equal((await server.request('GET', `/repos/${full}`, { token: owner.token })).status, 404);
  const branch = await server.request('GET', `/repos/${recipient.user.login}/${name}/branches/main`, {
    token: recipient.token,
  });
  assert.equal(branch.status, 200, branch.text);
  assert.ok(existsSync(repoDir(recipient.user.login, name)));
  assert.ok(!existsSync(repoDir(owner.user.login, name)));
});

test('only the recipient answers a pending transfer: others get 403, and a rejection (200) leaves the repository where it was', async () => {
  const { owner, recipient, stranger, full } = await world();
  assert.equal((await transfer(full, owner, { new_owner: recipient.user.login })).status, 201);
  const foreign = await server.request('POST', `/repos/${full}/transfer/accept`, { token: stranger.token });
  assert.equal(foreign.status, 403);
  const byOwner = await server.request('POST', `/repos/${full}/transfer/accept`, { token: owner.token });
  assert.equal(byOwner.status, 403);
  const rejected = await server.request<RepoJson>('POST', `/repos/${full}/transfer/reject`, {
    token: recipient.token,
  });
  assert.equal(rejected.status, 200, rejected.text);
  assert.equal(rejected.json.full_name, full);
  const none = await server.request('POST', `/repos/${full}/transfer/accept`, { token: recipient.token });
  assert.equal(none.status, 404);
  assert.match(none.text, /pending transfer/);
  assert.equal((await server.request('GET', `/repos/${full}`, { token: owner.token })).status, 200);
});

test('a transfer to an organization the owner owns happens at once (202) and links the chosen team', async () => {
  const { owner, name, full } = await world();
  const org = `tr-org-${counter}`;
  const teamId = await makeOrg(owner, org);
  const moved = await transfer(full, owner, { new_owner: org, team_ids: [teamId] });
  assert.equal(moved.status, 202, moved.text);
  assert.equal(moved.json.full_name, `${org}/${name}`);
  const teamRepos = await server.request<RepoJson[]>('GET', `/teams/${teamId}/repos`, { token: owner.token });
  assert.deepEqual(
    teamRepos.json.map((r) => r.full_name),
    [`${org}/${name}`],
  );
  assert.ok(existsSync(repoDir(org, name)));
});

test('bad targets: an unknown owner 404, teams for a user 422, a foreign team 403, a name taken at the target 422', async () => {
  const { owner, recipient, name, full } = await world();
  const unknown = await transfer(full, owner, { new_owner: 'no-such-owner' });
  assert.equal(unknown.status, 404);
  assert.match(unknown.text, /The new owner does not exist or cannot be found/);
  const teamsForUser = await transfer(full, owner, { new_owner: recipient.user.login, team_ids: [1] });
  assert.equal(teamsForUser.status, 422);
  const otherOrg = `tr-other-${counter}`;
  const foreignTeam = await makeOrg(recipient, otherOrg);
  const mine = `tr-mine-${counter}`;
  await makeOrg(owner, mine);
  const wrongTeam = await transfer(full, owner, { new_owner: mine, team_ids: [foreignTeam] });
  assert.equal(wrongTeam.status, 403);
  assert.match(wrongTeam.text, /belongs not to org/);
  const clash = await server.request('POST', '/user/repos', { token: recipient.token, body: { name } });
  assert.equal(clash.status, 201);
  const taken = await transfer(full, owner, { new_owner: recipient.user.login });
  assert.equal(taken.status, 422);
  assert.match(taken.text, /repository already exists/);
  const missing = await transfer(full, owner, {});
  assert.equal(missing.status, 422);
});

test('transferring needs ownership: 401 anonymous, 403 for admin collaborators, 404 for strangers to a private repository', async () => {
  const { owner, recipient, stranger, full } = await world(true);
  const collaborator = await server.request('PUT', `/repos/${full}/collaborators/${recipient.user.login}`, {
    token: owner.token,
    body: { permission: 'admin' },
  });
  assert.equal(collaborator.status, 204);
  assert.equal((await transfer(full, undefined, { new_owner: stranger.user.login })).status, 401);
  assert.equal((await transfer(full, stranger, { new_owner: stranger.user.login })).status, 404);
  assert.equal((await transfer(full, recipient, { new_owner: recipient.user.login })).status, 403);
  const byAdmin = await server.request<RepoJson>('POST', `/repos/${full}/transfer`, {
    token: server.admin.token,
    body: { new_owner: recipient.user.login },
  });
  // a site admin's transfer needs no acceptance
  assert.equal(byAdmin.status, 202, byAdmin.text);
  assert.equal(byAdmin.json.owner.login, recipient.user.login);
});

test('gitea-js starts and accepts a transfer', async () => {
  const { owner, recipient, name } = await world();
  const asOwner = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
  const started = await asOwner.repos.repoTransfer(owner.user.login, name, {
    new_owner: recipient.user.login,
  });
  assert.equal(started.status, 201);
  const asRecipient = giteaApi(server.url.replace(/\/$/, ''), { token: recipient.token });
  const accepted = await asRecipient.repos.acceptRepoTransfer(owner.user.login, name);
  assert.equal(accepted.status, 202);
  assert.equal(accepted.data.full_name, `${recipient.user.login}/${name}`);
});
