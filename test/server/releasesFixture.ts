import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestResponse, TestServer, TestUser } from './harness';

/** Gitea's Release JSON, as far as the release tests read it (`message` for error bodies). */
export interface ReleaseBody {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string;
  body: string;
  url: string;
  html_url: string;
  tarball_url: string;
  zipball_url: string;
  upload_url: string;
  draft: boolean;
  prerelease: boolean;
  created_at: string;
  published_at: string;
  author: { id: number; login: string };
  assets: unknown[];
  message: string;
}

export interface ReleaseFixture {
  /** Runs git on a bare repository (with a committer identity) and answers its trimmed output. */
  git(dir: string, args: string[]): string;
  /** The commit a ref points at in the bare repository, or undefined when it does not exist. */
  revParse(dir: string, ref: string): string | undefined;
  /** A new commit on `branch` (created when missing) on top of `parent`, with the same tree. */
  commitOn(dir: string, branch: string, parent: string, message: string): string;
  /** A new user with a public auto-initialised repository (a first commit on `main`). */
  ownerWithRepo(name: string, repo?: string): Promise<{ user: TestUser; dir: string; main: string }>;
  createRelease(
    token: string,
    owner: string,
    body: Record<string, unknown>,
    repo?: string,
  ): Promise<TestResponse<ReleaseBody>>;
}

/** Helpers the release tests share, over one test server and the real bare repositories it keeps. */
export function releaseFixture(server: () => TestServer): ReleaseFixture {
  const gitDir = (owner: string, name: string): string =>
    path.join(server().dataDir, 'repositories', owner.toLowerCase(), `${name.toLowerCase()}.git`);
  const git = (dir: string, args: string[]): string =>
    execFileSync('git', ['--git-dir', dir, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Tester',
        GIT_AUTHOR_EMAIL: 'tester@example.com',
        GIT_COMMITTER_NAME: 'Tester',
        GIT_COMMITTER_EMAIL: 'tester@example.com',
      },
    }).trim();
  const revParse = (dir: string, ref: string): string | undefined => {
    try {
      return git(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    } catch {
      return undefined;
    }
  };
  return {
    git,
    revParse,
    commitOn(dir, branch, parent, message) {
      const tree = git(dir, ['rev-parse', `${parent}^{tree}`]);
      const sha = git(dir, ['commit-tree', tree, '-p', parent, '-m', message]);
      git(dir, ['update-ref', `refs/heads/${branch}`, sha]);
      return sha;
    },
    async ownerWithRepo(name, repo = 'app') {
      const user = await server().createUser(name);
      const created = await server().request('POST', '/user/repos', {
        token: user.token,
        body: { name: repo, auto_init: true },
      });
      assert.equal(created.status, 201, created.text);
      const dir = gitDir(name, repo);
      const main = revParse(dir, 'refs/heads/main');
      assert.ok(main, 'auto_init made a first commit');
      return { user, dir, main };
    },
    createRelease: (token, owner, body, repo = 'app') =>
      server().request<ReleaseBody>('POST', `/repos/${owner}/${repo}/releases`, { token, body }),
  };
}
