import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { git, makeTempDir } from '../helpers/gitFixtures';
import { startServer, type TestServer } from './harness';
import type { PullJson } from './pullsFixture';

const identity = {
  GIT_AUTHOR_NAME: 'Work Space',
  GIT_AUTHOR_EMAIL: 'work@example.com',
  GIT_COMMITTER_NAME: 'Work Space',
  GIT_COMMITTER_EMAIL: 'work@example.com',
};

let server: TestServer;
let workspace: string;
const folder = (): string => path.join(workspace, 'proj');

/** Commits a file on `branch` of the workspace folder without leaving the checked-out `main`. */
function commitOnBranch(branch: string, file: string, content: string): string {
  git(folder(), ['checkout', '--quiet', '-b', branch, 'main']);
  writeFileSync(path.join(folder(), file), content);
  git(folder(), ['add', '--all']);
  git(folder(), ['commit', '--quiet', '--no-gpg-sign', '-m', `add ${file}`], identity);
  const sha = git(folder(), ['rev-parse', 'HEAD']).trim();
  git(folder(), ['checkout', '--quiet', 'main']);
  return sha;
}

before(async () => {
  workspace = makeTempDir('teahouse-merge-ws-');
  mkdirSync(folder());
  git(folder(), ['init', '--quiet', '--initial-branch=main']);
  writeFileSync(path.join(folder(), 'README.md'), '# proj\n');
  git(folder(), ['add', '--all']);
  git(folder(), ['commit', '--quiet', '--no-gpg-sign', '-m', 'first'], identity);
  server = await startServer({ args: ['--workspace', workspace] });
});
after(async () => {
  await server.stop();
  rmSync(workspace, { recursive: true, force: true });
});

describe('merging into a workspace repository', () => {
  const full = (): string => `${server.admin.username}/proj`;
  const open = async (head: string): Promise<PullJson> => {
    const res = await server.request<PullJson>('POST', `/repos/${full()}/pulls`, {
      token: server.admin.token,
      body: { head, base: 'main', title: head },
    });
    assert.equal(res.status, 201, res.text);
    return res.json;
  };

  test('merging into the checked-out branch brings the working tree along', async () => {
    const head = commitOnBranch('topic', 'topic.txt', 'topic\n');
    const pr = await open('topic');
    const res = await server.request('POST', `/repos/${full()}/pulls/${pr.number}/merge`, {
      token: server.admin.token,
      body: { Do: 'merge' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(git(folder(), ['rev-parse', 'HEAD^2']).trim(), head);
    assert.equal(readFileSync(path.join(folder(), 'topic.txt'), 'utf8'), 'topic\n');
    assert.equal(git(folder(), ['status', '--porcelain']), '');
  });

  test('uncommitted changes in the folder refuse the merge with 409 and leave the branch alone', async () => {
    commitOnBranch('other', 'other.txt', 'other\n');
    const pr = await open('other');
    const before = git(folder(), ['rev-parse', 'main']).trim();
    writeFileSync(path.join(folder(), 'README.md'), '# proj\nlocal edit\n');
    const res = await server.request<{ message: string }>(
      'POST',
      `/repos/${full()}/pulls/${pr.number}/merge`,
      {
        token: server.admin.token,
        body: { Do: 'merge' },
      },
    );
    assert.equal(res.status, 409);
    assert.match(res.json.message, /checked out in the workspace folder with uncommitted changes/);
    assert.equal(git(folder(), ['rev-parse', 'main']).trim(), before);
    assert.equal(existsSync(path.join(folder(), 'other.txt')), false);
    assert.equal(
      (await server.request<PullJson>('GET', `/repos/${full()}/pulls/${pr.number}`)).json.merged,
      false,
    );
  });
});
