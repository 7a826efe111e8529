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

type Operation = 'listIssue' | 'addIssue' | 'removeIssue' | 'listComment' | 'addComment' | 'removeComment';

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
  const tokens: RoleTokens = {};
  const commentIds: Record<string, number> = {};

  before(async () => {
    server = await startServer();
    await buildPermissionWorld(server, tokens, 'rxp', {
      eachRepository: async (name) => {
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
      },
    });
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
      await runPermissionMatrix({
        label: visibility,
        roles,
        operations,
        expected: (role, operation) => expectedStatus(visibility, role, operation),
        attempt: (role, operation) => attempt(repo, role, operation),
      });
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
