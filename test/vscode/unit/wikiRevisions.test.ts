import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { WikiCommitList } from '../../../src/api/types';
import { readWikiPageAt, wikiCloneUrl } from '../../../src/extension/wiki/wikiGit';
import { parseRevisionPage } from '../../../src/extension/wiki/wikiRevisions';

interface Recorded {
  readonly answers: readonly { method: string; path: string; body: unknown }[];
}

function recorded(pathName: string): WikiCommitList {
  const file = path.join(import.meta.dirname, '../../fixtures/gitea-1.22-answers.json');
  const { answers } = JSON.parse(readFileSync(file, 'utf8')) as Recorded;
  const answer = answers.find((entry) => entry.method === 'GET' && entry.path === pathName);
  if (!answer) throw new Error(`no recorded answer for ${pathName}`);
  return answer.body as WikiCommitList;
}

test("Gitea 1.22's revisions of a page read newest first, with Gitea's `commiter` spelling", () => {
  const page = parseRevisionPage(recorded('/repos/root/rec-1128165022/wiki/revisions/Home'), 0);
  assert.equal(page.total, 3);
  assert.equal(page.hasMore, false);
  assert.deepEqual(
    page.revisions.map((revision) => revision.summary),
    ['Rename back to Home', 'Link setup guide', 'Create Home'],
  );
  assert.deepEqual(page.revisions[1], {
    sha: '4955303bb4d062d73217baf97162b74af00e224a',
    shortSha: '4955303bb4',
    summary: 'Link setup guide',
    author: 'root',
    date: '2026-11-28T16:50:30Z',
  });
});

test('more revisions follow while the count exceeds what was read; an empty page ends the list', () => {
  const commit = recorded('/repos/root/rec-1128165022/wiki/revisions/Home').commits[0];
  assert.ok(commit);
  const fifty = Array.from({ length: 50 }, () => commit);
  assert.equal(parseRevisionPage({ commits: fifty, count: 120 }, 0).hasMore, true);
  assert.equal(parseRevisionPage({ commits: fifty, count: 120 }, 50).hasMore, true);
  assert.equal(parseRevisionPage({ commits: fifty.slice(0, 20), count: 120 }, 100).hasMore, false);
  assert.equal(parseRevisionPage({ commits: [], count: 120 }, 100).hasMore, false);
});

test("the wiki's git repository sits beside the repository's clone URL", () => {
  assert.equal(wikiCloneUrl('https://h.example/alice/notes.git'), 'https://h.example/alice/notes.wiki.git');
  assert.equal(wikiCloneUrl('https://h.example/alice/notes'), 'https://h.example/alice/notes.wiki.git');
});

test('a page at a revision is read from a fetched copy of the wiki, once', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'wiki-git-'));
  try {
    const git = (cwd: string, ...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@x', ...args], {
        cwd,
        encoding: 'utf8',
      }).trim();
    const work = path.join(root, 'work');
    execFileSync('git', ['init', '--quiet', '-b', 'main', work]);
    const write = (text: string, message: string): string => {
      execFileSync('sh', ['-c', `printf '%s' "$1" > "Setup-Guide.md"`, 'sh', text], { cwd: work });
      git(work, 'add', '.');
      git(work, 'commit', '--quiet', '-m', message);
      return git(work, 'rev-parse', 'HEAD');
    };
    const first = write('old text', 'Add Setup Guide');
    const second = write('new text', 'Update Setup Guide');
    execFileSync('git', ['clone', '--bare', '--quiet', work, path.join(root, 'notes.wiki.git')]);
    const source = {
      cloneUrl: path.join(root, 'notes.git'),
      token: 'unused',
      gitPath: 'git',
      cacheRoot: path.join(root, 'cache'),
    };
    // Gitea (≥ 1.20) names the file of "Setup Guide" Setup-Guide.md
    const text = async (sha: string): Promise<string> =>
      Buffer.from(await readWikiPageAt(source, 'Setup-Guide', sha)).toString('utf8');
    assert.equal(await text(first), 'old text');
    assert.equal(await text(second), 'new text');
    // the copy holds the commits now: the wiki's remote can go and an old revision still reads
    rmSync(path.join(root, 'notes.wiki.git'), { recursive: true });
    assert.equal(await text(first), 'old text');
    await assert.rejects(readWikiPageAt(source, 'Setup-Guide', 'HEAD'), /not a commit id/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
