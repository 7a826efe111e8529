import assert from 'node:assert/strict';
import recorded from '../fixtures/gitea-1.22/issueTracker.json';
import type { TestResponse, TestServer, TestUser } from './harness';

/** What the issue tracker tests read of Gitea's Issue JSON (`message` for error bodies). */
export interface IssueBody {
  id: number;
  number: number;
  title: string;
  state: string;
  is_locked: boolean;
  pin_order: number;
  content_version: number;
  updated_at: string;
  assets: { id: number; name: string; uuid: string; browser_download_url: string }[];
  assignees: { login: string }[] | null;
  repository: { full_name: string } | null;
  message: string;
}

/** A TimelineComment as the tests read it. */
export interface TimelineEntry {
  id: number;
  type: string;
  body: string;
  user: { login: string };
  label: { name: string } | null;
  milestone: { title: string } | null;
  old_milestone: { title: string } | null;
  assignee: { login: string } | null;
  removed_assignee: boolean;
  old_title: string;
  new_title: string;
  old_ref: string;
  new_ref: string;
  ref_issue: { number: number; title: string } | null;
  ref_comment: { id: number; body: string } | null;
  ref_action: string;
  ref_commit_sha: string;
  dependent_issue: { number: number } | null;
  tracked_time: { time: number } | null;
  review_id: number;
}

/** A recorded Gitea 1.22 answer (test/fixtures/gitea-1.22/issueTracker.json) by method and path ending. */
export function recordedBody<T = unknown>(method: string, pathEnd: string): T {
  const answer = recorded.answers.find((a) => a.method === method && a.path.endsWith(pathEnd));
  assert.ok(answer, `no recorded answer for ${method} …${pathEnd}`);
  return answer.body as T;
}

const kind = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Asserts that `actual` has every field `expected` (a recorded Gitea answer) has, with the same JSON kind
 * where both are set, through nested objects and the first element of arrays. Later Gitea fields beyond the
 * recorded ones are allowed; a field Gitea leaves null may be set here and the other way round.
 */
export function assertSameShape(actual: unknown, expected: unknown, where = '$'): void {
  if (expected === null || actual === null) return;
  assert.equal(kind(actual), kind(expected), `${where}: ${kind(actual)} where Gitea has ${kind(expected)}`);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length > 0 && actual.length > 0) assertSameShape(actual[0], expected[0], `${where}[0]`);
    return;
  }
  if (typeof expected !== 'object') return;
  const actualObject = actual as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected as Record<string, unknown>)) {
    assert.ok(key in actualObject, `${where}.${key} is missing`);
    assertSameShape(actualObject[key], value, `${where}.${key}`);
  }
}

export interface Tracker {
  /** A new user with a public auto-initialised repository `app`. */
  owner(name: string, repo?: Record<string, unknown>): Promise<TestUser>;
  /** Makes `user` a collaborator of `owner/repo` with `permission`. */
  collaborate(owner: TestUser, repo: string, user: TestUser, permission: string): Promise<void>;
  issue(user: TestUser, fullName: string, body: Record<string, unknown>): Promise<IssueBody>;
  timeline(fullName: string, index: number, token?: string, query?: string): Promise<TimelineEntry[]>;
  request<T>(method: string, path: string, token?: string, body?: unknown): Promise<TestResponse<T>>;
}

/** Helpers the issue tracker tests share over one test server. */
export function trackerFixture(server: () => TestServer): Tracker {
  const request = <T>(method: string, path: string, token?: string, body?: unknown) =>
    server().request<T>(method, path, { token, body });
  return {
    request,
    async owner(name, repo = {}) {
      const user = await server().createUser(name);
      const created = await request('POST', '/user/repos', user.token, {
        name: 'app',
        auto_init: true,
        ...repo,
      });
      assert.equal(created.status, 201, created.text);
      return user;
    },
    async collaborate(owner, repo, user, permission) {
      const res = await request(
        'PUT',
        `/repos/${owner.user.login}/${repo}/collaborators/${user.user.login}`,
        owner.token,
        { permission },
      );
      assert.equal(res.status, 204, res.text);
    },
    async issue(user, fullName, body) {
      const res = await request<IssueBody>('POST', `/repos/${fullName}/issues`, user.token, body);
      assert.equal(res.status, 201, res.text);
      return res.json;
    },
    async timeline(fullName, index, token, query = '') {
      const res = await request<TimelineEntry[]>(
        'GET',
        `/repos/${fullName}/issues/${index}/timeline${query}`,
        token,
      );
      assert.equal(res.status, 200, res.text);
      return res.json;
    },
  };
}
