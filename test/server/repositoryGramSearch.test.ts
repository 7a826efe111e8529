import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { canSeeRepo, type Viewer } from '../../src/server/services/permissions';
import { pageOfVisibleRepositories } from '../../src/server/services/repositoryVisibility';
import { type RepositoryRow } from '../../src/server/store/repositories';
import type { RepositoryFilter } from '../../src/server/store/repositorySearch';
import { insertTeam, insertTeamRepo, insertTeamUser } from '../../src/server/store/teams';
import { findUserById, insertUser } from '../../src/server/store/users';
import { insertTestOrganization, insertTestRepository, openTestStore } from './storeFixture';

// SQLite's lower() and LIKE fold ASCII letters only.
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

// The alphabetical order of the search: owner case-insensitively (ASCII), then name, then id.
const alphabetical = (a: RepositoryRow, b: RepositoryRow): number => {
  const owner = asciiLower(a.owner_name).localeCompare(asciiLower(b.owner_name), 'en', {
    sensitivity: 'variant',
  });
  if (a.owner_name.toLowerCase() !== b.owner_name.toLowerCase()) return owner < 0 ? -1 : 1;
  if (a.lower_name !== b.lower_name) return a.lower_name < b.lower_name ? -1 : 1;
  return a.id - b.id;
};

/**
 * Searches by one short keyword counted from the substring table (migration 64: visibility carried in its
 * rows, topics by value, pages walked in name order when matches are dense), against a model that reads
 * every repository, matches names and topic values as the LIKE conditions do and asks canSeeRepo: for
 * viewers who see all, some or little, before and after the writes the table must follow.
 */
describe('repository search by a short keyword, counted from the substring table', () => {
  const db = openTestStore('teahouse-gram-search-');
  after(() => db.close());

  const user = (
    name: string,
    extra: Parameters<typeof insertUser>[1] extends infer U ? Partial<U> : never = {},
  ) => insertUser(db, { name, email: `${name}@example.com`, passwdHash: '', salt: '', ...extra });
  const alice = user('alice');
  const bob = user('Bob');
  const hermit = user('hermit', { visibility: 'private' });
  const rita = user('rita', { restricted: true });
  const member = user('member');
  const root = user('root', { isAdmin: true });
  const organization = (name: string, visibility: 'public' | 'limited' | 'private'): number =>
    insertTestOrganization(db, name, visibility);
  const corp = organization('corp', 'limited');
  const vault = organization('Vault', 'private');
  const team = insertTeam(db, {
    orgId: vault,
    name: 'readers',
    description: '',
    authorize: 'read',
    includesAllRepositories: false,
    canCreateOrgRepo: false,
  });
  insertTeamUser(db, { id: team, org_id: vault }, member);
  insertTeamUser(db, { id: team, org_id: vault }, rita);
  const owners = [
    { id: alice, name: 'alice' },
    { id: bob, name: 'Bob' },
    { id: hermit, name: 'hermit' },
    { id: corp, name: 'corp' },
    { id: vault, name: 'Vault' },
  ];
  const topicSets = ['[]', '["go","web"]', '["x\\"12","1,2"]', '["é-lan"]', '["Tools"]'];
  db.transaction(() => {
    for (let i = 0; i < 700; i++) {
      const owner = owners[i % owners.length]!;
      const id = insertTestRepository(
        db,
        { id: owner.id, name: owner.name },
        `${i % 7 === 0 ? 'Project' : i % 11 === 0 ? 'Café' : 'project'}-${String(i).padStart(4, '0')}`,
        { description: `repository ${i} oo`, isPrivate: i % 4 === 0 },
      );
      if (i % 3 === 0)
        db.run('UPDATE repository SET topics = ? WHERE id = ?', topicSets[i % topicSets.length]!, id);
      if (owner.id === vault && i % 2 === 0) insertTeamRepo(db, { id: team, org_id: vault }, id);
    }
  });

  const viewers: Viewer[] = [
    null,
    ...[alice, bob, hermit, rita, member, root].map((id) => findUserById(db, id)!),
  ];
  const keywords = ['1', '12', 'o', '-0', ' P ', 'é', 'fé', '"1', ',2', 'go', 'zz'];

  const expected = (viewer: Viewer, filter: RepositoryFilter): RepositoryRow[] => {
    const keyword = asciiLower(filter.keywords![0]!.trim().toLowerCase());
    const matches = (repo: RepositoryRow): boolean =>
      asciiLower(repo.lower_name).includes(keyword) ||
      (JSON.parse(repo.topics) as string[]).some((topic) => asciiLower(topic).includes(keyword));
    const rows = db.all<RepositoryRow>('SELECT * FROM repository');
    const found = rows
      .filter((repo) => !repo.is_missing && matches(repo) && canSeeRepo(db, viewer, repo))
      .filter((repo) => filter.isPrivate !== false || !repo.is_private)
      .sort(alphabetical);
    return filter.order === 'desc' ? found.reverse() : found;
  };

  const agree = (moment: string): void => {
    for (const viewer of viewers) {
      for (const keyword of keywords) {
        const filters: RepositoryFilter[] = [
          { keywords: [keyword], sort: 'alpha', order: 'asc' },
          { keywords: [keyword], sort: 'alpha', order: 'desc' },
          { keywords: [keyword], sort: 'alpha', order: 'asc', isPrivate: false },
        ];
        for (const filter of filters) {
          const all = expected(viewer, filter);
          const lastPage = Math.max(1, Math.ceil(all.length / 10));
          for (const [page, limit] of [
            [1, 10],
            [2, 10],
            [lastPage, 10],
            [lastPage + 1, 10],
            [1, 50],
          ] as const) {
            const offset = (page - 1) * limit;
            const answer = pageOfVisibleRepositories(db, viewer, filter, { page, limit, offset });
            const label = `${moment}: ${viewer?.name ?? 'anonymous'} ${JSON.stringify(filter)} page ${page}/${limit}`;
            assert.equal(answer.total, all.length, label);
            assert.deepEqual(
              answer.items.map((row) => `${row.owner_name}/${row.name}`),
              all.slice(offset, offset + limit).map((row) => `${row.owner_name}/${row.name}`),
              label,
            );
          }
        }
      }
    }
  };

  test('every viewer, short keyword, direction and page: the rows and total of the model', () => {
    assert.ok(
      expected(findUserById(db, root)!, { keywords: ['1'] }).length > 200,
      'a dense keyword, whose pages are walked',
    );
    agree('as seeded');
  });

  test('the table follows privacy, absence, renames, topics, transfers and owner visibility', () => {
    const ids = db.all<{ id: number }>('SELECT id FROM repository ORDER BY id').map((row) => row.id);
    db.transaction(() => {
      for (const id of ids.filter((_, i) => i % 9 === 1))
        db.run('UPDATE repository SET is_private = 1 WHERE id = ?', id);
      for (const id of ids.filter((_, i) => i % 12 === 0))
        db.run('UPDATE repository SET is_private = 0 WHERE id = ?', id);
      for (const id of ids.filter((_, i) => i % 13 === 5))
        db.run('UPDATE repository SET is_missing = 1 WHERE id = ?', id);
      for (const id of ids.filter((_, i) => i % 17 === 3)) {
        db.run(
          "UPDATE repository SET lower_name = 'renamed-' || id, name = 'Renamed-' || id WHERE id = ?",
          id,
        );
      }
      for (const id of ids.filter((_, i) => i % 19 === 2)) {
        db.run(
          `UPDATE repository SET topics = '["zz-top","12"]', is_private = 1 - is_private WHERE id = ?`,
          id,
        );
      }
      for (const id of ids.filter((_, i) => i % 23 === 7)) {
        db.run("UPDATE repository SET owner_id = ?, owner_name = 'hermit' WHERE id = ?", hermit, id);
      }
    });
    db.run("UPDATE user SET visibility = 'public' WHERE id = ?", hermit);
    db.run("UPDATE user SET visibility = 'private' WHERE id = ?", corp);
    agree('after the writes');
  });
});
