import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestResponse, type TestServer } from './harness';
import { assertSameShape, recordedBody, trackerFixture, type IssueBody } from './issueTrackerFixture';

interface AttachmentBody {
  id: number;
  name: string;
  size: number;
  download_count: number;
  uuid: string;
  browser_download_url: string;
  message: string;
}

describe('issue and comment attachments', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--attachment-max-size', '1000'] });
  });
  after(async () => {
    await server.stop();
  });
  const tracker = trackerFixture(() => server);
  const fileOf = (uuid: string): string => path.join(server.dataDir, 'attachments', uuid);

  /** A multipart upload as browsers and gitea-js send it. */
  async function upload(
    apiPath: string,
    token: string | undefined,
    content: string,
    fileName = 'crash.log.txt',
    field = 'attachment',
  ): Promise<TestResponse<AttachmentBody>> {
    const form = new FormData();
    form.append(field, new Blob([content]), fileName);
    const response = await fetch(`${server.apiUrl}${apiPath}`, {
      method: 'POST',
      headers: token ? { Authorization: `token ${token}` } : {},
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: (text ? JSON.parse(text) : undefined) as AttachmentBody,
    };
  }

  const download = async (url: string, token?: string) => {
    const response = await fetch(url, { headers: token ? { Authorization: `token ${token}` } : {} });
    return { status: response.status, text: await response.text() };
  };

  test('a file attached to an issue is listed, shown in the issue, downloaded, renamed and deleted', async () => {
    const owner = await tracker.owner('att-ann');
    const issue = await tracker.issue(owner, 'att-ann/app', { title: 'Crash', body: 'It crashes' });
    const base = `/repos/att-ann/app/issues/${issue.number}/assets`;
    const created = await upload(`${base}?name=crash-log.txt`, owner.token, 'panic: nil pointer\n');
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      [created.json.name, created.json.size, created.json.download_count],
      ['crash-log.txt', 19, 0],
    );
    assert.equal(created.json.browser_download_url, `${server.url}attachments/${created.json.uuid}`);
    assertSameShape(created.json, recordedBody('POST', '/issues/1/assets?name=crash-log.txt'));

    const list = await tracker.request<AttachmentBody[]>('GET', base);
    assert.deepEqual(
      list.json.map((a) => a.id),
      [created.json.id],
    );
    assertSameShape(list.json, recordedBody('GET', '/issues/1/assets'));
    const one = await tracker.request<AttachmentBody>('GET', `${base}/${created.json.id}`);
    assertSameShape(one.json, recordedBody('GET', '/issues/1/assets/18'));
    const shown = await tracker.request<IssueBody>('GET', `/repos/att-ann/app/issues/${issue.number}`);
    assert.deepEqual(
      shown.json.assets.map((a) => a.name),
      ['crash-log.txt'],
    );
    // Gitea saves the issue again when a file is attached
    assert.equal(shown.json.content_version, issue.content_version + 1);

    const fetched = await download(created.json.browser_download_url);
    assert.deepEqual(fetched, { status: 200, text: 'panic: nil pointer\n' });
    assert.equal(
      (await tracker.request<AttachmentBody>('GET', `${base}/${created.json.id}`)).json.download_count,
      1,
    );

    const renamed = await tracker.request<AttachmentBody>(
      'PATCH',
      `${base}/${created.json.id}`,
      owner.token,
      {
        name: 'panic.txt',
      },
    );
    assert.equal(renamed.status, 201);
    assert.equal(renamed.json.name, 'panic.txt');
    assert.equal(
      (await tracker.request('PATCH', `${base}/${created.json.id}`, owner.token, { name: 'a/b' })).status,
      422,
    );
    assert.ok(existsSync(fileOf(created.json.uuid)));
    assert.equal((await tracker.request('DELETE', `${base}/${created.json.id}`, owner.token)).status, 204);
    assert.ok(!existsSync(fileOf(created.json.uuid)));
    assert.equal((await tracker.request('GET', `${base}/${created.json.id}`)).status, 404);
    assert.equal((await download(created.json.browser_download_url)).status, 404);
  });

  test('a comment’s files: its own list, the comment JSON, 404 through another comment', async () => {
    const owner = await tracker.owner('att-bob');
    const issue = await tracker.issue(owner, 'att-bob/app', { title: 'Discussed' });
    const comment = async (body: string) =>
      (
        await tracker.request<{ id: number; assets: { name: string }[] }>(
          'POST',
          `/repos/att-bob/app/issues/${issue.number}/comments`,
          owner.token,
          { body },
        )
      ).json.id;
    const first = await comment('log attached');
    const second = await comment('another');
    const base = `/repos/att-bob/app/issues/comments/${first}/assets`;
    const created = await upload(base, owner.token, 'trace', 'trace.txt');
    assert.equal(created.status, 201, created.text);
    const listed = await tracker.request<AttachmentBody[]>('GET', base);
    assert.deepEqual(
      listed.json.map((a) => a.name),
      ['trace.txt'],
    );
    const shown = await tracker.request<{ assets: { name: string }[] }>(
      'GET',
      `/repos/att-bob/app/issues/comments/${first}`,
    );
    assert.deepEqual(
      shown.json.assets.map((a) => a.name),
      ['trace.txt'],
    );
    // the issue's own list does not hold its comments' files
    assert.deepEqual(
      (await tracker.request('GET', `/repos/att-bob/app/issues/${issue.number}/assets`)).json,
      [],
    );
    const elsewhere = `/repos/att-bob/app/issues/comments/${second}/assets/${created.json.id}`;
    assert.equal((await tracker.request('GET', elsewhere)).status, 404);
    assert.equal((await tracker.request('DELETE', elsewhere, owner.token)).status, 404);
    const renamed = await tracker.request<AttachmentBody>(
      'PATCH',
      `${base}/${created.json.id}`,
      owner.token,
      { name: 'trace.log' },
    );
    assert.equal(renamed.status, 201);
    assert.equal(
      (await tracker.request('GET', '/repos/att-bob/app/issues/comments/999999/assets')).status,
      404,
    );

    // deleting the comment takes its files along
    assert.ok(existsSync(fileOf(created.json.uuid)));
    assert.equal(
      (await tracker.request('DELETE', `/repos/att-bob/app/issues/comments/${first}`, owner.token)).status,
      204,
    );
    assert.ok(!existsSync(fileOf(created.json.uuid)));
  });

  test('who may attach: the poster or writers to an issue; a comment’s poster who writes; others 403', async () => {
    const owner = await tracker.owner('att-cat');
    const reader = await server.createUser('att-cat-reader');
    const stranger = await server.createUser('att-cat-stranger');
    await tracker.collaborate(owner, 'app', reader, 'read');
    const ownIssue = await tracker.issue(reader, 'att-cat/app', { title: 'by a reader' });
    const ownerIssue = await tracker.issue(owner, 'att-cat/app', { title: 'by the owner' });
    assert.equal(
      (await upload(`/repos/att-cat/app/issues/${ownIssue.number}/assets`, reader.token, 'x')).status,
      201,
    );
    const refused = await upload(
      `/repos/att-cat/app/issues/${ownerIssue.number}/assets`,
      stranger.token,
      'x',
    );
    assert.equal(refused.status, 403);
    assert.equal(
      (await upload(`/repos/att-cat/app/issues/${ownerIssue.number}/assets`, undefined, 'x')).status,
      401,
    );
    const readerComment = await tracker.request<{ id: number }>(
      'POST',
      `/repos/att-cat/app/issues/${ownerIssue.number}/comments`,
      reader.token,
      { body: 'mine' },
    );
    const onComment = await upload(
      `/repos/att-cat/app/issues/comments/${readerComment.json.id}/assets`,
      reader.token,
      'x',
    );
    assert.equal(onComment.status, 403);
    assert.equal(onComment.json.message, 'user should have permission to edit comment');
  });

  test('uploads: 413 past the size limit, 400 without the file field; downloads of a private issue need access', async () => {
    const owner = await tracker.owner('att-dan', { private: true });
    const issue = await tracker.issue(owner, 'att-dan/app', { title: 'Private' });
    const base = `/repos/att-dan/app/issues/${issue.number}/assets`;
    assert.equal((await upload(base, owner.token, 'x'.repeat(2000))).status, 413);
    assert.equal((await upload(base, owner.token, 'x', 'a.txt', 'file')).status, 400);
    const created = await upload(base, owner.token, 'private bytes');
    assert.equal(created.status, 201);
    assert.equal((await download(created.json.browser_download_url)).status, 404);
    assert.equal((await download(created.json.browser_download_url, owner.token)).status, 200);
    assert.equal((await tracker.request('GET', base)).status, 404);

    // the issue's deletion removes its files
    assert.equal(
      (await tracker.request('DELETE', `/repos/att-dan/app/issues/${issue.number}`, owner.token)).status,
      204,
    );
    assert.ok(!existsSync(fileOf(created.json.uuid)));
  });

  test('an archived repository refuses attachment changes (423)', async () => {
    const owner = await tracker.owner('att-eve');
    const issue = await tracker.issue(owner, 'att-eve/app', { title: 'Old' });
    const created = await upload(`/repos/att-eve/app/issues/${issue.number}/assets`, owner.token, 'x');
    assert.equal(created.status, 201);
    assert.equal(
      (await tracker.request('PATCH', '/repos/att-eve/app', owner.token, { archived: true })).status,
      200,
    );
    assert.equal(
      (await upload(`/repos/att-eve/app/issues/${issue.number}/assets`, owner.token, 'y')).status,
      423,
    );
    const path = `/repos/att-eve/app/issues/${issue.number}/assets/${created.json.id}`;
    assert.equal((await tracker.request('DELETE', path, owner.token)).status, 423);
    assert.equal((await tracker.request('GET', path)).status, 200);
  });
});
