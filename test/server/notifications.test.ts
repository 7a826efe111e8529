import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository } from './permissionWorld';

interface ThreadBody {
  id: number;
  repository: { full_name: string; permissions?: unknown };
  subject: {
    title: string;
    url: string;
    html_url: string;
    latest_comment_url: string;
    latest_comment_html_url: string;
    type: string;
    state: string;
  };
  unread: boolean;
  pinned: boolean;
  updated_at: string;
  url: string;
  message: string;
}

/**
 * Gitea answers 205 Reset Content with the changed threads, but fetch drops any body of a 205 (a "null body
 * status"), so these requests go through node:http to see it.
 */
function rawRequest<T>(url: string, method: string, token: string): Promise<{ status: number; json: T }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { Authorization: `token ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as T }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('notifications', () => {
  let server: TestServer;
  let owner: TestUser;
  let watcher: TestUser;
  let reader: TestUser;
  let writer: TestUser;
  let stranger: TestUser;
  let former: TestUser;
  let issueCount = 0;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('no-owner');
    watcher = await server.createUser('no-watcher');
    reader = await server.createUser('no-reader');
    writer = await server.createUser('no-writer');
    stranger = await server.createUser('no-stranger');
    former = await server.createUser('no-former');
    for (const [name, isPrivate] of [
      ['buzz', false],
      ['hum', false],
      ['secret-buzz', true],
    ] as const) {
      await createRepository(server, {
        token: owner.token,
        owner: 'no-owner',
        name,
        private: isPrivate,
        collaborators: [
          ['no-reader', 'read'],
          ['no-writer', 'write'],
          ['no-watcher', 'read'],
        ],
      });
      const watched = await server.request('PUT', `/repos/no-owner/${name}/subscription`, {
        token: watcher.token,
      });
      assert.equal(watched.status, 200, watched.text);
    }
  });
  after(async () => {
    await server.stop();
  });

  const openIssue = async (
    token: string,
    title: string,
    repo = 'buzz',
    extra: object = {},
  ): Promise<number> => {
    const res = await server.request<{ number: number }>('POST', `/repos/no-owner/${repo}/issues`, {
      token,
      body: { title, ...extra },
    });
    assert.equal(res.status, 201, res.text);
    issueCount++;
    return res.json.number;
  };
  const commentOn = async (token: string, index: number, repo = 'buzz'): Promise<number> => {
    const res = await server.request<{ id: number }>(
      'POST',
      `/repos/no-owner/${repo}/issues/${index}/comments`,
      {
        token,
        body: { body: `comment ${Math.random()}` },
      },
    );
    assert.equal(res.status, 201, res.text);
    return res.json.id;
  };
  const threads = async (token: string, query = ''): Promise<ThreadBody[]> => {
    const res = await server.request<ThreadBody[]>('GET', `/notifications${query}`, { token });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('x-total-count'), String(res.json.length));
    return res.json;
  };
  const threadFor = async (token: string, title: string): Promise<ThreadBody | undefined> =>
    (await threads(token, '?all=true')).find((t) => t.subject.title === title);
  const setThread = (token: string, id: number, toStatus: string) =>
    rawRequest<ThreadBody>(
      `${server.apiUrl}/notifications/threads/${id}?to-status=${toStatus}`,
      'PATCH',
      token,
    );
  const markAll = (token: string, path: string) =>
    rawRequest<ThreadBody[]>(`${server.apiUrl}${path}`, 'PUT', token);

  test('when someone opens an issue, the repository’s watchers get an unread thread and the opener does not', async () => {
    const number = await openIssue(reader.token, 'Watchers hear of this');
    const thread = await threadFor(watcher.token, 'Watchers hear of this');
    assert.ok(thread, 'the watcher has a thread');
    assert.equal(thread.unread, true);
    assert.equal(thread.pinned, false);
    assert.equal(thread.repository.full_name, 'no-owner/buzz');
    assert.equal(thread.repository.permissions, undefined);
    assert.deepEqual(thread.subject, {
      title: 'Watchers hear of this',
      url: `${server.apiUrl}/repos/no-owner/buzz/issues/${number}`,
      html_url: `${server.url}no-owner/buzz/issues/${number}`,
      latest_comment_url: '',
      latest_comment_html_url: '',
      type: 'Issue',
      state: 'open',
    });
    assert.equal(thread.url, `${server.apiUrl}/notifications/threads/${thread.id}`);
    assert.match(thread.updated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // the owner watches the repository they created
    assert.ok(await threadFor(owner.token, 'Watchers hear of this'));
    assert.equal(await threadFor(reader.token, 'Watchers hear of this'), undefined);
    assert.equal(await threadFor(stranger.token, 'Watchers hear of this'), undefined);
    assert.equal(await threadFor(writer.token, 'Watchers hear of this'), undefined);
  });

  test('a comment notifies the issue’s poster, pointing at the newest comment; the commenter hears nothing', async () => {
    const number = await openIssue(reader.token, 'Poster hears of comments');
    const commentId = await commentOn(writer.token, number);
    const thread = await threadFor(reader.token, 'Poster hears of comments');
    assert.ok(thread, 'the poster has a thread');
    assert.equal(thread.unread, true);
    assert.equal(
      thread.subject.latest_comment_url,
      `${server.apiUrl}/repos/no-owner/buzz/issues/comments/${commentId}`,
    );
    assert.equal(
      thread.subject.latest_comment_html_url,
      `${server.url}no-owner/buzz/issues/${number}#issuecomment-${commentId}`,
    );
    assert.equal(await threadFor(writer.token, 'Poster hears of comments'), undefined);
    // having commented, the writer now hears of the next comment
    await commentOn(reader.token, number);
    assert.ok(await threadFor(writer.token, 'Poster hears of comments'));
  });

  test('/notifications/new counts unread threads (200), and answers 204 when there are none', async () => {
    await openIssue(owner.token, 'Counted');
    const res = await server.request<{ new: number }>('GET', '/notifications/new', { token: watcher.token });
    assert.equal(res.status, 200, res.text);
    const unread = (await threads(watcher.token)).filter((t) => t.unread).length;
    assert.equal(res.json.new, unread);
    assert.ok(unread > 0);
    const none = await server.request('GET', '/notifications/new', { token: stranger.token });
    assert.equal(none.status, 204);
    assert.equal(none.text, '');
  });

  test('marking a thread read (205) hides it from the default list; new activity makes it unread again', async () => {
    const number = await openIssue(reader.token, 'Read then revived');
    const thread = (await threadFor(watcher.token, 'Read then revived'))!;
    const read = await setThread(watcher.token, thread.id, 'read');
    assert.equal(read.status, 205);
    assert.equal(read.json.unread, false);
    assert.equal(read.json.id, thread.id);
    assert.ok(!(await threads(watcher.token)).some((t) => t.id === thread.id));
    assert.ok((await threads(watcher.token, '?status-types=read')).some((t) => t.id === thread.id));
    assert.ok((await threads(watcher.token, '?all=true')).some((t) => t.id === thread.id));
    await commentOn(owner.token, number);
    const revived = (await threads(watcher.token)).find((t) => t.id === thread.id);
    assert.equal(revived?.unread, true);
  });

  test('a pinned thread stays listed and stays pinned through new activity; it can be set unread again', async () => {
    const number = await openIssue(reader.token, 'Pinned thread');
    const thread = (await threadFor(watcher.token, 'Pinned thread'))!;
    const pinned = await setThread(watcher.token, thread.id, 'pinned');
    assert.equal(pinned.status, 205);
    assert.equal(pinned.json.pinned, true);
    assert.equal(pinned.json.unread, false);
    assert.ok((await threads(watcher.token)).some((t) => t.id === thread.id && t.pinned));
    assert.ok(!(await threads(watcher.token, '?status-types=unread')).some((t) => t.id === thread.id));
    await commentOn(owner.token, number);
    const after = (await threads(watcher.token)).find((t) => t.id === thread.id);
    assert.equal(after?.pinned, true);
    const unread = await setThread(watcher.token, thread.id, 'unread');
    assert.equal(unread.json.unread, true);
    assert.equal(unread.json.pinned, false);
  });

  test('PUT /notifications marks every unread thread read (205, listing them); last_read_at limits it', async () => {
    await openIssue(owner.token, 'Bulk read');
    const early = await markAll(watcher.token, '/notifications?last_read_at=2000-01-01T00:00:00Z');
    assert.equal(early.status, 205);
    assert.deepEqual(early.json, []);
    const unreadBefore = (await threads(watcher.token, '?status-types=unread')).map((t) => t.id).sort();
    assert.ok(unreadBefore.length > 0);
    const res = await markAll(watcher.token, '/notifications');
    assert.equal(res.status, 205);
    assert.deepEqual(res.json.map((t) => t.id).sort(), unreadBefore);
    assert.ok(res.json.every((t) => !t.unread));
    assert.equal((await server.request('GET', '/notifications/new', { token: watcher.token })).status, 204);
    const bad = await server.request('PUT', '/notifications?last_read_at=not-a-time', {
      token: watcher.token,
    });
    assert.equal(bad.status, 400);
  });

  test('PUT with to-status=unread and all=true marks every thread unread', async () => {
    const res = await markAll(watcher.token, '/notifications?all=true&to-status=unread');
    assert.equal(res.status, 205);
    assert.ok(res.json.length > 0 && res.json.every((t) => t.unread));
    assert.equal((await server.request('GET', '/notifications/new', { token: watcher.token })).status, 200);
  });

  test('the repository lists and marks only its own threads', async () => {
    await openIssue(owner.token, 'On hum', 'hum');
    const onHum = await server.request<ThreadBody[]>('GET', '/repos/no-owner/hum/notifications', {
      token: watcher.token,
    });
    assert.equal(onHum.status, 200, onHum.text);
    assert.deepEqual(
      onHum.json.map((t) => t.subject.title),
      ['On hum'],
    );
    assert.equal(onHum.headers.get('x-total-count'), '1');
    const marked = await markAll(watcher.token, '/repos/no-owner/hum/notifications');
    assert.equal(marked.status, 205);
    assert.deepEqual(
      marked.json.map((t) => t.subject.title),
      ['On hum'],
    );
    assert.ok(
      (await threads(watcher.token)).some((t) => t.repository.full_name === 'no-owner/buzz' && t.unread),
    );
    const hidden = await server.request('GET', '/repos/no-owner/secret-buzz/notifications', {
      token: stranger.token,
    });
    assert.equal(hidden.status, 404);
  });

  test('someone else’s thread is a 403 (site admins may read it); an unknown thread is a 404', async () => {
    const thread = (await threadFor(watcher.token, 'Watchers hear of this'))!;
    const own = await server.request<ThreadBody>('GET', `/notifications/threads/${thread.id}`, {
      token: watcher.token,
    });
    assert.equal(own.status, 200, own.text);
    assert.equal(own.json.subject.title, 'Watchers hear of this');
    const others = await server.request<ThreadBody>('GET', `/notifications/threads/${thread.id}`, {
      token: stranger.token,
    });
    assert.equal(others.status, 403, others.text);
    assert.equal((await setThread(stranger.token, thread.id, 'read')).status, 403);
    const admin = await server.request('GET', `/notifications/threads/${thread.id}`, {
      token: server.admin.token,
    });
    assert.equal(admin.status, 200);
    assert.equal(
      (await server.request('GET', '/notifications/threads/999999', { token: watcher.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/notifications/threads/abc', { token: watcher.token })).status,
      404,
    );
    assert.equal((await server.request('GET', '/notifications')).status, 401);
  });

  test('whoever unsubscribed from an issue hears no more of it', async () => {
    const number = await openIssue(owner.token, 'Unsubscribed');
    const thread = (await threadFor(watcher.token, 'Unsubscribed'))!;
    assert.equal((await setThread(watcher.token, thread.id, 'read')).status, 205);
    const off = await server.request(
      'DELETE',
      `/repos/no-owner/buzz/issues/${number}/subscriptions/no-watcher`,
      {
        token: watcher.token,
      },
    );
    assert.equal(off.status, 201, off.text);
    await commentOn(owner.token, number);
    assert.equal((await threadFor(watcher.token, 'Unsubscribed'))?.unread, false);
    // an explicit subscription brings a stranger in
    const on = await server.request(
      'PUT',
      `/repos/no-owner/buzz/issues/${number}/subscriptions/no-stranger`,
      {
        token: stranger.token,
      },
    );
    assert.equal(on.status, 201, on.text);
    await commentOn(owner.token, number);
    assert.equal((await threadFor(stranger.token, 'Unsubscribed'))?.unread, true);
  });

  test('closing an issue brings its threads up again with the new state', async () => {
    const number = await openIssue(reader.token, 'Closed later');
    const thread = (await threadFor(watcher.token, 'Closed later'))!;
    await setThread(watcher.token, thread.id, 'read');
    const closed = await server.request('PATCH', `/repos/no-owner/buzz/issues/${number}`, {
      token: owner.token,
      body: { state: 'closed' },
    });
    assert.equal(closed.status, 201, closed.text);
    const after = (await threadFor(watcher.token, 'Closed later'))!;
    assert.equal(after.unread, true);
    assert.equal(after.subject.state, 'closed');
  });

  test('an assignment notifies the assignee, who does not watch the repository', async () => {
    const number = await openIssue(owner.token, 'Assigned to the writer');
    assert.equal(await threadFor(writer.token, 'Assigned to the writer'), undefined);
    const assigned = await server.request('PATCH', `/repos/no-owner/buzz/issues/${number}`, {
      token: owner.token,
      body: { assignees: ['no-writer'] },
    });
    assert.equal(assigned.status, 201, assigned.text);
    assert.equal((await threadFor(writer.token, 'Assigned to the writer'))?.unread, true);
  });

  test('users who cannot read the repository are not notified', async () => {
    const added = await server.request('PUT', '/repos/no-owner/secret-buzz/collaborators/no-former', {
      token: owner.token,
      body: { permission: 'read' },
    });
    assert.equal(added.status, 204, added.text);
    const number = await openIssue(owner.token, 'Private matters', 'secret-buzz');
    await commentOn(former.token, number, 'secret-buzz');
    const removed = await server.request('DELETE', '/repos/no-owner/secret-buzz/collaborators/no-former', {
      token: owner.token,
    });
    assert.equal(removed.status, 204, removed.text);
    await openIssue(owner.token, 'After they left', 'secret-buzz');
    await commentOn(owner.token, number, 'secret-buzz');
    const formerThreads = await threads(former.token, '?all=true');
    assert.deepEqual(formerThreads, []);
    assert.ok(await threadFor(watcher.token, 'After they left'));
  });

  test('lists filter by subject type and time, and are paged', async () => {
    const issues = await threads(watcher.token, '?all=true&subject-type=issue');
    assert.ok(issues.length > 0 && issues.every((t) => t.subject.type === 'Issue'));
    assert.deepEqual(await threads(watcher.token, '?all=true&subject-type=pull'), []);
    assert.deepEqual(await threads(watcher.token, '?all=true&before=2000-01-01T00:00:00Z'), []);
    assert.equal(
      (await threads(watcher.token, '?all=true&since=2000-01-01T00:00:00Z')).length,
      issues.length,
    );
    const bad = await server.request('GET', '/notifications?since=whenever', { token: watcher.token });
    assert.equal(bad.status, 422);
    const page = await server.request<ThreadBody[]>('GET', '/notifications?all=true&limit=2&page=1', {
      token: watcher.token,
    });
    assert.equal(page.json.length, 2);
    assert.equal(page.headers.get('x-total-count'), String(issues.length));
    assert.match(page.headers.get('link') ?? '', /rel="next"/);
    assert.ok(issueCount >= issues.length);
  });

  test('gitea-js lists threads, counts the unread ones and marks one read', async () => {
    assert.equal((await markAll(watcher.token, '/notifications')).status, 205);
    await openIssue(reader.token, 'Through gitea-js');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: watcher.token, customFetch: fetch });
    const list = await api.notifications.notifyGetList();
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.data.filter((t) => t.unread).map((t) => t.subject?.title),
      ['Through gitea-js'],
    );
    const thread = list.data.find((t) => t.subject?.title === 'Through gitea-js');
    assert.ok(thread?.id);
    assert.equal(thread.subject?.type, 'Issue');
    assert.equal(thread.repository?.full_name, 'no-owner/buzz');
    const count = await api.notifications.notifyNewAvailable();
    assert.equal(count.status, 200);
    assert.equal(count.data.new, 1);
    const one = await api.notifications.notifyGetThread(String(thread.id));
    assert.equal(one.data.unread, true);
    const read = await api.notifications.notifyReadThread(String(thread.id), { 'to-status': 'read' });
    assert.equal(read.status, 205);
    assert.equal((await api.notifications.notifyNewAvailable()).status, 204);
  });
});
