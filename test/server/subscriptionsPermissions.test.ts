import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import {
  buildPermissionWorld,
  roles,
  runPermissionMatrix,
  type Role,
  type RoleTokens,
} from './permissionWorld';

type Operation = 'list' | 'check' | 'subscribeSelf' | 'unsubscribeSelf' | 'subscribeOther';

const operations: readonly Operation[] = [
  'list',
  'check',
  'subscribeSelf',
  'unsubscribeSelf',
  'subscribeOther',
];
const successStatus: Readonly<Record<Operation, number>> = {
  list: 200,
  check: 200,
  subscribeSelf: 201,
  unsubscribeSelf: 201,
  subscribeOther: 201,
};

/**
 * Gitea's answers: the list is public; checking and changing need a token (401); a private repository does not
 * exist for those who cannot read it (404); only site and repository admins change others' subscriptions (403).
 */
function expectedStatus(visibility: 'public' | 'private', role: Role, operation: Operation): number {
  if (operation !== 'list' && role === 'anonymous') return 401;
  if (visibility === 'private' && (role === 'anonymous' || role === 'stranger')) return 404;
  if (operation === 'subscribeOther' && role !== 'owner' && role !== 'admin') return 403;
  return successStatus[operation];
}

// Anonymous callers name the owner (they are refused before it matters).
const names: Readonly<Record<Exclude<Role, 'admin'>, string>> = {
  anonymous: 'sp-owner',
  stranger: 'sp-stranger',
  reader: 'sp-reader',
  writer: 'sp-writer',
  owner: 'sp-owner',
};

describe('issue subscription permissions', () => {
  let server: TestServer;
  const tokens: RoleTokens = {};
  let issueNumber = 0;

  before(async () => {
    server = await startServer();
    await buildPermissionWorld(server, tokens, 'sp', {
      extraUsers: ['target'],
      extraCollaborators: [['target', 'read']],
    });
  });
  after(async () => {
    await server.stop();
  });

  /** A fresh issue by the owner, so that nobody but the owner (its poster and a watcher) follows it yet. */
  async function freshIssue(repo: string): Promise<number> {
    const res = await server.request<{ number: number }>('POST', `/repos/sp-owner/${repo}/issues`, {
      token: tokens.owner,
      body: { title: `issue ${++issueNumber}` },
    });
    assert.equal(res.status, 201, res.text);
    return res.json.number;
  }

  async function attempt(
    repo: string,
    role: Role,
    operation: Operation,
  ): Promise<{ status: number; text: string }> {
    const token = tokens[role];
    const self = role === 'admin' ? server.admin.username : names[role];
    const index = await freshIssue(repo);
    const base = `/repos/sp-owner/${repo}/issues/${index}/subscriptions`;
    switch (operation) {
      case 'list':
        return server.request('GET', base, { token });
      case 'check':
        return server.request('GET', `${base}/check`, { token });
      case 'subscribeSelf':
        // the owner watches the repository, so they start subscribed: unsubscribe first
        if (role === 'owner') await server.request('DELETE', `${base}/sp-owner`, { token });
        return server.request('PUT', `${base}/${self}`, { token });
      case 'unsubscribeSelf':
        if (role !== 'anonymous') await server.request('PUT', `${base}/${self}`, { token });
        return server.request('DELETE', `${base}/${self}`, { token });
      case 'subscribeOther':
        return server.request('PUT', `${base}/sp-target`, { token });
    }
  }

  for (const visibility of ['public', 'private'] as const) {
    test(`every role gets Gitea's status for every subscription operation on a ${visibility} repository`, async () => {
      const repo = visibility === 'public' ? 'pub' : 'priv';
      await runPermissionMatrix({
        label: visibility,
        roles,
        operations,
        expected: (role, operation) => expectedStatus(visibility, role, operation),
        attempt: (role, operation) => attempt(repo, role, operation),
      });
    });
  }

  test('a refused change of someone else’s subscription changes nothing', async () => {
    const index = await freshIssue('pub');
    const refused = await server.request(
      'PUT',
      `/repos/sp-owner/pub/issues/${index}/subscriptions/sp-target`,
      {
        token: tokens.writer,
      },
    );
    assert.equal(refused.status, 403);
    const listed = await server.request<{ login: string }[]>(
      'GET',
      `/repos/sp-owner/pub/issues/${index}/subscriptions`,
    );
    assert.ok(!listed.json.some((u) => u.login === 'sp-target'));
  });
});
