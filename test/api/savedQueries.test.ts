import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerCapabilities } from '../../src/api/capabilities';
import { classifyVersion, defaultApiLimits, type ServerProfile } from '../../src/api/serverProfile';
import { planIssueCriteria } from '../../src/extension/views/issueQueries';
import {
  criteriaOf,
  parseSavedQueries,
  queryRepository,
  searchAsQueryEntry,
  type SavedQuery,
} from '../../src/extension/views/savedQueries';

const capabilities = (version: string, local = false): ServerCapabilities =>
  new ServerCapabilities({
    ...classifyVersion(version, local),
    version,
    limits: defaultApiLimits,
    limitsFromServer: true,
    readAt: '2026-01-01T00:00:00Z',
  } satisfies ServerProfile);

const teahouse = capabilities('1.22.0+teahouse', true);
const widgets = { owner: 'acme', repo: 'widgets' };

function query(entry: Record<string, unknown>): SavedQuery {
  const [parsed] = parseSavedQueries([{ label: 'Q', ...entry }]);
  assert.ok(parsed, 'the entry is a query');
  return parsed;
}

const plan = (
  entry: Record<string, unknown>,
  repository: typeof widgets | undefined,
  server = teahouse,
  me = 'alice',
) => planIssueCriteria(server, criteriaOf(query(entry), me), repository, me);

test('the setting: defaults, both spellings of the user filters, lists as arrays or text, bad entries skipped', () => {
  const parsed = parseSavedQueries([
    { label: 'Mine', author: '{me}', labels: 'bug, docs', milestone: 'v1' },
    { label: 'Theirs', created_by: 'bob', assigned_by: 'carol', type: 'pulls', state: 'all', labels: ['x'] },
    { label: '', state: 'closed' },
    { state: 'closed' },
    { label: 'Bad repository', repository: 'no-slash' },
    'not an object',
    { label: 'In widgets', repository: 'acme/widgets', review_requested: true, q: ' crash ' },
  ]);
  assert.deepEqual(
    parsed.map((entry) => entry.label),
    ['Mine', 'Theirs', 'In widgets'],
  );
  const [mine, theirs, inWidgets] = parsed;
  assert.deepEqual(
    { pulls: mine?.pulls, state: mine?.state, labels: mine?.labels, milestones: mine?.milestones },
    { pulls: false, state: 'open', labels: ['bug', 'docs'], milestones: ['v1'] },
  );
  assert.deepEqual(
    { author: theirs?.author, assignee: theirs?.assignee, pulls: theirs?.pulls, state: theirs?.state },
    { author: 'bob', assignee: 'carol', pulls: true, state: 'all' },
  );
  assert.deepEqual(inWidgets?.repository, widgets);
  assert.equal(inWidgets?.text, 'crash');
  assert.equal(inWidgets?.reviewRequested, true);
  assert.deepEqual(parseSavedQueries('not a list'), []);
});

test('in a repository: the list with every filter by name, {me} resolved', () => {
  assert.deepEqual(
    plan(
      {
        author: '{me}',
        assignee: 'bob',
        mentioned_by: 'carol',
        labels: ['bug'],
        milestone: 'v1',
        q: 'crash',
      },
      widgets,
    ),
    {
      kind: 'list',
      args: {
        owner: 'acme',
        repo: 'widgets',
        type: 'issues',
        state: 'open',
        labels: 'bug',
        milestones: 'v1',
        q: 'crash',
        created_by: 'alice',
        assigned_by: 'bob',
        mentioned_by: 'carol',
      },
    },
  );
});

test('across repositories: the search, with the flags for {me} and created_by for others', () => {
  assert.deepEqual(plan({ author: '{me}', assignee: '{ME}', type: 'pulls', state: 'closed' }, undefined), {
    kind: 'search',
    args: { type: 'pulls', state: 'closed', created: true, assigned: true },
  });
  assert.deepEqual(plan({ author: 'bob', owner: 'acme', labels: 'bug,docs' }, undefined), {
    kind: 'search',
    args: { type: 'issues', state: 'open', labels: 'bug,docs', created_by: 'bob', owner: 'acme' },
  });
  // the search cannot say "assigned to bob": no request filters that across repositories
  assert.deepEqual(plan({ assignee: 'bob' }, undefined), { kind: 'unavailable', note: 'needs a repository' });
});

test('review requested: the search kept to the repository, as the list has no such filter', () => {
  assert.deepEqual(plan({ type: 'pulls', review_requested: true }, widgets), {
    kind: 'search',
    args: { type: 'pulls', state: 'open', review_requested: true },
    repository: widgets,
  });
});

test('on Gitea 1.14.1: the search for what the list cannot filter, else a note naming the release', () => {
  const old = capabilities('1.14.1');
  // created_by is ignored by 1.14's list: the search's own flag instead
  assert.deepEqual(plan({ author: '{me}', labels: ['bug'] }, widgets, old), {
    kind: 'search',
    args: { type: 'issues', state: 'open', labels: 'bug', created: true },
    repository: widgets,
  });
  assert.equal(plan({ type: 'pulls', review_requested: true }, widgets, old).kind, 'search');
  // someone else's issues: neither 1.14's list nor its search filters by another author
  assert.deepEqual(plan({ author: 'bob' }, widgets, old), {
    kind: 'unavailable',
    note: 'needs a Gitea newer than 1.14.1',
  });
  // 1.13 has no review_requested on the search
  assert.deepEqual(plan({ type: 'pulls', review_requested: true }, widgets, capabilities('1.13.0')), {
    kind: 'unavailable',
    note: 'needs Gitea ≥ 1.14',
  });
  // a text search of one repository needs q (1.5) and type (1.11) on the list
  assert.equal(plan({ q: 'crash' }, widgets, capabilities('1.11.0')).kind, 'list');
});

test('where a query appears: every repository without one named; only its own, and its owner, with one', () => {
  const other = { owner: 'acme', repo: 'gadgets' };
  assert.deepEqual(queryRepository(query({}), other), { repository: other });
  assert.equal(queryRepository(query({ repository: 'Acme/Widgets' }), other), 'hidden');
  assert.deepEqual(queryRepository(query({ repository: 'Acme/Widgets' }), widgets), { repository: widgets });
  assert.equal(queryRepository(query({ owner: 'someone' }), other), 'hidden');
  assert.deepEqual(queryRepository(query({ repository: 'acme/widgets' }), undefined), {
    repository: widgets,
  });
  assert.deepEqual(queryRepository(query({}), undefined), { repository: undefined });
});

test('a search saved as a query reads back as the same search, of every state', () => {
  const entry = searchAsQueryEntry({ label: 'Crashes', text: ' crash ', pulls: true, repository: widgets });
  assert.deepEqual(entry, {
    label: 'Crashes',
    type: 'pulls',
    state: 'all',
    q: 'crash',
    repository: 'acme/widgets',
  });
  const [saved] = parseSavedQueries([entry]);
  assert.ok(saved);
  assert.deepEqual(planIssueCriteria(teahouse, criteriaOf(saved, 'alice'), saved.repository, 'alice'), {
    kind: 'list',
    args: { owner: 'acme', repo: 'widgets', type: 'pulls', state: 'all', q: 'crash' },
  });
  assert.equal(
    searchAsQueryEntry({ label: 'x', text: 'y', pulls: false, repository: undefined }).repository,
    undefined,
  );
});
