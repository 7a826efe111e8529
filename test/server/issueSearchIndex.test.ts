import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { Database } from '../../src/server/store/database';
import { insertIssue } from '../../src/server/store/issues';
import { listIssues } from '../../src/server/store/issuesList';
import { migrate } from '../../src/server/store/migrations';
import { insertRepository } from '../../src/server/store/repositories';
import { insertUser } from '../../src/server/store/users';
import { makeTempDir } from './harness';

// SQLite's lower() and LIKE fold ASCII letters only.
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Issue search by keyword: a small repository is scanned, a large one (over 5,000 issues) reads trigram
 * candidates first; both answer the LIKE semantics (a case-insensitive substring of title or body).
 */
describe('issue search in small and large repositories', () => {
  const dir = makeTempDir('teahouse-issue-search-');
  const db = new Database(path.join(dir, 'teahouse.db'));
  migrate(db);
  after(() => db.close());
  const posterId = insertUser(db, { name: 'is-owner', email: 'is@example.com', passwdHash: '', salt: '' });
  const repo = (name: string): number =>
    insertRepository(db, {
      ownerId: posterId,
      ownerName: 'is-owner',
      name,
      description: '',
      defaultBranch: 'main',
      isPrivate: false,
      isEmpty: true,
      isTemplate: false,
      objectFormatName: 'sha1',
      size: 0,
    });
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
