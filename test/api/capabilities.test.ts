import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { generatedFile, readReleases } from '../../scripts/capabilities';
import { capabilityModule, routeKey } from '../../scripts/capabilities/generate';
import { minimizeSwagger } from '../../scripts/capabilities/swagger';
import {
  compareVersions,
  giteaReleases,
  giteaRoutes,
  requirementNote,
  ServerCapabilities,
} from '../../src/api/capabilities';
import { operations } from '../../src/api/operations';
import type { OperationSpec } from '../../src/api/operationSpec';
import {
  classifyVersion,
  defaultApiLimits,
  readApiLimits,
  type ServerProfile,
} from '../../src/api/serverProfile';
import { describeMissingScope, missingScopes, tokenScopesFor } from '../../src/api/tokenScopes';

const operation = (id: string): OperationSpec => {
  const found = operations.find((candidate) => candidate.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

const profile = (version: string, local = false): ServerProfile => ({
  ...classifyVersion(version, local),
  version,
  limits: defaultApiLimits,
  limitsFromServer: true,
  readAt: '2026-01-01T00:00:00Z',
});

test('regenerating the capability table gives the checked-in module', () => {
  assert.equal(capabilityModule(readReleases()), readFileSync(generatedFile, 'utf8'));
});

test("the stored 1.1.1 data is the fixture swagger's routes and query parameters", () => {
  const fixture = readFileSync(path.join(__dirname, '..', 'fixtures', 'gitea-swagger-v1.1.1.json'), 'utf8');
  const stored = readReleases().find((release) => release.release === '1.1.1');
  assert.deepEqual(minimizeSwagger(fixture, '1.1.1', 'x').routes, stored?.routes);
});

test('every route and query parameter of each release is in the table, no later than that release', () => {
  for (const api of readReleases()) {
    for (const [route, { query }] of Object.entries(api.routes)) {
      const [method = '', routePath = ''] = route.split(' ');
      const entry = giteaRoutes[routeKey(method, routePath)];
      assert.ok(entry, `${route} of ${api.release}`);
      assert.ok(
        compareVersions(entry.since, api.release) <= 0,
        `${route}: since ${entry.since} > ${api.release}`,
      );
      if (entry.until)
        assert.ok(compareVersions(api.release, entry.until) <= 0, `${route} until ${entry.until}`);
      for (const name of query) {
        const since = entry.query[name];
        assert.ok(since !== undefined && compareVersions(since, api.release) <= 0, `${route} ?${name}`);
      }
    }
  }
});

test('each first release in the table is the first release file that has it', () => {
  const releases = readReleases().sort((a, b) => compareVersions(a.release, b.release));
  assert.deepEqual(
    releases.map((api) => api.release),
    [...giteaReleases],
  );
  for (const [key, entry] of Object.entries(giteaRoutes)) {
    const first = releases.find((api) =>
      Object.keys(api.routes).some((route) => {
        const [method = '', routePath = ''] = route.split(' ');
        return routeKey(method, routePath) === key;
      }),
    );
    assert.equal(entry.since, first?.release, key);
  }
});

test('Gitea 1.14.1: the issue list cannot filter by user, the search can; no pull commits or files, a diff', () => {
  const gitea114 = new ServerCapabilities(profile('1.14.1'));
  const missing = gitea114.missing(operation('issueListIssues'), [
    'state',
    'type',
    'labels',
    'created_by',
    'assigned_by',
    'mentioned_by',
  ]);
  assert.deepEqual(
    missing.map((entry) => entry.query),
    ['created_by', 'assigned_by', 'mentioned_by'],
  );
  assert.equal(requirementNote(missing[0]!), 'needs a Gitea newer than 1.14.1');
  assert.ok(
    gitea114.has(operation('issueSearchIssues'), [
      'created',
      'assigned',
      'mentioned',
      'priority_repo_id',
      'type',
    ]),
  );
  assert.ok(!gitea114.has(operation('repoGetPullRequestCommits')));
  assert.ok(!gitea114.has(operation('repoGetPullRequestFiles')));
  assert.ok(gitea114.has(operation('repoDownloadPullDiffOrPatch')));
  assert.ok(gitea114.has(operation('getVersion')));
});

test('a server between two releases of the table is judged by the older one', () => {
  const gitea120 = new ServerCapabilities(profile('1.20.3'));
  assert.ok(!gitea120.has(operation('repoGetPullRequestCommits')));
  // the 1.14 spelling `.diff` is not taken as removed because 1.27 writes it `.{diffType}`
  assert.ok(gitea120.has(operation('repoDownloadPullDiffOrPatch')));
  const gitea127 = new ServerCapabilities(profile('1.27.1'));
  assert.ok(gitea127.has(operation('repoGetPullRequestCommits')));
  assert.ok(gitea127.has(operation('issueListIssues'), ['created_by', 'assigned_by', 'mentioned_by']));
});

test('older releases: the search needs 1.11, its user filters 1.14, the list’s type 1.11', () => {
  const gitea110 = new ServerCapabilities(profile('1.10.6'));
  const [search] = gitea110.missing(operation('issueSearchIssues'));
  assert.equal(requirementNote(search!), 'needs Gitea ≥ 1.11');
  const gitea113 = new ServerCapabilities(profile('1.13.2'));
  const [created] = gitea113.missing(operation('issueSearchIssues'), ['created']);
  assert.equal(requirementNote(created!), 'needs Gitea ≥ 1.14');
  // before 1.11 the issue list cannot tell issues from pull requests
  assert.ok(!gitea110.has(operation('issueListIssues'), ['type']));
});

test('Forgejo is judged by the Gitea it is based on; Teahouse and unknown servers by the catalogue (less the units Teahouse keeps off)', () => {
  assert.deepEqual(classifyVersion('7.0.0+gitea-1.22.0'), { kind: 'forgejo', giteaVersion: '1.22.0' });
  assert.deepEqual(classifyVersion('1.14.1'), { kind: 'gitea', giteaVersion: '1.14.1' });
  assert.deepEqual(classifyVersion('1.23.0+dev-42-gabc'), { kind: 'gitea', giteaVersion: '1.23.0' });
  assert.deepEqual(classifyVersion('0.2.0+teahouse-abc'), { kind: 'teahouse' });
  assert.deepEqual(classifyVersion('0.1.0', true), { kind: 'teahouse' });
  assert.deepEqual(classifyVersion('0.1.0'), { kind: 'unknown' });
  assert.ok(!new ServerCapabilities(profile('7.0.0+gitea-1.14.1')).has(operation('repoGetPullRequestFiles')));
  for (const trusted of [profile('development'), undefined]) {
    const capabilities = new ServerCapabilities(trusted);
    assert.ok(operations.every((entry) => capabilities.has(entry, ['created_by'])));
  }
  const teahouse = new ServerCapabilities(profile('0.1.0', true));
  assert.ok(operations.every((entry) => teahouse.has(entry, ['created_by']) === (entry.unit === undefined)));
});

test('api limits: the answer checked field by field, Gitea defaults for what is missing', () => {
  assert.deepEqual(readApiLimits({ max_response_items: 20, default_paging_num: 'x' }), {
    ...defaultApiLimits,
    max_response_items: 20,
  });
  assert.deepEqual(readApiLimits(null), defaultApiLimits);
});

test('a 403 for a missing scope names it; other 403s are left alone', () => {
  const modern =
    'token does not have at least one of required scope(s), required=[write:issue], token scope=read:issue';
  assert.deepEqual(missingScopes(modern), ['write:issue']);
  assert.match(describeMissingScope(modern) ?? '', /cannot write issues: it needs `write:issue`/);
  assert.deepEqual(
    missingScopes('token does not have at least one of required scope(s): [read:repository]'),
    ['read:repository'],
  );
  assert.equal(describeMissingScope('Only administrators allowed to sudo.'), undefined);
  assert.equal(
    describeMissingScope('user should be an owner or a collaborator with admin write access'),
    undefined,
  );
});

test('tokens ask exact scope categories from Gitea 1.20 and Teahouse, `all` from older servers', () => {
  const exact = tokenScopesFor(profile('1.21.0'), operations, false);
  assert.ok(exact.includes('write:issue') && exact.includes('write:repository'));
  assert.ok(!exact.some((scope) => scope.endsWith(':admin')) && !exact.includes('all'));
  assert.ok(tokenScopesFor(profile('1.21.0'), operations, true).includes('write:admin'));
  assert.deepEqual(tokenScopesFor(profile('0.1.0', true), [operation('issueListIssues')], false), [
    'read:issue',
  ]);
  assert.deepEqual(tokenScopesFor(profile('1.19.4'), operations, false), ['all']);
  assert.deepEqual(tokenScopesFor(profile('1.14.1'), operations, false), ['all']);
});

test('issue groups by release: list, search kept to the repository, or a note naming the release', async () => {
  const { planIssueQuery } = await import('../../src/extension/views/issueQueries');
  const plan = (version: string, group: 'created' | 'all', repository = true) =>
    planIssueQuery(new ServerCapabilities(profile(version)), {
      group,
      pulls: false,
      state: 'open',
      labels: [],
      repository: repository ? { owner: 'o', repo: 'r' } : undefined,
      me: 'me',
    });
  assert.equal(plan('1.27.1', 'created').kind, 'list');
  assert.equal(plan('1.14.1', 'created').kind, 'search');
  assert.equal(plan('1.14.1', 'all').kind, 'list');
  assert.deepEqual(plan('1.13.0', 'created'), { kind: 'unavailable', note: 'needs Gitea ≥ 1.14' });
  assert.deepEqual(plan('1.10.0', 'created'), { kind: 'unavailable', note: 'needs Gitea ≥ 1.14' });
  assert.deepEqual(plan('1.10.0', 'all'), { kind: 'unavailable', note: 'needs Gitea ≥ 1.11' });
  assert.deepEqual(plan('1.13.0', 'created', false), { kind: 'unavailable', note: 'needs Gitea ≥ 1.14' });
  assert.equal(plan('0.1.0', 'created').kind, 'list');
});

test('Teahouse keeps Actions and packages off: those operations are absent there, present on a Gitea 1.27', () => {
  const teahouse = new ServerCapabilities(profile('0.2.0+teahouse-abc'));
  const unitOperations = operations.filter((op) => op.unit !== undefined);
  assert.equal(unitOperations.length, 82);
  for (const op of unitOperations) assert.ok(!teahouse.has(op), op.operationId);
  const [runs] = teahouse.missing(operation('getWorkflowRuns'));
  assert.equal(requirementNote(runs!), 'needs a server with Actions enabled');
  const [packages] = teahouse.missing(operation('listPackages'));
  assert.equal(requirementNote(packages!), 'needs a server with packages enabled');
  assert.ok(teahouse.has(operation('repoGet')));
  const gitea127 = new ServerCapabilities(profile('1.27.1'));
  for (const op of unitOperations) assert.ok(gitea127.has(op), op.operationId);
});
