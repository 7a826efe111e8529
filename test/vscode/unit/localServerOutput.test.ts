import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeServerUrl, remoteAccountId } from '../../../src/extension/accounts/account';
import {
  LineSplitter,
  parseAdminLine,
  parseListeningLine,
  redactLine,
} from '../../../src/extension/local/serverOutput';
import { localRepositoryName } from '../../../src/extension/workspace/localRepositoryName';

const adminLine = 'Created the administrator "root" with the password "s3cr3t-Pass" (shown only this once)';

test("the first start's administrator line gives the credentials, and the log shows it redacted", () => {
  assert.deepEqual(parseAdminLine(adminLine), { username: 'root', password: 's3cr3t-Pass' });
  assert.equal(
    redactLine(adminLine),
    'Created the administrator "root" with the password "***" (shown only this once)',
  );
  assert.equal(parseAdminLine('Teahouse listening on http://127.0.0.1:1/'), undefined);
});

test('the listening line gives the server address', () => {
  assert.equal(
    parseListeningLine('Teahouse listening on http://127.0.0.1:43210/'),
    'http://127.0.0.1:43210/',
  );
  assert.equal(parseListeningLine('something else'), undefined);
});

test('output chunks are split into whole lines, keeping a partial line for the next chunk', () => {
  const splitter = new LineSplitter();
  assert.deepEqual(splitter.push('one\ntw'), ['one']);
  assert.deepEqual(splitter.push('o\r\nthree'), ['two']);
  assert.deepEqual(splitter.flush(), ['three']);
  assert.deepEqual(splitter.flush(), []);
});

test('server addresses are normalized: scheme added, /api/v1 and trailing slashes dropped, others refused', () => {
  assert.equal(normalizeServerUrl('gitea.example.com'), 'https://gitea.example.com/');
  assert.equal(normalizeServerUrl(' https://Host.Example/gitea/api/v1/ '), 'https://host.example/gitea/');
  assert.equal(normalizeServerUrl('http://127.0.0.1:3000'), 'http://127.0.0.1:3000/');
  assert.equal(normalizeServerUrl('ftp://host/'), undefined);
  assert.equal(normalizeServerUrl('https://user:pw@host/'), undefined);
  assert.equal(normalizeServerUrl(''), undefined);
  assert.equal(remoteAccountId('https://host.example/', 'Alice'), 'https://host.example/#alice');
});

test('a workspace folder maps to the repository name the local server gives it', () => {
  assert.equal(localRepositoryName('/home/me/teahouse-demo'), 'teahouse-demo');
  assert.equal(localRepositoryName('/home/me/My Project.git'), 'My-Project');
  assert.equal(localRepositoryName('/srv/..weird..name..'), 'weird.name');
});
