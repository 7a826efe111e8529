import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer } from './harness';

interface ApiSettings {
  max_response_items: number;
  default_paging_num: number;
  default_git_trees_per_page: number;
  default_max_blob_size: number;
}

describe('/settings', () => {
  let server: TestServer;
  before(async () => {
    // a body limit of 3 MiB, so the attachment size is read from the configuration
    server = await startServer({ args: ['--body-limit', String(3 * 1024 * 1024)] });
  });
  after(async () => {
    await server.stop();
  });

  test('/settings/api reports the page cap and default the lists really apply, to anonymous callers', async () => {
    const res = await server.request<ApiSettings>('GET', '/settings/api');
    assert.equal(res.status, 200);
    assert.equal(res.json.max_response_items, 50);
    assert.equal(res.json.default_paging_num, 30);
    assert.equal(res.json.default_git_trees_per_page, 1000);
    assert.equal(res.json.default_max_blob_size, 10 * 1024 * 1024);

    // the lists page by those numbers: 60 users, asked for 100, come 50 at most; unasked, 30
    for (let i = 0; i < 60; i++) await server.createUser(`set-u${i}`);
    const capped = await server.request<unknown[]>('GET', '/admin/users?limit=100', {
      token: server.admin.token,
    });
    assert.equal(capped.json.length, res.json.max_response_items);
    const unasked = await server.request<unknown[]>('GET', '/admin/users', { token: server.admin.token });
    assert.equal(unasked.json.length, res.json.default_paging_num);
  });

  test('/settings/ui lists the reactions the server accepts, and only those', async () => {
    const res = await server.request<{
      allowed_reactions: string[];
      default_theme: string;
      custom_emojis: [];
    }>('GET', '/settings/ui');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.allowed_reactions, [
      '+1',
      '-1',
      'laugh',
      'hooray',
      'confused',
      'heart',
      'rocket',
      'eyes',
    ]);
    assert.equal(res.json.default_theme, 'gitea');
    assert.deepEqual(res.json.custom_emojis, []);

    const user = await server.createUser('set-reactor');
    assert.equal(
      (await server.request('POST', '/user/repos', { token: user.token, body: { name: 'r' } })).status,
      201,
    );
    const issue = await server.request<{ number: number }>('POST', '/repos/set-reactor/r/issues', {
      token: user.token,
      body: { title: 'react here' },
    });
    const react = (content: string) =>
      server.request('POST', `/repos/set-reactor/r/issues/${issue.json.number}/reactions`, {
        token: user.token,
        body: { content },
      });
    for (const content of res.json.allowed_reactions)
      assert.equal((await react(content)).status, 201, content);
    assert.equal((await react('thumbsup')).status, 422);
  });

  test('/settings/attachment and /settings/repository', async () => {
    const attachment = await server.request('GET', '/settings/attachment');
    assert.equal(attachment.status, 200);
    assert.deepEqual(attachment.json, { enabled: true, allowed_types: '*/*', max_size: 3, max_files: 5 });
    const repository = await server.request('GET', '/settings/repository');
    assert.equal(repository.status, 200);
    assert.deepEqual(repository.json, {
      mirrors_disabled: false,
      http_git_disabled: false,
      migrations_disabled: false,
      stars_disabled: false,
      time_tracking_disabled: false,
      lfs_disabled: true,
    });
  });

  test('gitea-js reads the four settings', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''));
    assert.equal((await api.settings.getGeneralApiSettings()).data.max_response_items, 50);
    assert.equal((await api.settings.getGeneralAttachmentSettings()).data.max_size, 3);
    assert.equal((await api.settings.getGeneralRepositorySettings()).data.lfs_disabled, true);
    assert.ok((await api.settings.getGeneralUiSettings()).data.allowed_reactions?.includes('eyes'));
  });
});
