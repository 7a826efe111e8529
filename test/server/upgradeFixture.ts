import path from 'node:path';
import { mustGit } from '../helpers/gitRemote';
import type { TestServer } from './harness';

/** The data folders of earlier releases (scripts/makeUpgradeFixture.ts writes one per release). */
export const fixtureDir = path.join(__dirname, '..', 'fixtures', 'upgrade');

/** The root URL answers are recorded with, whatever port the recording server had. */
export const fixtureRoot = 'http://teahouse.fixture/';

export interface UpgradeManifest {
  teahouseVersion: string;
  admin: { username: string; password: string; token: string };
  users: Record<string, { password: string; token: string }>;
  fixtureRoot: string;
  /** API path → the JSON answered (URLs with `fixtureRoot`), read with the admin's token. */
  answers: Record<string, unknown>;
  /** Repository full name → `git ls-remote` over HTTP. */
  refs: Record<string, string>;
}

/** What the fixture records, and an upgraded server must answer alike. */
const recordedPaths = [
  '/admin/users?limit=50',
  '/admin/orgs',
  '/orgs/tea-org',
  '/orgs/tea-org/repos',
  '/users/alice/repos',
  '/users/bob/repos',
  '/repos/search?limit=50',
  '/repos/alice/notes',
  '/repos/tea-org/kettle',
  '/repos/bob/notes',
  '/repos/alice/notes/branches',
  '/repos/alice/notes/tags',
  '/repos/alice/notes/commits?sha=main',
  '/repos/alice/notes/contents/feature.md?ref=feature',
  '/repos/alice/notes/branch_protections',
  '/repos/alice/notes/labels',
  '/repos/alice/notes/milestones?state=all',
  '/repos/alice/notes/issues?state=all&type=issues',
  '/repos/alice/notes/issues/1',
  '/repos/alice/notes/issues/1/comments',
  '/repos/alice/notes/pulls?state=all',
  '/repos/alice/notes/pulls/3',
  '/repos/alice/notes/pulls/3/reviews',
  '/repos/alice/notes/pulls/4',
  '/repos/alice/notes/releases',
  '/repos/alice/notes/hooks',
  '/repos/alice/notes/forks',
  '/repos/alice/notes/stargazers',
  '/repos/alice/notes/subscribers',
];
const recordedRepos = ['alice/notes', 'tea-org/kettle', 'bob/notes'];

/** The answers as a fixture records them: the server's own root URL replaced by `fixtureRoot`. */
export async function readAnswers(
  server: TestServer,
  token: string,
  paths: readonly string[],
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const apiPath of paths) {
    if (process.env.TEAHOUSE_FIXTURE_DEBUG) process.stderr.write(`GET ${apiPath}\n`);
    const res = await server.request('GET', apiPath, { token });
    if (res.status !== 200) throw new Error(`GET ${apiPath}: ${res.status} ${res.text}`);
    answers[apiPath] = JSON.parse(res.text.split(server.url).join(fixtureRoot)) as unknown;
  }
  return answers;
}

export function readRefs(
  server: TestServer,
  token: string,
  repos: readonly string[],
): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const repo of repos) {
    const url = new URL(`${repo}.git`, server.url);
    url.username = 'token';
    url.password = token;
    refs[repo] = mustGit(process.cwd(), ['ls-remote', url.toString()]);
  }
  return refs;
}

export async function recordAnswers(
  server: TestServer,
  token: string,
): Promise<Pick<UpgradeManifest, 'answers' | 'refs'>> {
  return {
    answers: await readAnswers(server, token, recordedPaths),
    refs: readRefs(server, token, recordedRepos),
  };
}
