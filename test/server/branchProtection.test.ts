import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, openPull, pushCommit } from './pullsFixture';

interface ProtectionJson {
  rule_name: string;
  branch_name: string;
  enable_push: boolean;
  enable_push_whitelist: boolean;
  push_whitelist_usernames: string[];
  required_approvals: number;
  enable_status_check: boolean;
  status_check_contexts: string[];
  block_on_rejected_reviews: boolean;
  protected_file_patterns: string;
  created_at: string;
  updated_at: string;
}

interface BranchJson {
  name: string;
  protected: boolean;
  required_approvals: number;
  enable_status_check: boolean;
  status_check_contexts: string[];
  user_can_push: boolean;
  effective_branch_protection_name: string;
}

let server: TestServer;
let scratch: string;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let adminCollaborator: TestUser;
let stranger: TestUser;
let counter = 0;

async function collaborator(repo: string, user: TestUser, permission: string): Promise<void> {
  const res = await server.request('PUT', `/repos/${repo}/collaborators/${user.user.login}`, {
    token: owner.token,
    body: { permission },
  });
  assert.equal(res.status, 204, res.text);
}

async function makeRepository(name: string, isPrivate = false): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true, private: isPrivate },
  });
  assert.equal(res.status, 201, res.text);
  const repo = res.json.full_name;
  await collaborator(repo, writer, 'write');
  await collaborator(repo, reader, 'read');
  await collaborator(repo, adminCollaborator, 'admin');
  return repo;
}

const protect = (repo: string, body: Record<string, unknown>, token = owner.token) =>
  server.request<ProtectionJson>('POST', `/repos/${repo}/branch_protections`, { token, body });

const makeBranch = async (repo: string, name: string): Promise<void> => {
  const res = await server.request('POST', `/repos/${repo}/branches`, {
    token: owner.token,
    body: { new_branch_name: name },
  });
  assert.equal(res.status, 201, res.text);
};

/** A clone by `who` with one more commit on `branch`. */
function cloneWithCommit(repo: string, who: TestUser, branch: string): string {
  const dir = path.join(scratch, `c${++counter}`);
  const credentials = { username: who.user.login, secret: who.token };
  mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, repo, credentials), dir]);
  mustGit(dir, ['checkout', '--quiet', '-B', branch]);
  writeFileSync(path.join(dir, `file-${counter}.txt`), `${branch}\n`);
  mustGit(dir, ['add', '--all']);
  mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', `change on ${branch}`]);
  return dir;
}

before(async () => {
  scratch = makeTempDir('teahouse-protect-');
  server = await startServer();
  owner = await server.createUser('bp-owner');
  writer = await server.createUser('bp-writer');
  reader = await server.createUser('bp-reader');
  adminCollaborator = await server.createUser('bp-admin-collab');
  stranger = await server.createUser('bp-stranger');
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('branch protection rules', () => {
  test('creating a rule answers 201 with the settings and allow lists as Gitea names them', async () => {
    const repo = await makeRepository('bp-create');
    const res = await protect(repo, {
      rule_name: 'main',
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: ['bp-writer'],
      required_approvals: 2,
      enable_status_check: true,
      status_check_contexts: ['ci/build'],
      block_on_rejected_reviews: true,
      protected_file_patterns: '*.lock',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.rule_name, 'main');
    assert.equal(res.json.branch_name, 'main');
    assert.equal(res.json.enable_push, true);
    assert.equal(res.json.enable_push_whitelist, true);
    assert.deepEqual(res.json.push_whitelist_usernames, ['bp-writer']);
    assert.equal(res.json.required_approvals, 2);
    assert.deepEqual(res.json.status_check_contexts, ['ci/build']);
    assert.equal(res.json.block_on_rejected_reviews, true);
    assert.equal(res.json.protected_file_patterns, '*.lock');
    assert.match(res.json.created_at, /^\d{4}-\d\d-\d\dT/);

    const one = await server.request<ProtectionJson>('GET', `/repos/${repo}/branch_protections/main`, {
      token: owner.token,
    });
    assert.equal(one.status, 200);
    assert.equal(one.json.required_approvals, 2);
    const list = await server.request<ProtectionJson[]>('GET', `/repos/${repo}/branch_protections`, {
      token: owner.token,
    });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((r) => r.rule_name),
      ['main'],
    );
    assert.equal(list.headers.get('x-total-count'), '1');
  });

  test('the deprecated branch_name names the rule when rule_name is absent; a push allow list needs enable_push', async () => {
    const repo = await makeRepository('bp-branch-name');
    const res = await protect(repo, { branch_name: 'dev', enable_push_whitelist: true });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.rule_name, 'dev');
    assert.equal(res.json.enable_push, false);
    assert.equal(res.json.enable_push_whitelist, false);
  });

  test('a second rule of the same name answers 403, a rule without a name 400, an unknown user 422', async () => {
    const repo = await makeRepository('bp-bad');
    assert.equal((await protect(repo, { rule_name: 'main' })).status, 201);
    const duplicate = await protect(repo, { rule_name: 'main', enable_push: true });
    assert.equal(duplicate.status, 403);
    assert.match(duplicate.text, /Branch protection already exist/);
    const nameless = await protect(repo, { enable_push: true });
    assert.equal(nameless.status, 400);
    assert.match(nameless.text, /both rule_name and branch_name are empty/);
    const unknown = await protect(repo, {
      rule_name: 'other',
      enable_push: true,
      push_whitelist_usernames: ['nobody-here'],
    });
    assert.equal(unknown.status, 422);
    assert.match(unknown.text, /user does not exist/);
    const missing = await server.request('GET', `/repos/${repo}/branch_protections/other`, {
      token: owner.token,
    });
    assert.equal(missing.status, 404);
  });

  test('an edit changes only the fields sent, and turning pushing off clears its allow list', async () => {
    const repo = await makeRepository('bp-edit');
    await protect(repo, {
      rule_name: 'main',
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: ['bp-writer'],
      required_approvals: 1,
    });
    const edited = await server.request<ProtectionJson>('PATCH', `/repos/${repo}/branch_protections/main`, {
      token: owner.token,
      body: { required_approvals: 3 },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.required_approvals, 3);
    assert.equal(edited.json.enable_push_whitelist, true);
    assert.deepEqual(edited.json.push_whitelist_usernames, ['bp-writer']);
    const off = await server.request<ProtectionJson>('PATCH', `/repos/${repo}/branch_protections/main`, {
      token: owner.token,
      body: { enable_push: false },
    });
    assert.equal(off.status, 200);
    assert.equal(off.json.enable_push, false);
    assert.equal(off.json.enable_push_whitelist, false);
    assert.equal(off.json.required_approvals, 3);
    const absent = await server.request('PATCH', `/repos/${repo}/branch_protections/nope`, {
      token: owner.token,
      body: { required_approvals: 1 },
    });
    assert.equal(absent.status, 404);
  });

  test('deleting a rule answers 204 and the rule is gone', async () => {
    const repo = await makeRepository('bp-delete');
    await protect(repo, { rule_name: 'main' });
    const removed = await server.request('DELETE', `/repos/${repo}/branch_protections/main`, {
      token: owner.token,
    });
    assert.equal(removed.status, 204);
    const again = await server.request('DELETE', `/repos/${repo}/branch_protections/main`, {
      token: owner.token,
    });
    assert.equal(again.status, 404);
    const branch = await server.request<BranchJson>('GET', `/repos/${repo}/branches/main`, {
      token: owner.token,
    });
    assert.equal(branch.json.protected, false);
  });

  test('rules are for repository admins: 401 anonymous, 403 readers and writers, 404 strangers to a private repository', async () => {
    const repo = await makeRepository('bp-perms', true);
    await protect(repo, { rule_name: 'main' });
    const cases: [TestUser | undefined, number][] = [
      [undefined, 401],
      [stranger, 404],
      [reader, 403],
      [writer, 403],
      [adminCollaborator, 200],
      [owner, 200],
      [
        {
          user: { id: 1, login: server.admin.username, email: '', is_admin: true },
          password: '',
          token: server.admin.token,
        },
        200,
      ],
    ];
    for (const [who, status] of cases) {
      const label = who?.user.login ?? 'anonymous';
      const token = who?.token;
      const list = await server.request('GET', `/repos/${repo}/branch_protections`, { token });
      assert.equal(list.status, status, `list as ${label}`);
      const one = await server.request('GET', `/repos/${repo}/branch_protections/main`, { token });
      assert.equal(one.status, status, `get as ${label}`);
      const edit = await server.request('PATCH', `/repos/${repo}/branch_protections/main`, {
        token,
        body: { required_approvals: 1 },
      });
      assert.equal(edit.status, status, `edit as ${label}`);
      const create = await server.request('POST', `/repos/${repo}/branch_protections`, {
        token,
        body: { rule_name: `r-${label}` },
      });
      assert.equal(create.status, status === 200 ? 201 : status, `create as ${label}`);
    }
    for (const [who, status] of [
      [writer, 403],
      [stranger, 404],
    ] as const) {
      const res = await server.request('DELETE', `/repos/${repo}/branch_protections/main`, {
        token: who.token,
      });
      assert.equal(res.status, status);
    }
    const res = await server.request('DELETE', `/repos/${repo}/branch_protections/main`, {
      token: adminCollaborator.token,
    });
    assert.equal(res.status, 204);
  });
});

describe('what a rule enforces', () => {
  test('a branch names the rule that governs it, glob rules included, and what the caller may do', async () => {
    const repo = await makeRepository('bp-branch-json');
    await makeBranch(repo, 'release/v1');
    await makeBranch(repo, 'release/v2/fix');
    await protect(repo, {
      rule_name: 'release/*',
      required_approvals: 1,
      enable_status_check: true,
      status_check_contexts: ['ci'],
    });
    const branch = await server.request<BranchJson>('GET', `/repos/${repo}/branches/release%2Fv1`, {
      token: writer.token,
    });
    assert.equal(branch.status, 200, branch.text);
    assert.equal(branch.json.protected, true);
    assert.equal(branch.json.effective_branch_protection_name, 'release/*');
    assert.equal(branch.json.required_approvals, 1);
    assert.equal(branch.json.enable_status_check, true);
    assert.deepEqual(branch.json.status_check_contexts, ['ci']);
    assert.equal(branch.json.user_can_push, false);
    const deeper = await server.request<BranchJson>('GET', `/repos/${repo}/branches/release%2Fv2%2Ffix`, {
      token: writer.token,
    });
    assert.equal(deeper.json.protected, false);
    assert.equal(deeper.json.user_can_push, true);
  });

  test('deleting a protected branch through the API answers 403 and keeps it', async () => {
    const repo = await makeRepository('bp-branch-delete');
    await makeBranch(repo, 'stable');
    await protect(repo, { rule_name: 'stable', enable_push: true });
    const res = await server.request('DELETE', `/repos/${repo}/branches/stable`, { token: owner.token });
    assert.equal(res.status, 403);
    assert.match(res.text, /branch protected/);
    const still = await server.request('GET', `/repos/${repo}/branches/stable`, { token: owner.token });
    assert.equal(still.status, 200);
  });

  test('a push to a protected branch is refused unless the rule lets the pusher push', async () => {
    const repo = await makeRepository('bp-push');
    await protect(repo, {
      rule_name: 'main',
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: ['bp-admin-collab'],
    });
    const before = await server.request<{ commit: { id: string } }>('GET', `/repos/${repo}/branches/main`, {
      token: owner.token,
    });
    const refused = cloneWithCommit(repo, writer, 'main');
    const outcome = tryGit(refused, ['push', 'origin', 'main']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /Not allowed to push to protected branch main/);
    const unchanged = await server.request<{ commit: { id: string } }>(
      'GET',
      `/repos/${repo}/branches/main`,
      {
        token: owner.token,
      },
    );
    assert.equal(unchanged.json.commit.id, before.json.commit.id);

    const other = cloneWithCommit(repo, writer, 'topic');
    mustGit(other, ['push', '--quiet', 'origin', 'topic']);

    const allowed = cloneWithCommit(repo, adminCollaborator, 'main');
    mustGit(allowed, ['push', '--quiet', 'origin', 'main']);
    const moved = await server.request<{ commit: { id: string } }>('GET', `/repos/${repo}/branches/main`, {
      token: owner.token,
    });
    assert.equal(moved.json.commit.id, mustGit(allowed, ['rev-parse', 'HEAD']).trim());

    assert.equal((await protect(repo, { rule_name: 'topic', enable_push: true })).status, 201);
    const deletion = tryGit(other, ['push', 'origin', ':topic']);
    assert.notEqual(deletion.code, 0);
    assert.match(deletion.stderr, /branch topic is protected from deletion/);
    const kept = await server.request('GET', `/repos/${repo}/branches/topic`, { token: owner.token });
    assert.equal(kept.status, 200);
  });

  test('a merge into a branch whose rule needs approvals answers 405 until an official approval exists', async () => {
    const repo = await makeRepository('bp-merge');
    const ws = cloneAs(server, owner, repo);
    try {
      pushCommit(ws, 'feature', { 'f.txt': 'f\n' }, 'add f');
    } finally {
      ws.dispose();
    }
    await protect(repo, { rule_name: 'main', required_approvals: 1, block_on_rejected_reviews: true });
    const pr = await openPull(server, owner, repo, { head: 'feature', base: 'main', title: 'Feature' });
    const merge = () =>
      server.request('POST', `/repos/${repo}/pulls/${pr.number}/merge`, {
        token: owner.token,
        body: { Do: 'merge' },
      });
    const review = (event: string) =>
      server.request('POST', `/repos/${repo}/pulls/${pr.number}/reviews`, {
        token: adminCollaborator.token,
        body: { event, body: 'looked at it' },
      });
    const early = await merge();
    assert.equal(early.status, 405);
    assert.match(early.text, /Does not have enough approvals/);
    assert.equal((await review('REQUEST_CHANGES')).status, 200);
    assert.equal((await merge()).status, 405);
    assert.equal((await review('APPROVED')).status, 200);
    const merged = await merge();
    assert.equal(merged.status, 200, merged.text);
  });

  test('gitea-js creates and lists rules with the field names it expects', async () => {
    const repo = await makeRepository('bp-gitea-js');
    const [ownerName, name] = repo.split('/') as [string, string];
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const made = await api.repos.repoCreateBranchProtection(ownerName, name, {
      rule_name: 'main',
      required_approvals: 1,
      enable_push: true,
    });
    assert.equal(made.status, 201);
    assert.equal(made.data.rule_name, 'main');
    assert.equal(made.data.required_approvals, 1);
    const list = await api.repos.repoListBranchProtection(ownerName, name);
    assert.deepEqual(
      list.data.map((r) => r.rule_name),
      ['main'],
    );
    const edited = await api.repos.repoEditBranchProtection(ownerName, name, 'main', { enable_push: false });
    assert.equal(edited.data.enable_push, false);
  });
});
