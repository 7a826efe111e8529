import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { insertIssue } from '../../src/server/store/issues';
import { listIssues, type IssueFilter } from '../../src/server/store/issuesList';
import { insertUser } from '../../src/server/store/users';
import { insertTestRepository, openTestStore } from './storeFixture';

// SQLite's lower() and LIKE fold ASCII letters only, and LIKE reads a text up to its first NUL.
const likeText = (text: string): string => text.split('\0')[0]!.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The issue search's totals and pages read from indexes (migration 59), against the LIKE semantics computed
 * here and against a plain LIKE scan: texts full of the cases where the trigram index is not the LIKE
 * condition (Unicode folding into ASCII, NUL), in one repository and across two, in every order.
 */
describe('issue search totals and pages from the indexes', () => {
  const db = openTestStore('teahouse-issue-count-');
  after(() => db.close());
  const posterId = insertUser(db, { name: 'ic-owner', email: 'ic@example.com', passwdHash: '', salt: '' });
  const repo = (name: string): number => insertTestRepository(db, { id: posterId, name: 'ic-owner' }, name);
  const large = repo('large');
  const other = repo('other');
  // Kelvin sign and dotted capital I fold to ASCII letters in the trigram index, not in lower().
  const alphabet = ['a', 'b', 'A', 'B', '1', '2', ' ', '\u212a', 'k', '\u0130', 'i', 'é', '\0', '%', '_'];
  let seed = 17;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const text = (): string =>
    Array.from({ length: random(13) }, () => alphabet[random(alphabet.length)]!).join('');
  interface Seeded {
    number: number;
    title: string;
    content: string;
    closed: boolean;
  }
  const issues: Seeded[] = [];
  db.transaction(() => {
    // a bunch at the oldest end, so that newest-first walks find none of it near the start
    for (let i = 0; i < 300; i++) {
      const issue = insertIssue(db, { repoId: large, posterId, title: `zz bunch ${i}`, content: '' });
      issues.push({ number: issue.number, title: issue.title, content: '', closed: false });
    }
    for (let i = 0; i < 5_800; i++) {
      const seeded = { title: text(), content: text(), closed: random(3) === 0 };
      const issue = insertIssue(db, { repoId: large, posterId, ...seeded, isClosed: seeded.closed });
      issues.push({ ...seeded, number: issue.number });
      if (i % 10 === 0) insertIssue(db, { repoId: other, posterId, title: seeded.title, content: '' });
    }
  });

  const expected = (keyword: string, isClosed: boolean | undefined, sort: 'newest' | 'oldest'): number[] => {
    const k = likeText(keyword.toLowerCase());
    const numbers = issues
      .filter((i) => isClosed === undefined || i.closed === isClosed)
      .filter((i) => likeText(i.title).includes(k) || likeText(i.content).includes(k))
      .map((i) => i.number);
    return numbers.sort((a, b) => (sort === 'newest' ? b - a : a - b));
  };

  test('totals and pages are the LIKE matches, on every path', () => {
    const keywords = [
      'ab',
      'a1',
      '12',
      'b ',
      'ki',
      'kb',
      'k',
      'ia',
      'aB1',
      'ab1',
      '%_',
      'é',
      'zz',
      'zz b',
      '2 a',
    ];
    for (const keyword of keywords) {
      for (const isClosed of [undefined, false, true]) {
        for (const sort of ['newest', 'oldest'] as const) {
          const all = expected(keyword, isClosed, sort);
          const limit = 7;
          const pages = [1, 3, Math.ceil(all.length / limit), Math.ceil(all.length / limit) + 1];
          for (const page of pages.filter((p) => p >= 1)) {
            const filter: IssueFilter = { repoIds: [large], keyword, isClosed, sort };
            const offset = (page - 1) * limit;
            const answer = listIssues(db, filter, { page, limit, offset });
            const label = `${JSON.stringify(keyword)} closed=${isClosed} ${sort} page ${page}`;
            assert.equal(answer.total, all.length, `total of ${label}`);
            assert.deepEqual(
              answer.rows.map((row) => row.number),
              all.slice(offset, offset + limit),
              label,
            );
          }
        }
      }
    }
  });

  test('across repositories and in every order, the same rows as a LIKE scan', () => {
    const orders: Partial<Record<NonNullable<IssueFilter['sort']>, string>> = {
      newest: 'created DESC, id DESC',
      oldest: 'created ASC, id ASC',
      recentupdate: 'updated DESC, id DESC',
      mostcomment: 'num_comments DESC, id DESC',
      priorityrepo: `(repo_id = ${other}) DESC, created DESC, id DESC`,
    };
    for (const keyword of ['ab', '12', 'b ', 'ki', 'aB1', 'zz']) {
      for (const [sort, order] of Object.entries(orders)) {
        const like = `%${keyword.toLowerCase()}%`;
        const scan = db
          .all<{ id: number }>(
            `SELECT id FROM issue NOT INDEXED WHERE repo_id IN (?, ?) AND is_closed = 0
               AND (lower(title) LIKE ? OR lower(content) LIKE ?) ORDER BY ${order}`,
            large,
            other,
            like,
            like,
          )
          .map((row) => row.id);
        const filter: IssueFilter = {
          repoIds: [large, other],
          keyword,
          isClosed: false,
          sort: sort as IssueFilter['sort'],
          priorityRepoId: other,
        };
        for (const page of [1, 4]) {
          const answer = listIssues(db, filter, { page, limit: 9, offset: (page - 1) * 9 });
          assert.equal(answer.total, scan.length, `${keyword} ${sort}`);
          assert.deepEqual(
            answer.rows.map((row) => row.id),
            scan.slice((page - 1) * 9, page * 9),
            `${keyword} ${sort} page ${page}`,
          );
        }
      }
    }
  });

  test('an edit that makes a text ASCII, or not, moves it in and out of the exact count', () => {
    const before = listIssues(db, { repoIds: [large], keyword: 'qq' }, { page: 1, limit: 5, offset: 0 });
    assert.equal(before.total, 0);
    const retitle = (number: number, column: 'title' | 'content', value: string): void => {
      db.run(`UPDATE issue SET ${column} = ? WHERE repo_id = ? AND number = ?`, value, large, number);
    };
    retitle(1, 'title', 'QQ \u212a');
    retitle(2, 'title', 'x\0qq');
    retitle(3, 'content', 'plain qq');
    for (const keyword of ['qq', 'QQ', 'q']) {
      const after = listIssues(db, { repoIds: [large], keyword }, { page: 1, limit: 5, offset: 0 });
      assert.deepEqual(
        after.rows.map((row) => row.number),
        [3, 1],
        keyword,
      );
      assert.equal(after.total, 2, keyword);
    }
    const kelvin = listIssues(db, { repoIds: [large], keyword: 'q k' }, { page: 1, limit: 5, offset: 0 });
    assert.equal(kelvin.total, 0, 'the Kelvin sign is no k to LIKE');
  });
});

describe('issue search totals when every text is plain ASCII', () => {
  const db = openTestStore('teahouse-issue-ascii-');
  after(() => db.close());
  const posterId = insertUser(db, { name: 'ia-owner', email: 'ia@example.com', passwdHash: '', salt: '' });
  const repoId = insertTestRepository(db, { id: posterId, name: 'ia-owner' }, 'plain');
  const texts: { number: number; title: string; content: string }[] = [];
  db.transaction(() => {
    for (let i = 0; i < 5_200; i++) {
      const title = `Issue ${i}: ${i % 3 === 0 ? 'Crash' : 'slow'}`;
      const content = i % 5 === 0 ? `Body ${i * 7}` : '';
      texts.push({ number: insertIssue(db, { repoId, posterId, title, content }).number, title, content });
    }
  });

  test('no unsure issue: the count and page come from the indexes alone', () => {
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM issue_search_unsure')?.n, 0);
    // 'sh' and 'ow' end titles ("Crash", "slow"): found through the padding of the indexed texts
    for (const keyword of ['12', 'Issue 12', 'dy 1', 'CRASH', 'h', '7:', 'zz', 'sh', 'ow', '0:']) {
      const k = keyword.toLowerCase();
      const numbers = texts
        .filter((t) => t.title.toLowerCase().includes(k) || t.content.toLowerCase().includes(k))
        .map((t) => t.number);
      for (const sort of ['newest', 'oldest'] as const) {
        const matches = numbers.toSorted((a, b) => (sort === 'newest' ? b - a : a - b));
        for (const page of [1, 5, Math.ceil(matches.length / 8) + 1]) {
          const answer = listIssues(
            db,
            { repoIds: [repoId], keyword, sort },
            { page, limit: 8, offset: (page - 1) * 8 },
          );
          assert.equal(answer.total, matches.length, keyword);
          assert.deepEqual(
            answer.rows.map((row) => row.number),
            matches.slice((page - 1) * 8, page * 8),
            `${keyword} ${sort} page ${page}`,
          );
        }
      }
    }
  });
});
