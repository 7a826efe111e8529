import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ServerCapabilities } from '../../src/api/capabilities';
import { TeahouseClient } from '../../src/api/client';
import { readServerProfile } from '../../src/api/readServerProfile';
import type { ServerProfile } from '../../src/api/serverProfile';
import type { Issue } from '../../src/api/types';
import type { IssueGroup, RepoRef } from '../../src/extension/views/nodes';
import { fetchIssuePage, planIssueQuery, type IssueQuery } from '../../src/extension/views/issueQueries';
import { loadViewModel } from '../../src/extension/webviews/viewModel';
import { startGitea114Double, type Gitea114Double } from '../helpers/gitea114Double';
import { remoteViewSource } from '../helpers/remoteViewSource';

let double: Gitea114Double;
let profile: ServerProfile;
const clients: TeahouseClient[] = [];
const widgets: RepoRef = { owner: 'acme', repo: 'widgets' };

function clientAs(user: 'root' | 'alice', maxPageSize?: number): TeahouseClient {
  const client = new TeahouseClient({
    baseUrl: double.url,
    auth: { kind: 'token', token: `${user}-token` },
    retries: 0,
    ...(maxPageSize !== undefined && { maxPageSize }),
  });
  clients.push(client);
  return client;
}

before(async () => {
  double = await startGitea114Double();
  profile = await readServerProfile(clientAs('root'));
});

after(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await double.close();
});

/** Every item of a group, page after page, through the data layer the trees use. */
async function groupItems(
  user: 'root' | 'alice',
  query: Omit<IssueQuery, 'me'>,
  limit = 30,
): Promise<Issue[]> {
  const client = clientAs(user);
  const plan = planIssueQuery(new ServerCapabilities(profile), { ...query, me: user });
  assert.notEqual(plan.kind, 'unavailable', `${query.group} should be answerable on 1.14`);
  if (plan.kind === 'unavailable') return [];
  const items: Issue[] = [];
  const repositoryId = async () => (await client.api.repoGet(widgets)).id;
  for (let page = 1; page < 20; page++) {
    const result = await fetchIssuePage(client, plan, page, limit, repositoryId);
    items.push(...result.items);
    if (!result.hasNext) break;
  }
  return items;
}

test('the profile of Gitea 1.14.1: its version, its /settings/api limits, not Teahouse', () => {
  assert.equal(profile.kind, 'gitea');
  assert.equal(profile.giteaVersion, '1.14.1');
  assert.equal(profile.limits.max_response_items, 50);
  assert.equal(profile.limitsFromServer, true);
  // it asked whether the server is Teahouse, and 1.14 answered 404
  assert.ok(double.requests.includes('GET /api/teahouse/v1/version'), double.requests.join('\n'));
});

test('the double reproduces the bug: 1.14 ignores created_by and lists issues others created', async () => {
  const page = await clientAs('alice').page('issueListIssues', {
    ...widgets,
    type: 'issues',
    created_by: 'alice',
  });
  assert.ok(page.items.some((issue) => issue.user.login !== 'alice'));
});

const meaning: Record<Exclude<IssueGroup, 'reviewRequested'>, (issue: Issue, me: string) => boolean> = {
  created: (issue, me) => issue.user.login === me,
  assigned: (issue, me) => (issue.assignees ?? []).some((who) => who.login === me),
  // who is mentioned is the server's knowledge: the recorded mention of alice on #1 and #2, none of root
  mentioned: (issue, me) => me === 'alice' && [1, 2].includes(issue.number),
  all: () => true,
};

for (const user of ['root', 'alice'] as const) {
  for (const pulls of [false, true]) {
    for (const group of ['created', 'assigned', 'mentioned', 'all'] as const) {
      for (const state of ['open', 'all'] as const) {
        test(`${user}: ${pulls ? 'pull requests' : 'issues'} "${group}" (${state}) of acme/widgets hold only that`, async () => {
          const items = await groupItems(user, { group, pulls, state, labels: [], repository: widgets }, 1);
          for (const issue of items) {
            assert.equal(
              issue.repository?.full_name,
              'acme/widgets',
              `#${issue.number} is not in acme/widgets`,
            );
            assert.equal(issue.pull_request != null, pulls, `#${issue.number}: wrong kind`);
            if (state === 'open') assert.equal(issue.state, 'open');
            assert.ok(
              meaning[group](issue, user),
              `#${issue.number} by ${issue.user.login} in "${group}" of ${user}`,
            );
          }
          // and nothing that belongs is left out: the same filter over everything in the repository
          const all = await clientAs('root').page('issueListIssues', {
            ...widgets,
            state,
            type: pulls ? 'pulls' : 'issues',
            limit: 50,
          });
          const expected = all.items
            .filter((issue) => meaning[group](issue, user))
            .map((issue) => issue.number);
          assert.deepEqual(items.map((issue) => issue.number).sort(), expected.sort());
        });
      }
    }
  }
}

test('"Created by Me" of alice: her widgets issue, not the issue she created in root/notes', async () => {
  const items = await groupItems('alice', {
    group: 'created',
    pulls: false,
    state: 'open',
    labels: [],
    repository: widgets,
  });
  assert.deepEqual(
    items.map((issue) => `${issue.repository?.full_name}#${issue.number}`),
    ['acme/widgets#5'],
  );
});

test('without a repository the groups use the search across repositories, filtered by the server', async () => {
  const items = await groupItems('alice', {
    group: 'created',
    pulls: false,
    state: 'open',
    labels: [],
    repository: undefined,
  });
  assert.deepEqual(items.map((issue) => `${issue.repository?.full_name}#${issue.number}`).sort(), [
    'acme/widgets#5',
    'root/notes#1',
  ]);
});

test('a label filter is applied by the search fallback as by the list', async () => {
  const items = await groupItems('alice', {
    group: 'mentioned',
    pulls: false,
    state: 'open',
    labels: ['bug'],
    repository: widgets,
  });
  assert.deepEqual(
    items.map((issue) => issue.number),
    [1],
  );
});

test('a limit above max_response_items is lowered to it', async () => {
  const before = double.requests.length;
  await clientAs('root', profile.limits.max_response_items).page('issueListIssues', {
    ...widgets,
    limit: 200,
  });
  const sent = double.requests.slice(before).find((line) => line.includes('/issues?'));
  assert.match(sent ?? '', /limit=50(&|$)/);
});

test('the pull request view shows the commits and files of #4 from its .patch and .diff', async () => {
  const source = remoteViewSource(clientAs('root'), double.url, profile);
  const before = double.requests.length;
  const model = await loadViewModel(source, {
    kind: 'pullRequest',
    account: source.account.id,
    owner: 'acme',
    repo: 'widgets',
    index: 4,
  });
  assert.deepEqual(model.pull?.commits, [
    { sha: '3e3eaad1937499daf3e983a240c74173eff592d9', message: 'Add feature X notes', author: 'root' },
  ]);
  assert.deepEqual(model.pull?.files, [
    { filename: 'docs/feature-x.md', previousFilename: '', status: 'added', additions: 3, deletions: 0 },
  ]);
  const asked = double.requests.slice(before);
  assert.ok(!asked.some((line) => /\/pulls\/4\/(commits|files)/.test(line)), asked.join('\n'));
});
