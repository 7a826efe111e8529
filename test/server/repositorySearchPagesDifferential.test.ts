import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { pageOfVisible, pageOfVisibleRepositories } from '../../src/server/services/repositoryVisibility';
import { upsertCollaboration } from '../../src/server/store/collaborations';
import { findRepositories, type RepositoryFilter } from '../../src/server/store/repositorySearch';
import { findUserByName, insertUser } from '../../src/server/store/users';
import { insertTestRepository, openTestStore } from './storeFixture';

/**
 * Search pages and totals counted and sorted in the database (pageOfVisibleRepositories: index candidates,
 * visibility in SQL, one pass keeping the order columns) against the plain way: every match loaded,
 * filtered through canSeeRepo and sliced (pageOfVisible), for viewers who see all, some or little.
 */
describe('repository search pages against loading every match', () => {
  const db = openTestStore('teahouse-search-pages-');
  after(() => db.close());

  const user = (
    name: string,
    extra: { isAdmin?: boolean; restricted?: boolean; visibility?: 'public' | 'limited' | 'private' } = {},
  ) => insertUser(db, { name, email: `${name}@example.com`, passwdHash: '', salt: '', ...extra });
  const alice = user('alice');
  const bob = user('bob');
  const hermit = user('hermit', { visibility: 'private' });
  const rita = user('rita', { restricted: true });
  user('root', { isAdmin: true });
  const owners = [
    { id: alice, name: 'alice' },
    { id: bob, name: 'bob' },
    { id: hermit, name: 'hermit' },
  ];
  db.transaction(() => {
    for (let i = 0; i < 600; i++) {
      const owner = owners[i % 3]!;
      const id = insertTestRepository(
        db,
        { id: owner.id, name: owner.name },
        `${i % 7 === 0 ? 'Project' : 'project'}-${String(i).padStart(4, '0')}`,
        { description: `repository ${i}`, isPrivate: i % 4 === 0, size: i % 11 },
      );
      db.run('UPDATE repository SET num_stars = ?, created = ? WHERE id = ?', i % 5, 1_000 + (i % 13), id);
      if (i % 8 === 0 && owner.id === alice) upsertCollaboration(db, id, bob, 'read');
      // a restricted user sees only what they were given, public or not
      if (i % 5 === 0) upsertCollaboration(db, id, rita, 'read');
    }
  });

  test('every viewer, keyword, order and page: the same rows and total', () => {
    const viewers = [
      null,
      ...['alice', 'bob', 'hermit', 'rita', 'root'].map((name) => findUserByName(db, name)!),
    ];
    const filters: RepositoryFilter[] = [];
    for (const keywords of [['12'], ['1'], ['12', '3'], ['project-01'], ['zz'], ['ce/pro']]) {
      filters.push({ keywords, sort: 'alpha', order: 'asc' });
      filters.push({ keywords, sort: 'alpha', order: 'desc', priorityOwnerId: bob });
      filters.push({ keywords, sort: 'stars', order: 'desc' });
      filters.push({ keywords, sort: 'created', order: 'asc', priorityOwnerId: hermit });
      filters.push({ keywords, sort: 'size', order: 'asc', isPrivate: false });
    }
    for (const viewer of viewers) {
      for (const filter of filters) {
        const all = pageOfVisible(db, viewer, findRepositories(db, filter), {
          page: 1,
          limit: 1_000,
          offset: 0,
        });
        const lastPage = Math.max(1, Math.ceil(all.total / 10));
        for (const page of [1, 2, lastPage, lastPage + 1]) {
          const paging = { page, limit: 10, offset: (page - 1) * 10 };
          const expected = pageOfVisible(db, viewer, findRepositories(db, filter), paging);
          const answer = pageOfVisibleRepositories(db, viewer, filter, paging);
          const label = `${viewer?.name ?? 'anonymous'} ${JSON.stringify(filter)} page ${page}`;
          assert.equal(answer.total, expected.total, label);
          assert.deepEqual(
            answer.items.map((row) => row.id),
            expected.items.map((row) => row.id),
            label,
          );
        }
      }
    }
  });
});
