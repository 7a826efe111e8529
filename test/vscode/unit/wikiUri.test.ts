import assert from 'node:assert/strict';
import { test } from 'node:test';
import { webPathOf } from '../../../src/extension/wiki/wikiPages';
import { parseWikiUri, wikiAuthority, wikiUriParts } from '../../../src/extension/wiki/wikiUri';

const local = { authority: 'local', owner: 'alice', repo: 'notes' } as const;

test('a page title becomes the last segment of the path, with .md so VS Code opens it as markdown', () => {
  const parts = wikiUriParts({ ...local, title: 'Setup Guide' });
  assert.deepEqual(parts, { authority: 'local', path: '/alice/notes/Setup Guide.md', query: '' });
  assert.deepEqual(parseWikiUri(parts), { ...local, title: 'Setup Guide' });
});

test('titles with slashes, percent signs and non-ASCII letters read back as they were', () => {
  for (const title of ['docs/Install', '100% done', 'Über uns', 'a%2Fb', 'Rückblick 2026/Q1']) {
    const parts = wikiUriParts({ ...local, title });
    assert.equal(parts.path.split('/').length, 4, `${title} stays one segment`);
    assert.equal(parseWikiUri(parts)?.title, title);
  }
});

test('a revision travels in the query and comes back; a malformed one is not a page', () => {
  const sha = '4955303bb4d062d73217baf97162b74af00e224a';
  const parts = wikiUriParts({ ...local, title: 'Home', revision: sha });
  assert.equal(parts.query, `rev=${sha}`);
  assert.equal(parseWikiUri(parts)?.revision, sha);
  assert.equal(parseWikiUri({ ...parts, query: 'rev=HEAD~1' }), undefined);
  assert.equal(parseWikiUri({ ...parts, query: 'rev=;rm' }), undefined);
});

test('folders and stray paths are not pages', () => {
  for (const path of ['/', '/alice', '/alice/notes', '/alice/notes/Home', '/alice/notes/.md', '/a/b/c/d.md'])
    assert.equal(parseWikiUri({ authority: 'local', path, query: '' }), undefined, path);
});

test('the local account keeps its name as authority; a remote account gets a stable host-safe digest', () => {
  assert.equal(wikiAuthority('local'), 'local');
  const one = wikiAuthority('https://gitea.example.com/#alice');
  assert.match(one, /^a[0-9a-f]{16}$/);
  assert.equal(wikiAuthority('https://gitea.example.com/#alice'), one);
  assert.notEqual(wikiAuthority('https://gitea.example.com/#bob'), one);
});

test("a title maps to the page name Gitea's API takes (its web path)", () => {
  // as the recorded Gitea 1.22 names them: "Setup Guide" is /wiki/page/Setup-Guide
  assert.equal(webPathOf('Setup Guide'), 'Setup-Guide');
  assert.equal(webPathOf('Home'), 'Home');
  assert.equal(webPathOf('Pre-release notes'), 'Pre-release+notes.-');
});
