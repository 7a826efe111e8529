import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { deleteIssueRow, insertIssue, type IssueRow } from '../../src/server/store/issues';
import { listIssues } from '../../src/server/store/issuesList';
import { migrate, migrations } from '../../src/server/store/migrations';
import { deleteRepositoryRow } from '../../src/server/store/repositories';
import { insertUser } from '../../src/server/store/users';
import { insertTestRepository, openTestStore } from './storeFixture';

// SQLite's lower() and LIKE fold ASCII letters only.
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Issue search by keyword: a small repository is scanned, a large one (over 5,000 issues) reads trigram
 * candidates first; both answer the LIKE semantics (a case-insensitive substring of title or body).
 */
describe('issue search in small and large repositories', () => {
  const db = openTestStore('teahouse-issue-search-');
  after(() => db.close());
  const posterId = insertUser(db, { name: 'is-owner', email: 'is@example.com', passwdHash: '', salt: '' });
  const repo = (name: string): number => insertTestRepository(db, { id: posterId, name: 'is-owner' }, name);
  const small = repo('small');
  const large = repo('large');
  const texts: [string, string][] = [
    ['Crash in ÉCOLE module', 'Stack trace: école'],
    ['Quotes "here" and * OR NEAR(a b)', 'body with 100% and under_score'],
    ['日本語のタイトル', 'ſtrange İstanbul'],
    ['plain', 'MiXeD CaSe Body'],
    ['AB', 'ends with Zq'],
    ['x%', 'y_'],
  ];
  const numbers: Record<number, { title: string; content: string; number: number }[]> = {};
  db.transaction(() => {
    for (const repoId of [small, large]) {
      numbers[repoId] = [];
      for (const [title, content] of texts) {
        const issue = insertIssue(db, { repoId, posterId, title, content });
        numbers[repoId]!.push({ title, content, number: issue.number });
      }
    }
    for (let i = 0; i < 5_001; i++)
      insertIssue(db, { repoId: large, posterId, title: `filler ${i}`, content: '' });
  });

  const search = (repoId: number, keyword: string): number[] =>
    listIssues(db, { repoIds: [repoId], keyword }, { page: 1, limit: 50, offset: 0 })
      .rows.map((row) => row.number)
      .filter((n) => n <= texts.length)
      .sort();
  const expected = (repoId: number, keyword: string): number[] => {
    const k = asciiLower(keyword.toLowerCase());
    return numbers[repoId]!.filter(
      (i) => asciiLower(i.title).includes(k) || asciiLower(i.content).includes(k),
    )
      .map((i) => i.number)
      .sort();
  };

  test('both paths answer the substring semantics, whatever the keyword holds', () => {
    const keywords = [
      'crash',
      'CRASH IN',
      'école',
      'ÉCOLE',
      'cole',
      '"here"',
      '"',
      '* OR',
      'NEAR(a',
      '100%',
      '%',
      '_',
      'r_s',
      'under_',
      '日本語',
      '本語',
      'ſtrange',
      'İst',
      'mixed case',
      'e b',
      'no such text',
      // two characters: trigrams that begin with them, or the last two characters of a title or body
      'ab',
      'Ab',
      'zq',
      'ZQ',
      'x%',
      '%',
      'y_',
      'b ',
      'en',
      'ds',
      '"h',
      'r_',
      '(a',
      'ho',
      'Ée',
      'ns',
      'zz',
    ];
    for (const keyword of keywords) {
      assert.deepEqual(search(small, keyword), expected(small, keyword), `small ${keyword}`);
      assert.deepEqual(search(large, keyword), expected(large, keyword), `large ${keyword}`);
    }
    assert.deepEqual(search(large, 'crash'), [1]);
    assert.deepEqual(search(large, 'MIXED'), [4]);
  });

  test('totals count every match, and title and body edits are found at once', () => {
    const filler = listIssues(
      db,
      { repoIds: [large], keyword: 'filler 12' },
      { page: 1, limit: 5, offset: 0 },
    );
    assert.equal(filler.total, 1 + 10 + 100);
    assert.equal(filler.rows.length, 5);
    for (const repoId of [small, large]) {
      db.run(
        "UPDATE issue SET title = 'Renamed kiwi', content = 'new body text' WHERE repo_id = ? AND number = 4",
        repoId,
      );
      assert.deepEqual(search(repoId, 'kiwi'), [4]);
      assert.deepEqual(search(repoId, 'BODY TEXT'), [4]);
      assert.deepEqual(search(repoId, 'mixed case'), []);
      assert.deepEqual(search(repoId, 'plain'), []);
      assert.deepEqual(search(repoId, 'KI'), [4]);
      assert.deepEqual(search(repoId, 'xt'), [4]);
    }
  });
});

/**
 * Migration 63 rebuilds the trigram index keyed by repository and number over the issues an older schema
 * holds; its triggers then follow every edit and deletion (a contentless index forgets a text only when given
 * the text it indexed: the vocabulary empties when every issue is gone).
 */
describe('issue search index keyed by repository and number (migration 63)', () => {
  const db = openTestStore(
    'teahouse-issue-keys-',
    migrations.filter((m) => m.version < 63),
  );
  after(() => db.close());
  const posterId = insertUser(db, { name: 'ik-owner', email: 'ik@example.com', passwdHash: '', salt: '' });
  const repo = (name: string): number => insertTestRepository(db, { id: posterId, name: 'ik-owner' }, name);
  const first = repo('first');
  const second = repo('second');
  const model = new Map<number, { repoId: number; number: number; title: string; content: string }>();
  const add = (repoId: number, title: string, content: string): void => {
    const issue = insertIssue(db, { repoId, posterId, title, content });
    model.set(issue.id, { repoId, number: issue.number, title, content });
  };
  db.transaction(() => {
    add(first, 'ends in 12', '');
    add(first, 'Crème 12 brûlée', 'x');
    add(second, 'other 12', 'Zq');
    for (let i = 0; i < 5_001; i++) {
      add(first, `filler ${i}`, i % 7 === 0 ? 'body Zq' : '');
      if (i % 2 === 0) add(second, `second ${i}`, '');
    }
  });
  migrate(db);

  const expected = (repoId: number, keyword: string): { numbers: number[]; total: number } => {
    const k = keyword.toLowerCase();
    const numbers = [...model.values()]
      .filter((i) => i.repoId === repoId)
      .filter((i) => asciiLower(i.title).includes(k) || asciiLower(i.content).includes(k))
      .map((i) => i.number)
      .sort((a, b) => b - a);
    return { numbers: numbers.slice(0, 20), total: numbers.length };
  };
  const search = (repoId: number, keyword: string): { numbers: number[]; total: number } => {
    const { rows, total } = listIssues(db, { repoIds: [repoId], keyword }, { page: 1, limit: 20, offset: 0 });
    return { numbers: rows.map((row) => row.number), total };
  };
  const keywords = ['12', '2', 'zq', 'ends in', 'brûlée', 'r 4', 'er'];
  const agree = (label: string): void => {
    for (const repoId of [first, second])
      for (const keyword of keywords)
        assert.deepEqual(
          search(repoId, keyword),
          expected(repoId, keyword),
          `${label}: ${keyword} in ${repoId}`,
        );
  };

  test('the issues of the older schema are found, each in its own repository', () => {
    assert.ok(expected(first, '12').total > 20 && expected(second, '12').total > 20);
    agree('after the migration');
  });

  test('edits and deletions move the index with them', () => {
    for (const [id, issue] of [...model].filter(([, i]) => i.title.startsWith('filler 12'))) {
      db.run('UPDATE issue SET title = ?, content = ? WHERE id = ?', 'renamed zq', 'now ends 12', id);
      model.set(id, { ...issue, title: 'renamed zq', content: 'now ends 12' });
    }
    for (const [id, issue] of [...model].filter(([, i]) => i.title.startsWith('second 2'))) {
      deleteIssueRow(db, db.get<IssueRow>('SELECT * FROM issue WHERE id = ?', id)!);
      model.delete(id);
      void issue;
    }
    agree('after edits and deletions');
  });

  test('when every issue is gone, so is every indexed text', () => {
    deleteRepositoryRow(db, first);
    for (const [id, issue] of model) if (issue.repoId === first) model.delete(id);
    agree('after deleting a repository');
    deleteRepositoryRow(db, second);
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM issue')?.n, 0);
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM issue_fts_terms')?.n, 0);
    assert.equal(db.get<{ n: number }>('SELECT count(*) AS n FROM issue_search_unsure')?.n, 0);
  });
});
