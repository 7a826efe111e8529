import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { findRepositories, type RepositoryFilter } from '../../src/server/store/repositorySearch';
import { insertUser } from '../../src/server/store/users';
import { insertTestRepository, openTestStore } from './storeFixture';

interface Repo {
  owner: string;
  name: string;
  description: string;
  topics: string[];
}

// SQLite's lower() and LIKE fold ASCII letters only; the stored lower_name is lower-cased by JavaScript.
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const like = (text: string, keyword: string): boolean => asciiLower(text).includes(asciiLower(keyword));

/** The substring semantics the scan had, written out: the indexed search must answer exactly this. */
function expected(
  repos: readonly Repo[],
  keywordList: readonly string[],
  includeDescription: boolean,
): string[] {
  const keywords = keywordList.map((k) => k.trim().toLowerCase()).filter((k) => k !== '');
  return repos
    .filter((repo) =>
      keywords.some((keyword) => {
        const name = repo.name.toLowerCase();
        if (like(name, keyword) || repo.topics.some((topic) => like(topic, keyword))) return true;
        const slash = keyword.split('/');
        if (slash.length === 2 && like(repo.owner, slash[0]!) && like(name, slash[1]!)) return true;
        return includeDescription && like(repo.description, keyword);
      }),
    )
    .map((repo) => `${repo.owner}/${repo.name}`)
    .sort();
}

describe('repository search indexes against the substring semantics', () => {
  const db = openTestStore('teahouse-search-index-');
  after(() => db.close());

  const owners = ['Zoë', 'ab', 'Mixed-Case'];
  const ownerIds = owners.map((name) =>
    insertUser(db, { name, email: `${name}@example.com`, passwdHash: '', salt: '' }),
  );
  const nameParts = [
    'a',
    'Ab',
    'été',
    'ÉCOLE',
    'x_y',
    '50%',
    'q"t',
    'ſ',
    'İx',
    '日本語',
    'or',
    'NEAR',
    '12',
    '-',
  ];
  const repos: Repo[] = [];
  for (let i = 0; i < 300; i++) {
    const owner = i % 3;
    const part = (k: number): string => nameParts[(i * 7 + k * 3) % nameParts.length]!;
    const repo: Repo = {
      owner: owners[owner]!,
      name: `${part(0)}${i % 4 === 0 ? '' : part(1)}${i % 5 === 0 ? String(i) : ''}`,
      description: i % 2 === 0 ? `${part(2)} ${part(3)} Desc ${i}` : '',
      topics: i % 6 === 0 ? [`t-${part(4).toLowerCase()}`, 'go'] : [],
    };
    if (repos.some((r) => r.owner === repo.owner && r.name.toLowerCase() === repo.name.toLowerCase()))
      repo.name = `${repo.name}~${i}`;
    const id = insertTestRepository(db, { id: ownerIds[owner]!, name: repo.owner }, repo.name, {
      description: repo.description,
    });
    db.run('UPDATE repository SET topics = ? WHERE id = ?', JSON.stringify(repo.topics), id);
    repos.push(repo);
  }

  const keywords = [
    ...nameParts,
    ...nameParts.map((part) => part.toUpperCase()),
    'é',
    'co',
    'éc',
    'cole',
    't-',
    'go',
    '%',
    '_',
    '"',
    'q"',
    '1',
    '10',
    '120',
    'desc 1',
    'zoë/a',
    'ZOË/',
    'ab/',
    'mixed-case/é',
    'mix/ab',
    '/ab',
    'a/b/c',
    '*',
    'a OR b',
    'NEAR(a',
  ];
  const found = (filter: RepositoryFilter): string[] =>
    findRepositories(db, filter)
      .map((row) => `${row.owner_name}/${row.name}`)
      .sort();

  test('every keyword, alone and with includeDesc, answers what the scan answered', () => {
    assert.ok(repos.length > 200);
    for (const keyword of keywords) {
      for (const includeDescription of [false, true]) {
        assert.deepEqual(
          found({ keywords: [keyword], includeDescription }),
          expected(repos, [keyword], includeDescription),
          `${JSON.stringify(keyword)} includeDesc=${includeDescription}`,
        );
      }
    }
  });

  test('several keywords together, and after renames and deletions', () => {
    assert.deepEqual(found({ keywords: ['12', 'cole', 'zz'] }), expected(repos, ['12', 'cole', 'zz'], false));
    db.run(
      "UPDATE repository SET name = 'Renamed' || id, lower_name = 'renamed' || id WHERE lower_name LIKE '%école%'",
    );
    db.run("DELETE FROM repository WHERE lower_name LIKE '%été%'");
    const renamed = (repo: Repo): boolean => repo.name.toLowerCase().includes('école');
    const remaining = repos.filter((repo) => !repo.name.toLowerCase().includes('été'));
    for (const keyword of ['été', 'ét', 'école', 'co', 'ren', 're', 'e']) {
      const expectedNames = expected(
        remaining.filter((repo) => !renamed(repo)),
        [keyword],
        false,
      );
      const renamedFound = found({ keywords: [keyword] }).filter((name) => /\/renamed\d+$/i.test(name));
      assert.deepEqual(
        found({ keywords: [keyword] }).filter((name) => !/\/renamed\d+$/i.test(name)),
        expectedNames,
        keyword,
      );
      const renamedCount = remaining.filter(renamed).length;
      assert.equal(renamedFound.length, 'renamed'.includes(keyword) ? renamedCount : 0, keyword);
    }
    assert.deepEqual(
      db.all("INSERT INTO repository_fts (repository_fts) VALUES ('integrity-check')"),
      [],
      'the trigram index agrees with the rows',
    );
  });
});
