import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  gitPathToWebPath,
  userTitleToWebPath,
  validateWebPath,
  webPathSegments,
  webPathToGitPath,
  webPathToUserTitle,
} from '../../src/server/services/wiki/wikiPath';

// Expected values are Gitea's own behaviour (services/wiki/wiki_path.go), so wikis pushed by either read alike.

test('a title becomes the web path Gitea gives it', () => {
  const cases: Array<[string, string]> = [
    ['', 'unnamed'],
    ['.', 'unnamed'],
    ['..', 'unnamed'],
    ['wiki name', 'wiki-name'],
    ['title.md', 'title.md.-'],
    ['wiki-name', 'wiki-name.-'],
    ['the wiki-name', 'the+wiki-name.-'],
    ['a/b', 'a%2Fb'],
    ['a%b', 'a%25b'],
    ['Setup Guide', 'Setup-Guide'],
  ];
  for (const [title, webPath] of cases) assert.equal(userTitleToWebPath('', title), webPath, title);
});

test('a web path shows the title Gitea shows', () => {
  const cases: Array<[string, string]> = [
    ['wiki-name', 'wiki name'],
    ['wiki-name.-', 'wiki-name'],
    ['name-with %2F slash', 'name with / slash'],
    ['name-with %25 percent', 'name with % percent'],
    ['2000-01-02+meeting.-.md', '2000-01-02 meeting'],
    ['a%20b.md', 'a b'],
  ];
  for (const [webPath, title] of cases) assert.equal(webPathToUserTitle(webPath).title, title, webPath);
});

test('a web path names the file Gitea writes', () => {
  const cases: Array<[string, string]> = [
    ['wiki%20name', 'wiki-name.md'],
    ['wiki+name', 'wiki-name.md'],
    ['wiki%20name.md', 'wiki name.md'],
    ['wiki%2520name.md', 'wiki%20name.md'],
    ['2000-01-02+meeting', '2000-01-02-meeting.md'],
    ['2000-01-02%20meeting.-', '2000-01-02 meeting.-.md'],
    ['../../etc/passwd.md', 'etc/passwd.md'],
  ];
  for (const [webPath, gitPath] of cases) assert.equal(webPathToGitPath(webPath), gitPath, webPath);
});

test('a file names the page Gitea lists, and other files are not pages', () => {
  const cases: Array<[string, string]> = [
    ['hello-world.md', 'hello-world'],
    ['hello world.md', 'hello-world'],
    ['hello-world.-.md', 'hello-world.-'],
    ['hello world.-.md', 'hello+world.-'],
    ['symbols %2F.md', 'symbols-%2F'],
  ];
  for (const [gitPath, webPath] of cases) assert.equal(gitPathToWebPath(gitPath), webPath, gitPath);
  assert.equal(gitPathToWebPath('nofileextension'), undefined);
  assert.equal(gitPathToWebPath('wrongfileextension.txt'), undefined);
  assert.equal(gitPathToWebPath('badescaping%%.md'), undefined);
});

test('segments unescape and reserved names are refused', () => {
  assert.deepEqual(webPathSegments('a%2Fa/b+c/d-e/f-g.-'), ['a/a', 'b c', 'd e', 'f-g']);
  assert.throws(() => validateWebPath('_pages'), /wiki title is reserved: _pages/);
  assert.throws(() => validateWebPath('dir/raw'), /wiki title is reserved: raw/);
  assert.doesNotThrow(() => validateWebPath('Home'));
});
