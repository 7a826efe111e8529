import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

/**
 * Who may do what to issues, comments, labels and milestones, for every kind of caller, in a public and a
 * private repository: one request per cell, its status checked against the rule.
 */
const roles = ['siteAdmin', 'owner', 'admin', 'writer', 'reader', 'stranger', 'anonymous'] as const;
type Role = (typeof roles)[number];
type Visibility = 'public' | 'private';

interface Target {
  repo: string;
  /** an issue by the owner */
  issue: number;
  /** a comment by the owner on that issue */
  comment: number;
  label: number;
}

interface Operation {
  name: string;
  method: string;
  /** what to call; may first create what the call destroys */
  prepare: (target: Target) => Promise<{ path: string; body?: unknown }>;
  /** the status on a public repository; a private one hides everything from strangers and anonymous readers */
  expected: (role: Role) => number;
  write: boolean;
}

const atLeast = (level: 'admin' | 'writer' | 'reader', role: Role): boolean => {
  const order: Role[] = ['siteAdmin', 'owner', 'admin', 'writer', 'reader'];
  return order.includes(role) && order.indexOf(role) <= order.indexOf(level);
};
const anyone =
  (status: number) =>
  (role: Role): number =>
    role === 'anonymous' ? 401 : status;
const needs =
  (level: 'admin' | 'writer', status: number) =>
  (role: Role): number =>
    role === 'anonymous' ? 401 : atLeast(level, role) ? status : 403;

describe('issue permissions matrix', () => {
  let server: TestServer;
  const tokens = new Map<Role, string | undefined>();
  const targets = new Map<Visibility, Target>();
  let ownerToken = '';

  before(async () => {
    server = await startServer();
    tokens.set('siteAdmin', server.admin.token);
    for (const role of ['owner', 'admin', 'writer', 'reader', 'stranger'] as const) {
      tokens.set(role, (await server.createUser(`pm-${role}`)).token);
    }
    tokens.set('anonymous', undefined);
    ownerToken = tokens.get('owner')!;
    for (const visibility of ['public', 'private'] as const) {
      const repo = `pm-${visibility}`;
      const created = await server.request('POST', '/user/repos', {
        token: ownerToken,
        body: { name: repo, private: visibility === 'private' },
      });
      assert.equal(created.status, 201, created.text);
      for (const [role, permission] of [
        ['admin', 'admin'],
        ['writer', 'write'],
        ['reader', 'read'],
      ] as const) {
        const res = await server.request('PUT', `/repos/pm-owner/${repo}/collaborators/pm-${role}`, {
          token: ownerToken,
          body: { permission },
        });
        assert.equal(res.status, 204);
      }
      const issue = await server.request<{ number: number }>('POST', `/repos/pm-owner/${repo}/issues`, {
        token: ownerToken,
        body: { title: 'the owner’s issue' },
      });
      const comment = await server.request<{ id: number }>(
        'POST',
        `/repos/pm-owner/${repo}/issues/1/comments`,
        {
          token: ownerToken,
          body: { body: 'the owner’s comment' },
        },
      );
      const label = await server.request<{ id: number }>('POST', `/repos/pm-owner/${repo}/labels`, {
        token: ownerToken,
        body: { name: 'triage', color: 'cccccc' },
      });
      targets.set(visibility, {
        repo,
        issue: issue.json.number,
        comment: comment.json.id,
        label: label.json.id,
      });
    }
  });
  after(async () => {
    await server.stop();
  });

  const base = (t: Target): string => `/repos/pm-owner/${t.repo}`;
  const ownerIssue = async (t: Target): Promise<number> =>
    (
      await server.request<{ number: number }>('POST', `${base(t)}/issues`, {
        token: ownerToken,
        body: { title: 'to be removed' },
      })
    ).json.number;
  const ownerComment = async (t: Target): Promise<number> =>
    (
      await server.request<{ id: number }>('POST', `${base(t)}/issues/${t.issue}/comments`, {
        token: ownerToken,
        body: { body: 'to be removed' },
      })
    ).json.id;

  const operations: Operation[] = [
    {
      name: 'list issues',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/issues` }),
      expected: () => 200,
    },
    {
      name: 'get an issue',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/issues/${t.issue}` }),
      expected: () => 200,
    },
    {
      name: 'create an issue',
      method: 'POST',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues`, body: { title: 'hello' } }),
      expected: anyone(201),
    },
    {
      name: "edit the owner's issue",
      method: 'PATCH',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues/${t.issue}`, body: { title: 'retitled' } }),
      expected: needs('writer', 201),
    },
    {
      name: 'delete an issue',
      method: 'DELETE',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues/${await ownerIssue(t)}` }),
      expected: needs('admin', 204),
    },
    {
      name: 'list comments of an issue',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/issues/${t.issue}/comments` }),
      expected: () => 200,
    },
    {
      name: 'list comments of the repository',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/issues/comments` }),
      expected: () => 200,
    },
    {
      name: 'get a comment',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/issues/comments/${t.comment}` }),
      expected: () => 200,
    },
    {
      name: 'comment',
      method: 'POST',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues/${t.issue}/comments`, body: { body: 'hi' } }),
      expected: anyone(201),
    },
    {
      name: "edit the owner's comment",
      method: 'PATCH',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues/comments/${t.comment}`, body: { body: 'changed' } }),
      expected: needs('admin', 200),
    },
    {
      name: "delete the owner's comment",
      method: 'DELETE',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues/comments/${await ownerComment(t)}` }),
      expected: needs('admin', 204),
    },
    {
      name: 'list labels',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/labels` }),
      expected: () => 200,
    },
    {
      name: 'create a label',
      method: 'POST',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/labels`, body: { name: 'new', color: 'ababab' } }),
      expected: needs('writer', 201),
    },
    {
      name: 'edit a label',
      method: 'PATCH',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/labels/${t.label}`, body: { description: 'edited' } }),
      expected: needs('writer', 200),
    },
    {
      name: 'label an issue',
      method: 'POST',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issues/${t.issue}/labels`, body: { labels: [t.label] } }),
      expected: needs('writer', 200),
    },
    {
      name: "clear an issue's labels",
      method: 'DELETE',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/issue/${t.issue}/labels` }),
      expected: needs('writer', 204),
    },
    {
      name: 'list milestones',
      method: 'GET',
      write: false,
      prepare: async (t) => ({ path: `${base(t)}/milestones` }),
      expected: () => 200,
    },
    {
      name: 'create a milestone',
      method: 'POST',
      write: true,
      prepare: async (t) => ({ path: `${base(t)}/milestones`, body: { title: 'm' } }),
      expected: needs('writer', 201),
    },
  ];

  /** In a private repository, callers who cannot read it get 404 — except anonymous writes, refused first (401). */
  function expectedStatus(op: Operation, role: Role, visibility: Visibility): number {
    if (visibility === 'private' && (role === 'stranger' || role === 'anonymous')) {
      return role === 'anonymous' && op.write ? 401 : 404;
    }
    return op.expected(role);
  }

  test('every role gets the expected status for every operation in public and private repositories', async () => {
    const mismatches: string[] = [];
    let cases = 0;
    for (const visibility of ['public', 'private'] as const) {
      const target = targets.get(visibility)!;
      for (const op of operations) {
        for (const role of roles) {
          const { path, body } = await op.prepare(target);
          const res = await server.request(op.method, path, { token: tokens.get(role), body });
          const expected = expectedStatus(op, role, visibility);
          cases++;
          if (res.status !== expected) {
            mismatches.push(
              `${visibility} / ${op.name} / ${role}: ${res.status} (expected ${expected}) ${res.text}`,
            );
          }
        }
      }
    }
    assert.equal(cases, 2 * operations.length * roles.length);
    assert.deepEqual(mismatches, []);
  });
});
