import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { issueUnit } from '../../src/server/services/issuesAccess';
import {
  searchIssueFilter,
  stateFilter,
  typeFilter,
  type IssueSearchQuery,
} from '../../src/server/services/issuesSearch';
import { querySinceBefore } from '../../src/server/services/issuesTime';
import { atLeast, repoAccess, type Viewer } from '../../src/server/services/permissions';
import { upsertCollaboration } from '../../src/server/store/collaborations';
import type { Database } from '../../src/server/store/database';
import { insertIssue } from '../../src/server/store/issues';
import {
  issueSortTypes,
  listIssues,
  type IssueFilter,
  type IssueSort,
} from '../../src/server/store/issuesList';
import { insertLabel, labelIdsByNamesInRepos } from '../../src/server/store/labels';
import { findMilestone, findMilestoneByName, insertMilestone } from '../../src/server/store/milestones';
import { insertOrgUser } from '../../src/server/store/organizations';
import type { RepositoryRow } from '../../src/server/store/repositories';
import { findRepositories } from '../../src/server/store/repositorySearch';
import {
  findTeamByName,
  insertTeam,
  insertTeamRepo,
  insertTeamUser,
  replaceTeamUnits,
} from '../../src/server/store/teams';
import { findAccountByName, findUserById, findUserByName, insertUser } from '../../src/server/store/users';
import { insertTestOrganization, insertTestRepository, openTestStore } from './storeFixture';

// ---- The previous implementation (before issue 17's round 2), kept as the model ----

const splitList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

function modelUserFilter(db: Database, name: string | undefined): number | undefined {
  if (!name) return undefined;
  const user = findUserByName(db, name);
  if (!user) throw new Error(`user does not exist [name: ${name}]`);
  return user.id;
}

const modelSort = (sort: string | undefined): IssueSort | undefined =>
  (issueSortTypes as readonly string[]).includes(sort ?? '') ? (sort as IssueSort) : undefined;

function modelSearchable(
  db: Database,
  viewer: Viewer,
  query: IssueSearchQuery,
  isPull: boolean | undefined,
): RepositoryRow[] {
  let ownerId: number | undefined;
  let teamId: number | undefined;
  if (query.owner) {
    const owner = findAccountByName(db, query.owner);
    if (!owner) throw new Error('Owner not found');
    ownerId = owner.id;
  }
  if (query.team) {
    if (ownerId === undefined) throw new Error('Owner organisation is required for filtering on team');
    const team = findTeamByName(db, ownerId, query.team);
    if (!team) throw new Error('Team not found');
    teamId = team.id;
  }
  const kinds = isPull === undefined ? [false, true] : [isPull];
  return findRepositories(db, { ownerId, teamId, sort: 'alpha' }).filter((repo) =>
    kinds.some(
      (pull) =>
        (pull ? repo.has_pull_requests : repo.has_issues) &&
        atLeast(repoAccess(db, viewer, repo, issueUnit(pull)), 'read'),
    ),
  );
}

function modelMilestones(db: Database, repos: readonly RepositoryRow[], value: string | undefined) {
  const ids = new Set<number>();
  for (const part of splitList(value)) {
    for (const repo of repos) {
      const milestone =
        findMilestoneByName(db, repo.id, part) ??
        (repos.length === 1 && /^\d{1,15}$/.test(part)
          ? findMilestone(db, repo.id, Number(part))
          : undefined);
      if (milestone) ids.add(milestone.id);
    }
  }
  return ids.size > 0 ? [...ids] : undefined;
}

function modelFilter(db: Database, viewer: Viewer, query: IssueSearchQuery): IssueFilter {
  const { since, before } = querySinceBefore(query);
  const isPull = typeFilter(query.type);
  const repos = modelSearchable(db, viewer, query, isPull);
  const mine = (flag: boolean | undefined): number | undefined => (viewer && flag ? viewer.id : undefined);
  const labelIds = labelIdsByNamesInRepos(db, repos, splitList(query.labels));
  return {
    repoIds: repos.map((r) => r.id),
    isClosed: stateFilter(query.state),
    isPull,
    labelIds: labelIds.length > 0 ? labelIds : undefined,
    milestoneIds: modelMilestones(db, repos, query.milestones),
    keyword: query.q?.trim().replaceAll('\0', '') || undefined,
    posterId: mine(query.created) ?? modelUserFilter(db, query.created_by),
    assigneeId: mine(query.assigned),
    mentionedId: mine(query.mentioned),
    reviewRequestedId: mine(query.review_requested),
    updatedAfter: since,
    updatedBefore: before,
    sort: modelSort(query.sort) ?? 'priorityrepo',
    priorityRepoId: query.priority_repo_id ?? 0,
  };
}

// ---- The world ----

/**
 * The cross-repository issue search deciding access only for the repositories that hold issues (and those
 * holding a label or milestone of a name asked for), against the previous implementation that decided it
 * for every repository: the same items, order and total for every viewer, filter and page.
 */
describe('issue search across repositories against deciding every repository', () => {
  const db = openTestStore('teahouse-issue-scope-');
  after(() => db.close());

  let seed = 29;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const user = (
    name: string,
    extra: { isAdmin?: boolean; restricted?: boolean; visibility?: 'private' } = {},
  ) => insertUser(db, { name, email: `${name}@example.com`, passwdHash: '', salt: '', ...extra });
  const alice = user('alice');
  const bob = user('bob');
  const rita = user('rita', { restricted: true });
  const carol = user('carol');
  const dave = user('dave');
  const hermit = user('hermit', { visibility: 'private' });
  const solo = user('solo');
  const duo = user('duo');
  user('root', { isAdmin: true });
  const org = (name: string, visibility: 'public' | 'limited' | 'private'): number =>
    insertTestOrganization(db, name, visibility);
  const pubOrg = org('puborg', 'public');
  const limOrg = org('limorg', 'limited');
  const privOrg = org('privorg', 'private');
  const owners = [
    { id: alice, name: 'alice' },
    { id: bob, name: 'bob' },
    { id: hermit, name: 'hermit' },
    { id: pubOrg, name: 'puborg' },
    { id: limOrg, name: 'limorg' },
    { id: privOrg, name: 'privorg' },
  ];
  const people = [alice, bob, rita, carol, dave, hermit];

  const repository = (owner: { id: number; name: string }, name: string, isPrivate: boolean): number =>
    insertTestRepository(db, owner, name, { isPrivate });
  const label = (owner: { repoId: number } | { orgId: number }, name: string): number =>
    insertLabel(db, owner, { name, description: '', color: 'ee0701', exclusive: false, archived: false }).id;
  const milestone = (repoId: number, name: string): number =>
    insertMilestone(db, { repoId, name, content: '', deadlineUnix: 0, closed: false }).id;

  let numericMilestone = 0;
  let soloMilestone = 0;
  let priorityRepo = 0;
  const start = 1_700_000_000;
  db.transaction(() => {
    for (const orgId of [pubOrg, limOrg, privOrg]) label({ orgId }, 'org-wide');
    const shapes = ['public', 'private', 'no-issues', 'no-pulls', 'empty', 'missing'] as const;
    for (const owner of owners) {
      for (const shape of shapes) {
        const id = repository(owner, `${shape}-repo`, shape === 'private');
        if (shape === 'no-issues') db.run('UPDATE repository SET has_issues = 0 WHERE id = ?', id);
        if (shape === 'no-pulls') db.run('UPDATE repository SET has_pull_requests = 0 WHERE id = ?', id);
        if (shape === 'missing') db.run('UPDATE repository SET is_missing = 1 WHERE id = ?', id);
        if (owner.id === bob && shape === 'public') priorityRepo = id;
        const labels = [label({ repoId: id }, 'bug'), label({ repoId: id }, 'feature')];
        const milestones = [milestone(id, 'v1'), milestone(id, 'v1'), milestone(id, 'v2')];
        if (shape === 'empty') {
          // names that only a repository without issues holds
          label({ repoId: id }, `lonely-${owner.name}`);
          milestone(id, `lonely-${owner.name}`);
          continue;
        }
        if (owner.id === alice && shape === 'public') numericMilestone = milestone(id, '7');
        for (let i = 0; i < 9; i++) {
          const isPull = random(3) === 0;
          const issue = insertIssue(db, {
            repoId: id,
            posterId: people[random(people.length)]!,
            title: `${random(2) === 0 ? 'Fix' : 'Add'} ${owner.name} ${shape} ${i}`,
            content: random(4) === 0 ? 'needs a fix soon' : '',
            isPull,
            isClosed: random(4) === 0,
            milestoneId: random(3) === 0 ? null : milestones[random(milestones.length)]!,
            labelIds: labels.filter(() => random(2) === 0),
            assigneeIds: people.filter(() => random(5) === 0),
            // creation times out of the order of numbers (imports), with ties
            created: start + random(40) * 60,
          });
          db.run(
            'UPDATE issue SET updated = ?, num_comments = ? WHERE id = ?',
            start + random(90) * 60,
            random(4),
            issue.id,
          );
          for (const uid of people.filter(() => random(6) === 0)) {
            db.run('INSERT INTO issue_user (issue_id, uid, is_mentioned) VALUES (?, ?, 1)', issue.id, uid);
          }
          if (isPull && random(2) === 0) {
            db.run(
              'INSERT INTO review (type, issue_id, reviewer_id, created, updated) VALUES (4, ?, ?, ?, ?)',
              issue.id,
              people[random(people.length)]!,
              start,
              start,
            );
          }
          if (owner.id >= pubOrg && random(3) === 0) {
            const orgLabel = db.get<{ id: number }>('SELECT id FROM label WHERE org_id = ?', owner.id)!.id;
            db.run('INSERT INTO issue_label (issue_id, label_id) VALUES (?, ?)', issue.id, orgLabel);
          }
        }
      }
    }
    // one repository only, and one holding issues beside one without (issues created out of number order)
    const soloRepo = repository({ id: solo, name: 'solo' }, 'only', false);
    soloMilestone = milestone(soloRepo, 'm');
    const duoRepo = repository({ id: duo, name: 'duo' }, 'issues', false);
    repository({ id: duo, name: 'duo' }, 'quiet', false);
    for (const repoId of [soloRepo, duoRepo]) {
      for (let i = 0; i < 6; i++) {
        insertIssue(db, {
          repoId,
          posterId: alice,
          title: `Out of order ${i}`,
          milestoneId: repoId === soloRepo && i % 2 === 0 ? soloMilestone : null,
          created: start - i * 60,
        });
      }
    }
    // collaborations, one of them of a restricted user
    const repoId = (owner: string, name: string): number =>
      db.get<{ id: number }>(
        'SELECT id FROM repository WHERE owner_name = ? AND lower_name = ?',
        owner,
        name,
      )!.id;
    upsertCollaboration(db, repoId('alice', 'private-repo'), bob, 'read');
    upsertCollaboration(db, repoId('alice', 'public-repo'), rita, 'read');
    upsertCollaboration(db, repoId('hermit', 'private-repo'), rita, 'write');
    upsertCollaboration(db, repoId('hermit', 'public-repo'), carol, 'read');
    // teams: one reading issues only (not pulls), one with pulls only, an owners team
    const team = (orgId: number, name: string, authorize: 'read' | 'write' | 'owner', all: boolean) => {
      const id = insertTeam(db, {
        orgId,
        name,
        description: '',
        authorize,
        includesAllRepositories: all,
        canCreateOrgRepo: false,
      });
      return { id, org_id: orgId };
    };
    const issuesOnly = team(limOrg, 'issues-only', 'read', false);
    replaceTeamUnits(db, issuesOnly, [
      { unit: 'repo.code', access_mode: 'read' },
      { unit: 'repo.issues', access_mode: 'read' },
    ]);
    insertTeamRepo(db, issuesOnly, repoId('limorg', 'private-repo'));
    insertTeamRepo(db, issuesOnly, repoId('limorg', 'public-repo'));
    insertTeamUser(db, issuesOnly, carol);
    insertOrgUser(db, limOrg, carol);
    const pullsOnly = team(privOrg, 'pulls-only', 'write', true);
    replaceTeamUnits(db, pullsOnly, [{ unit: 'repo.pulls', access_mode: 'write' }]);
    insertTeamUser(db, pullsOnly, rita);
    insertOrgUser(db, privOrg, rita);
    const owners_ = team(pubOrg, 'Owners', 'owner', true);
    insertTeamUser(db, owners_, dave);
    insertOrgUser(db, pubOrg, dave);
  });

  const queries = (): IssueSearchQuery[] => {
    const base: IssueSearchQuery[] = [
      {},
      { type: 'issues' },
      { type: 'pulls' },
      { labels: 'bug' },
      { labels: 'org-wide' },
      { labels: 'bug,org-wide', type: 'pulls' },
      { labels: 'lonely-alice' },
      { labels: 'lonely-privorg' },
      { labels: 'nowhere' },
      { labels: 'nowhere,feature' },
      { milestones: 'v1' },
      { milestones: 'v2,lonely-bob', type: 'issues' },
      { milestones: 'lonely-hermit' },
      { milestones: `7,${numericMilestone}` },
      { owner: 'solo', milestones: `${soloMilestone}` },
      { owner: 'solo', milestones: 'm,9999' },
      { owner: 'solo', sort: 'oldest' },
      { owner: 'duo', sort: 'newest' },
      { owner: 'duo', sort: 'oldest' },
      { owner: 'duo', milestones: `${soloMilestone}` },
      { q: 'fix' },
      { q: 'Fix hermit', sort: 'newest' },
      { owner: 'alice' },
      { owner: 'hermit', type: 'pulls' },
      { owner: 'limorg', team: 'issues-only' },
      { owner: 'privorg', team: 'pulls-only', type: 'pulls' },
      { owner: 'privorg', labels: 'org-wide' },
      { created: true },
      { assigned: true, type: 'issues' },
      { mentioned: true },
      { review_requested: true },
      { created_by: 'bob' },
      { since: new Date((start + 30 * 60) * 1000).toISOString() },
      { before: new Date((start + 60 * 60) * 1000).toISOString(), sort: 'leastupdate' },
      { sort: 'mostcomment' },
      { sort: 'oldest' },
      { sort: 'newest', type: 'pulls' },
      { priority_repo_id: priorityRepo },
      { owner: 'nobody' },
      { team: 'issues-only' },
      { owner: 'limorg', team: 'nobody' },
      { created_by: 'nobody' },
    ];
    return base.flatMap((query) => [
      { ...query, state: 'all' },
      { ...query, state: query.state ?? 'open' },
      ...(random(3) === 0 ? [{ ...query, state: 'closed' }] : []),
    ]);
  };

  const outcome = (fn: () => IssueFilter): IssueFilter | string => {
    try {
      return fn();
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('every viewer, filter and page: the same items, order and total', () => {
    const viewers: Viewer[] = [
      null,
      ...['alice', 'bob', 'rita', 'carol', 'dave', 'hermit', 'root'].map((name) => findUserByName(db, name)!),
    ];
    assert.equal(findUserById(db, rita)?.restricted, true);
    let compared = 0;
    let nonEmpty = 0;
    for (const viewer of viewers) {
      for (const query of queries()) {
        const label = `${viewer?.name ?? 'anonymous'} ${JSON.stringify(query)}`;
        const expected = outcome(() => modelFilter(db, viewer, query));
        const answer = outcome(() => searchIssueFilter(db, viewer, query));
        if (typeof expected === 'string' || typeof answer === 'string') {
          assert.equal(answer, expected, label);
          continue;
        }
        const all = listIssues(db, expected, { page: 1, limit: 1_000, offset: 0 });
        const lastPage = Math.max(1, Math.ceil(all.total / 4));
        for (const page of [...new Set([1, 2, lastPage, lastPage + 1])]) {
          const paging = { page, limit: 4, offset: (page - 1) * 4 };
          const want = listIssues(db, expected, paging);
          const got = listIssues(db, answer, paging);
          assert.equal(got.total, want.total, `total of ${label} page ${page}`);
          assert.deepEqual(
            got.rows.map((row) => row.id),
            want.rows.map((row) => row.id),
            `${label} page ${page}`,
          );
          compared++;
        }
        if (all.total > 0) nonEmpty++;
      }
    }
    // the world answers most searches with something, so that equal answers are not all empty
    assert.ok(compared > 1_000, `compared ${compared}`);
    assert.ok(nonEmpty > 300, `non-empty ${nonEmpty}`);
  });
});
