import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

type Role = 'anonymous' | 'stranger' | 'reader' | 'writer' | 'owner' | 'admin';
type Operation = 'listIssue' | 'addIssue' | 'removeIssue' | 'listComment' | 'addComment' | 'removeComment';

const roles: readonly Role[] = ['anonymous', 'stranger', 'reader', 'writer', 'owner', 'admin'];
const operations: readonly Operation[] = [
  'listIssue',
  'addIssue',
  'removeIssue',
  'listComment',
  'addComment',
  'removeComment',
];
const successStatus: Readonly<Record<Operation, number>> = {
  listIssue: 200,
  addIssue: 201,
  removeIssue: 204,
  listComment: 200,
  addComment: 201,
  removeComment: 204,
};
const isList = (operation: Operation): boolean => operation.startsWith('list');

/**
 * Gitea's answers: anyone who can read the issues may list and (signed in) react; anonymous reactions are a
 * 401 before anything else; a private repository does not exist (404) for those who cannot read it.
 */
function expectedStatus(visibility: 'public' | 'private', role: Role, operation: Operation): number {
  if (!isList(operation) && role === 'anonymous') return 401;
  if (visibility === 'private' && (role === 'anonymous' || role === 'stranger')) return 404;
  return successStatus[operation];
}

describe('reaction permissions', () => {
  let server: TestServer;
  const tokens: Partial<Record<Role, string>> = {};
  const commentIds: Record<string, number> = {};

  before(async () => {
    server = await startServer();
    for (const role of ['stranger', 'reader', 'writer', 'owner'] as const) {
      tokens[role] = (await server.createUser(`rxp-${role}`)).token;
    }
    tokens.admin = server.admin.token;
    for (const [name, isPrivate] of [
      ['pub', false],
      ['priv', true],
    ] as const) {
      const created = await server.request('POST', '/user/repos', {
        token: tokens.owner,
        body: { name, private: isPrivate },
      });
      assert.equal(created.status, 201, created.text);
      for (const [role, permission] of [
        ['reader', 'read'],
        ['writer', 'write'],
      ] as const) {
        const added = await server.request('PUT', `/repos/rxp-owner/${name}/collaborators/rxp-${role}`, {
          token: tokens.owner,
          body: { permission },
        });
        assert.equal(added.status, 204, added.text);
      }
      const issue = await server.request('POST', `/repos/rxp-owner/${name}/issues`, {
        token: tokens.owner,
        body: { title: 'react here' },
      });
      assert.equal(issue.status, 201, issue.text);
      const comment = await server.request<{ id: number }>(
        'POST',
        `/repos/rxp-owner/${name}/issues/1/comments`,
        {
          token: tokens.owner,
          body: { body: 'and here' },
        },
      );
      assert.equal(comment.status, 201, comment.text);
      commentIds[name] = comment.json.id;
    }
  });
  after(async () => {
    await server.stop();
  });

  function attempt(
    repo: string,
    role: Role,
    operation: Operation,
  ): Promise<{ status: number; text: string }> {
    const token = tokens[role];
    const issuePath = `/repos/rxp-owner/${repo}/issues/1/reactions`;
    const commentPath = `/repos/rxp-owner/${repo}/issues/comments/${commentIds[repo]}/reactions`;
    const path = operation.endsWith('Issue') ? issuePath : commentPath;
    if (isList(operation)) return server.request('GET', path, { token });
    const method = operation.startsWith('add') ? 'POST' : 'DELETE';
    return server.request(method, path, { token, body: { content: 'heart' } });
  }

  for (const visibility of ['public', 'private'] as const) {
    test(`every role gets Gitea's status for every reaction operation on a ${visibility} repository`, async () => {
      const repo = visibility === 'public' ? 'pub' : 'priv';
      let cases = 0;
      for (const role of roles) {
        for (const operation of operations) {
          const expected = expectedStatus(visibility, role, operation);
          const res = await attempt(repo, role, operation);
          const label = `${visibility} ${role} ${operation}`;
          assert.equal(res.status, expected, `${label}: ${res.text}`);
          if (expected >= 400) {
            assert.equal(typeof (JSON.parse(res.text) as { message: unknown }).message, 'string', label);
          }
          cases++;
        }
      }
      assert.equal(cases, roles.length * operations.length);
    });
  }

  test('a reaction refused to a stranger leaves no trace', async () => {
    const refused = await server.request('POST', '/repos/rxp-owner/priv/issues/1/reactions', {
      token: tokens.stranger,
      body: { content: 'rocket' },
    });
    assert.equal(refused.status, 404);
    const listed = await server.request<{ content: string }[]>(
      'GET',
      '/repos/rxp-owner/priv/issues/1/reactions',
      {
        token: tokens.owner,
      },
    );
    assert.ok(!listed.json.some((r) => r.content === 'rocket'));
  });
});
