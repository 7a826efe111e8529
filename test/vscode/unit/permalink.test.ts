import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { commitState } from '../../../src/extension/editor/commitState';
import {
  encodePath,
  lineFragment,
  permalinkUrl,
  repositoryRelativePath,
  selectedLines,
} from '../../../src/extension/editor/permalink';

const at = (line: number, character: number) => ({ line, character });
const sha = '0123456789abcdef0123456789abcdef01234567';

test('a cursor links its own line; one line is #Ln; several are #La-Lb (1-based)', () => {
  assert.deepEqual(selectedLines({ start: at(4, 2), end: at(4, 2) }), { start: 5, end: 5 });
  assert.deepEqual(selectedLines({ start: at(0, 0), end: at(0, 0) }), { start: 1, end: 1 });
  assert.deepEqual(selectedLines({ start: at(4, 2), end: at(4, 7) }), { start: 5, end: 5 });
  assert.deepEqual(selectedLines({ start: at(1, 0), end: at(2, 3) }), { start: 2, end: 3 });
  assert.equal(lineFragment(undefined), '');
  assert.equal(lineFragment({ start: 5, end: 5 }), '#L5');
  assert.equal(lineFragment({ start: 2, end: 3 }), '#L2-L3');
});

test('a selection ending at column 0 of the next line ends on the line before', () => {
  assert.deepEqual(selectedLines({ start: at(1, 0), end: at(3, 0) }), { start: 2, end: 3 });
  assert.deepEqual(selectedLines({ start: at(1, 0), end: at(2, 0) }), { start: 2, end: 2 });
  // an empty line selected from its end to the next line's start is still that line
  assert.deepEqual(selectedLines({ start: at(1, 4), end: at(2, 0) }), { start: 2, end: 2 });
});

test('path segments are encoded one by one: spaces, #, ?, %, unicode; slashes kept', () => {
  assert.equal(encodePath('src/a b/c#d?.ts'), 'src/a%20b/c%23d%3F.ts');
  assert.equal(encodePath('docs/100%/thé 茶.md'), 'docs/100%25/th%C3%A9%20%E8%8C%B6.md');
});

test('the URL is Gitea’s src/commit shape, under a sub-path server URL too', () => {
  const target = { owner: 'alice', repo: 'tea', sha, path: 'src/main file.ts', lines: { start: 2, end: 3 } };
  assert.equal(
    permalinkUrl({ ...target, serverUrl: 'https://gitea.example.com/' }),
    `https://gitea.example.com/alice/tea/src/commit/${sha}/src/main%20file.ts#L2-L3`,
  );
  assert.equal(
    permalinkUrl({ ...target, serverUrl: 'https://host.example/gitea/', lines: { start: 7, end: 7 } }),
    `https://host.example/gitea/alice/tea/src/commit/${sha}/src/main%20file.ts#L7`,
  );
  assert.equal(
    permalinkUrl({ ...target, serverUrl: 'http://127.0.0.1:3000', owner: 'my org', lines: undefined }),
    `http://127.0.0.1:3000/my%20org/tea/src/commit/${sha}/src/main%20file.ts`,
  );
});

test('the repository-relative path uses / and refuses files outside the root', () => {
  assert.equal(repositoryRelativePath('/w/tea', '/w/tea/src/a.ts', '/'), 'src/a.ts');
  assert.equal(repositoryRelativePath('/w/tea/', '/w/tea/a.ts', '/'), 'a.ts');
  assert.equal(repositoryRelativePath('C:\\w\\tea', 'C:\\w\\tea\\src\\a.ts', '\\'), 'src/a.ts');
  assert.equal(repositoryRelativePath('/w/tea', '/w/teapot/a.ts', '/'), undefined);
  assert.equal(repositoryRelativePath('/w/tea', '/w/tea', '/'), undefined);
});

test('commit state: HEAD, and a file not committed, changed, or HEAD on no branch of the remote', async (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'teahouse-permalink-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=T', '-c', 'user.email=t@t.invalid', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, encoding: 'utf8' },
    ).trim();
  git('init', '--quiet', '--initial-branch', 'main');
  await assert.rejects(commitState('git', root, 'a *.txt', undefined), /has no commit yet/);
  writeFileSync(path.join(root, 'a *.txt'), 'one\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'one');
  const head = git('rev-parse', 'HEAD');

  assert.deepEqual(await commitState('git', root, 'a *.txt', undefined), { sha: head, caveats: [] });
  // no remote-tracking branch holds HEAD yet
  assert.deepEqual((await commitState('git', root, 'a *.txt', 'origin')).caveats, ['notPushed']);
  git('update-ref', 'refs/remotes/origin/main', head);
  assert.deepEqual((await commitState('git', root, 'a *.txt', 'origin')).caveats, []);

  writeFileSync(path.join(root, 'a *.txt'), 'two\n');
  assert.deepEqual((await commitState('git', root, 'a *.txt', 'origin')).caveats, ['uncommitted']);
  writeFileSync(path.join(root, 'new.txt'), 'new\n');
  assert.deepEqual((await commitState('git', root, 'new.txt', 'origin')).caveats, ['notInCommit']);
  // the literal path: `a *.txt` is no pattern matching new.txt's neighbours
  writeFileSync(path.join(root, 'a b.txt'), 'other\n');
  assert.deepEqual((await commitState('git', root, 'a b.txt', undefined)).caveats, ['notInCommit']);

  git('commit', '--quiet', '-am', 'two');
  assert.deepEqual((await commitState('git', root, 'a *.txt', 'origin')).caveats, ['notPushed']);
});
