import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, TeahouseClient } from '../../src/api/client';
import { readServerProfile } from '../../src/api/readServerProfile';
import { loadUploadRules, uploadAttachment } from '../../src/extension/webviews/attachments';
import { loadViewModel, type ViewSource } from '../../src/extension/webviews/viewModel';
import type { PanelTarget } from '../../src/webview/protocol';
import { uploadRefusal } from '../../src/webview/uploadRules';
import { gitea122Tokens, startGitea122Double, type Gitea122Double } from '../helpers/gitea122Double';
import { remoteViewSource } from '../helpers/remoteViewSource';
import { startServer, type TestServer } from '../server/harness';

/**
 * Files pasted into an issue view's comment box: the rules read from the server, the upload as an
 * attachment of the issue or of a comment, the markdown that links it, and the view listing it under its
 * comment — against the local server and a double of the Gitea 1.22 the team recorded.
 */

const text = (value: string) => new TextEncoder().encode(value);

async function sourceFor(
  url: string,
  token: string,
): Promise<{ client: TeahouseClient; source: ViewSource }> {
  const client = new TeahouseClient({ baseUrl: url, auth: { kind: 'token', token }, retries: 0 });
  return { client, source: remoteViewSource(client, url, await readServerProfile(client)) };
}

describe('attachments on the local server', () => {
  let server: TestServer;
  let client: TeahouseClient;
  let source: ViewSource;
  let target: PanelTarget;

  before(async () => {
    server = await startServer({ args: ['--attachment-max-size', '2000'] });
    ({ client, source } = await sourceFor(server.url, server.admin.token));
    const repo = await client.api.createCurrentUserRepo({ body: { name: 'files', auto_init: true } });
    const issue = await client.api.issueCreateIssue({
      owner: repo.owner.login,
      repo: repo.name,
      body: { title: 'Crash on start' },
    });
    target = { kind: 'issue', account: 'x', owner: repo.owner.login, repo: repo.name, index: issue.number };
  });

  after(async () => {
    await client?.close();
    await server?.stop();
  });

  test('the rules are the server’s: its size limit (said in MiB, at least 1), any type, five at once', async () => {
    const { rules, note } = await loadUploadRules(source);
    assert.equal(note, undefined);
    assert.deepEqual(rules, { maxBytes: 1024 * 1024, allowedTypes: ['*/*'], maxFiles: 5 });
    assert.equal(uploadRefusal(rules!, [{ name: 'tool.exe', type: '', size: 10 }]), undefined);
    assert.equal(
      uploadRefusal(rules!, [{ name: 'big.log', type: 'text/plain', size: 2 * 1024 * 1024 }])?.reason,
      'tooBig',
    );
  });

  test('a file goes to the issue, an image is linked inline, and the view lists both under the issue', async () => {
    const log = await uploadAttachment(client, target, {
      name: 'crash.log',
      type: 'text/plain',
      data: text('panic: nil\n'),
    });
    assert.equal(log.attachment.name, 'crash.log');
    assert.equal(log.markdown, `[crash.log](${log.attachment.browser_download_url})`);
    const png = await uploadAttachment(client, target, {
      name: 'shot [1].png',
      type: 'image/png',
      data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    assert.equal(png.markdown, `![shot \\[1\\].png](${png.attachment.browser_download_url})`);
    const download = await fetch(log.attachment.browser_download_url, {
      headers: { authorization: `token ${server.admin.token}` },
    });
    assert.equal(await download.text(), 'panic: nil\n');
    const model = await loadViewModel(source, target);
    assert.deepEqual(
      model.issue.attachments.map((a) => [a.name, a.size]),
      [
        ['crash.log', 11],
        ['shot [1].png', 4],
      ],
    );
    assert.ok(model.uploads);
  });

  test('a file pasted while editing a comment belongs to that comment and shows under it', async () => {
    const comment = await client.api.issueCreateComment({
      owner: target.owner,
      repo: target.repo,
      index: target.index,
      body: { body: 'See the log' },
    });
    await uploadAttachment(
      client,
      target,
      { name: 'trace.txt', type: 'text/plain', data: text('at main') },
      comment.id,
    );
    const model = await loadViewModel(source, target);
    const shown = model.comments.find((candidate) => candidate.id === comment.id);
    assert.deepEqual(
      shown?.attachments.map((a) => a.name),
      ['trace.txt'],
    );
    assert.ok(!model.issue.attachments.some((a) => a.name === 'trace.txt'));
  });

  test('a file over the server’s limit is refused by the server with its message', async () => {
    await assert.rejects(
      uploadAttachment(client, target, {
        name: 'huge.bin',
        type: 'application/octet-stream',
        data: new Uint8Array(5000),
      }),
      (error: unknown) => error instanceof ApiError && error.status === 413,
    );
  });
});

describe('attachments on Gitea 1.22', () => {
  let double: Gitea122Double;
  let client: TeahouseClient;
  let source: ViewSource;

  before(async () => {
    double = await startGitea122Double();
    ({ client, source } = await sourceFor(double.url, gitea122Tokens.root));
  });

  after(async () => {
    await client?.close();
    await double?.close();
  });

  test('the recorded issue lists its attachment, and the rules are the recorded settings', async () => {
    const model = await loadViewModel(source, {
      kind: 'issue',
      account: 'x',
      owner: 'root',
      repo: 'rec-1128165022',
      index: 1,
    });
    assert.deepEqual(
      model.issue.attachments.map((a) => [a.name, a.size]),
      [['crash-log.txt', 19]],
    );
    assert.match(model.issue.attachments[0]?.url ?? '', new RegExp(`^${double.url}attachments/`));
    assert.equal(model.uploads?.maxBytes, 4 * 1024 * 1024);
    assert.equal(model.uploads?.maxFiles, 5);
    assert.ok(model.uploads?.allowedTypes.includes('.png'));
    assert.deepEqual(
      uploadRefusal(model.uploads!, [{ name: 'tool.exe', type: 'application/octet-stream', size: 10 }]),
      { reason: 'type', file: 'tool.exe' },
    );
    assert.deepEqual(
      uploadRefusal(model.uploads!, [{ name: 'video.mp4', type: 'video/mp4', size: 5 * 1024 * 1024 }]),
      { reason: 'tooBig', limitBytes: 4 * 1024 * 1024, file: 'video.mp4' },
    );
    assert.deepEqual(
      uploadRefusal(
        model.uploads!,
        Array.from({ length: 6 }, (_, i) => ({ name: `${i}.txt`, type: 'text/plain', size: 1 })),
      ),
      { reason: 'tooMany', limit: 5 },
    );
  });

  test('a pasted file is uploaded to the issue of a repository on it and listed', async () => {
    await client.api.createCurrentUserRepo({ body: { name: 'uploads', default_branch: 'main' } });
    const issue = await client.api.issueCreateIssue({
      owner: 'root',
      repo: 'uploads',
      body: { title: 'Log attached' },
    });
    const target: PanelTarget = {
      kind: 'issue',
      account: 'x',
      owner: 'root',
      repo: 'uploads',
      index: issue.number,
    };
    const { markdown, attachment } = await uploadAttachment(client, target, {
      name: 'crash.log',
      type: 'text/plain',
      data: text('panic'),
    });
    assert.equal(markdown, `[crash.log](${double.url}attachments/${attachment.uuid})`);
    assert.ok(
      double.requests.includes(`POST /repos/root/uploads/issues/${issue.number}/assets?name=crash.log`),
    );
    const model = await loadViewModel(source, target);
    assert.deepEqual(
      model.issue.attachments.map((a) => a.name),
      ['crash.log'],
    );
  });
});
