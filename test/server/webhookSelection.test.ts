import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import {
  header,
  payloadOf,
  queuedEventTypes,
  startHookReceiver,
  type HookReceiver,
} from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';

interface SlackJson {
  channel: string;
  text: string;
  username: string;
  icon_url: string;
  attachments: { title: string; title_link: string; text: string; color: string }[];
}
interface DiscordJson {
  username: string;
  avatar_url: string;
  embeds: { title: string; description: string; url: string; color: number; author: { name: string } }[];
}

describe('which hooks get which events', () => {
  let server: TestServer;
  let receiver: HookReceiver;
  let owner: TestUser;
  let scratch: string;
  const repo = 'sel-owner/selective';
  const hooks: Record<string, number> = {};

  async function addHook(name: string, body: Record<string, unknown>): Promise<void> {
    const res = await server.request<{ id: number }>('POST', `/repos/${repo}/hooks`, {
      token: owner.token,
      body: {
        type: 'gitea',
        active: true,
        ...body,
        config: { url: `${receiver.url}/${name}`, content_type: 'json', ...(body['config'] as object) },
      },
    });
    assert.equal(res.status, 200, res.text);
    hooks[name] = res.json.id;
  }

  before(async () => {
    receiver = await startHookReceiver();
    server = await startServer();
    scratch = makeTempDir('teahouse-hook-selection-');
    owner = await server.createUser('sel-owner');
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'selective', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    await addHook('push-only', {});
    await addHook('comments', { events: ['issue_comment'] });
    await addHook('issue-group', { events: ['issues'] });
    await addHook('everything', { events: ['*'] });
    await addHook('inactive', { events: ['*'], active: false });
    await addHook('releases-branches', { events: ['push', 'create'], branch_filter: 'release/*' });
    await addHook('slack', {
      type: 'slack',
      events: ['issues', 'push'],
      config: { channel: '#dev', username: 'tea', icon_url: 'http://icons.test/tea.png' },
    });
    await addHook('discord', { type: 'discord', events: ['issues', 'push'], config: { username: 'teabot' } });

    const issue = await server.request('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'Pick me', body: 'An <b>issue</b> & more' },
    });
    assert.equal(issue.status, 201, issue.text);
    const comment = await server.request('POST', `/repos/${repo}/issues/1/comments`, {
      token: owner.token,
      body: { body: 'hello' },
    });
    assert.equal(comment.status, 201, comment.text);

    const dir = path.join(scratch, 'clone');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, repo, { username: 'sel-owner', secret: owner.token }),
      dir,
    ]);
    writeFileSync(path.join(dir, 'a.txt'), 'a\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'Change a']);
    mustGit(dir, ['push', '--quiet', 'origin', 'main']);
    mustGit(dir, ['push', '--quiet', 'origin', 'main:release/1.0']);
    // the push events are recorded after git's answer: wait until the last one reached a hook that wants it
    await receiver.delivered(
      (hook) => hook.path === '/releases-branches' && header(hook, 'x-gitea-event-type') === 'push',
    );
    await receiver.delivered(
      (hook) =>
        hook.path === '/everything' &&
        header(hook, 'x-gitea-event-type') === 'push' &&
        payloadOf<{ ref: string }>(hook).ref === 'refs/heads/release/1.0',
    );
  });
  after(async () => {
    await server.stop();
    await receiver.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a hook created without events gets pushes only', () => {
    assert.deepEqual(queuedEventTypes(server.dataDir, hooks['push-only']!), ['push', 'push']);
  });

  test('a granular selection gets only the kinds it chose', () => {
    assert.deepEqual(queuedEventTypes(server.dataDir, hooks['comments']!), ['issue_comment']);
  });

  test('choosing issues brings the issue comment kind with it, as in Gitea', () => {
    assert.deepEqual(queuedEventTypes(server.dataDir, hooks['issue-group']!), ['issues', 'issue_comment']);
  });

  test('"*" gets everything, a new branch as create before its push', () => {
    assert.deepEqual(queuedEventTypes(server.dataDir, hooks['everything']!), [
      'issues',
      'issue_comment',
      'push',
      'create',
      'push',
    ]);
  });

  test('an inactive hook gets nothing', () => {
    assert.deepEqual(queuedEventTypes(server.dataDir, hooks['inactive']!), []);
  });

  test('a branch filter lets through only the pushes and creates of matching branches', async () => {
    assert.deepEqual(queuedEventTypes(server.dataDir, hooks['releases-branches']!), ['create', 'push']);
    const push = await receiver.delivered(
      (hook) => hook.path === '/releases-branches' && header(hook, 'x-gitea-event') === 'push',
    );
    assert.equal(payloadOf<{ ref: string }>(push).ref, 'refs/heads/release/1.0');
  });

  test('a slack hook gets a Slack message with links, escaped text and its channel', async () => {
    const issue = payloadOf<SlackJson>(
      await receiver.delivered(
        (hook) => hook.path === '/slack' && header(hook, 'x-gitea-event') === 'issues',
      ),
    );
    assert.equal(issue.channel, '#dev');
    assert.equal(issue.username, 'tea');
    assert.equal(issue.icon_url, 'http://icons.test/tea.png');
    assert.match(
      issue.text,
      /^\[<http:\/\/[^|]+\/sel-owner\/selective\|sel-owner\/selective>\] <http:\/\/[^|]+\/sel-owner\/selective\/issues\/1\|Issue opened: #1 Pick me> by <[^|]+\|sel-owner>$/,
    );
    assert.equal(issue.attachments[0]?.text, 'An &lt;b&gt;issue&lt;/b&gt; &amp; more');
    const push = payloadOf<SlackJson>(
      await receiver.delivered((hook) => hook.path === '/slack' && header(hook, 'x-gitea-event') === 'push'),
    );
    assert.match(push.text, /1 new commit pushed to (main|release\/1\.0)/);
    assert.match(
      push.attachments[0]?.text ?? '',
      /^<http:\/\/[^|]+\/commit\/[0-9a-f]{40}\|[0-9a-f]{7}>: Change a - /,
    );
  });

  test('a discord hook gets an embed with the sender as author', async () => {
    const hook = await receiver.delivered(
      (h) => h.path === '/discord' && header(h, 'x-gitea-event') === 'issues',
    );
    assert.equal(header(hook, 'content-type'), 'application/json');
    const message = payloadOf<DiscordJson>(hook);
    assert.equal(message.username, 'teabot');
    assert.equal(message.embeds.length, 1);
    assert.equal(message.embeds[0]?.title, '[sel-owner/selective] Issue opened: #1 Pick me');
    assert.equal(message.embeds[0]?.description, 'An <b>issue</b> & more');
    assert.match(message.embeds[0]?.url ?? '', /\/sel-owner\/selective\/issues\/1$/);
    assert.equal(message.embeds[0]?.author.name, 'sel-owner');
    assert.equal(message.embeds[0]?.color, 0xeb6420);
  });
});
