import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerCapabilities } from '../../../src/api/capabilities';
import { defaultApiLimits } from '../../../src/api/serverProfile';
import { reviewersShortfall } from '../../../src/extension/webviews/createPullModel';
import { composePullBody, titleWithDraft } from '../../../src/webview/createPullProtocol';
import {
  defaultBase,
  discoverTemplates,
  draftFromCommits,
  parseCommitLog,
  pullRequestProblem,
  templateLabel,
  titleFromBranch,
  type Listing,
} from '../../../src/extension/workspace/pullRequestDraft';

test('a branch name becomes a title: last part, no issue number, words, capital first letter', () => {
  assert.equal(titleFromBranch('alice/12-fix-login'), 'Fix login');
  assert.equal(titleFromBranch('fix_the-cache.size'), 'Fix the cache size');
  assert.equal(titleFromBranch('feature/Dark-mode'), 'Dark mode');
  assert.equal(titleFromBranch('topic'), 'Topic');
  // nothing but a number: the branch name itself rather than an empty title
  assert.equal(titleFromBranch('bob/42'), 'bob/42');
  assert.equal(titleFromBranch('release-2024'), 'Release 2024');
});

test('one commit ahead gives its subject and body; several give the branch name', () => {
  assert.deepEqual(draftFromCommits('alice/3-x', [{ subject: 'Fix the login', body: 'Because.' }]), {
    title: 'Fix the login',
    commitBody: 'Because.',
  });
  assert.deepEqual(
    draftFromCommits('alice/3-make-it-fast', [
      { subject: 'One', body: '' },
      { subject: 'Two', body: '' },
    ]),
    { title: 'Make it fast', commitBody: '' },
  );
  assert.deepEqual(draftFromCommits('topic', []), { title: 'Topic', commitBody: '' });
});

test('git log records split into subject and body', () => {
  const log = 'First\x1fbody line 1\nbody line 2\n\x1e\nSecond\x1f\x1e\n';
  assert.deepEqual(parseCommitLog(log), [
    { subject: 'First', body: 'body line 1\nbody line 2' },
    { subject: 'Second', body: '' },
  ]);
  assert.deepEqual(parseCommitLog(''), []);
});

function tree(entries: Record<string, Listing>) {
  const asked: string[] = [];
  const list = (folder: string) => {
    asked.push(folder);
    return Promise.resolve(entries[folder]);
  };
  return { list, asked };
}

test('templates are found in .gitea, then .github, then the root; template folders after the single file', async () => {
  const { list } = tree({
    '': { files: ['README.md', 'pull_request_template.md'], folders: ['.gitea', '.github', 'src'] },
    '.gitea': {
      files: ['pull_request_template.md', 'PULL_REQUEST_TEMPLATE.md'],
      folders: ['PULL_REQUEST_TEMPLATE'],
    },
    '.gitea/PULL_REQUEST_TEMPLATE': { files: ['feature.md', 'bug.md', 'notes.txt'], folders: [] },
    '.github': { files: ['PULL_REQUEST_TEMPLATE.md'], folders: [] },
  });
  assert.deepEqual(await discoverTemplates(list), [
    '.gitea/PULL_REQUEST_TEMPLATE.md',
    '.gitea/pull_request_template.md',
    '.gitea/PULL_REQUEST_TEMPLATE/bug.md',
    '.gitea/PULL_REQUEST_TEMPLATE/feature.md',
    '.github/PULL_REQUEST_TEMPLATE.md',
    'pull_request_template.md',
  ]);
});

test('no template folders: nothing found, and only the three places are asked', async () => {
  const { list, asked } = tree({ '': { files: ['README.md'], folders: ['docs'] } });
  assert.deepEqual(await discoverTemplates(list), []);
  assert.deepEqual(asked, ['.gitea', '.github', '']);
});

test('template labels, bodies and draft titles', () => {
  assert.equal(templateLabel('.gitea/PULL_REQUEST_TEMPLATE/bug.md'), 'bug');
  assert.equal(templateLabel('.github/pull_request_template.md'), '.github/pull_request_template.md');
  assert.equal(
    composePullBody('Because.', '## Checklist\n', 'Fixes #4'),
    'Because.\n\n## Checklist\n\nFixes #4',
  );
  assert.equal(composePullBody('', '', 'Fixes #4'), 'Fixes #4');
  assert.equal(titleWithDraft('Fix login', true, 'WIP:'), 'WIP: Fix login');
  assert.equal(titleWithDraft('wip: Fix login', true, 'WIP:'), 'WIP: Fix login');
  assert.equal(titleWithDraft('WIP: Fix login', false, 'WIP:'), 'Fix login');
});

test('a pull request into its own branch or without commits is refused', () => {
  assert.equal(pullRequestProblem('main', 'main', 3), 'same branch');
  assert.equal(pullRequestProblem('topic', 'main', 0), 'no commits');
  assert.equal(pullRequestProblem('topic', 'main', 1), undefined);
  // unknown (no working copy): the server decides
  assert.equal(pullRequestProblem('topic', 'main', undefined), undefined);
});

test('the base is the default branch, unless a locally hosted folder reports its own checkout', () => {
  const branches = ['main', 'topic', 'feature-1'];
  assert.equal(defaultBase('topic', 'main', branches, true), 'main');
  assert.equal(defaultBase('topic', 'develop', [...branches, 'develop'], true), 'develop');
  // the local server hosting the folder reports HEAD as its default branch
  assert.equal(defaultBase('topic', 'topic', branches, false), 'main');
  assert.equal(defaultBase('main', 'gone', branches, false), 'main');
  assert.equal(defaultBase('topic', 'feature-1', branches, false), 'feature-1');
  assert.equal(defaultBase('topic', 'topic', ['topic', 'other'], false), 'topic');
});

test('reviewers are asked only where the server has requested_reviewers (Gitea ≥ 1.14)', () => {
  const gitea = (version: string) =>
    new ServerCapabilities({
      kind: 'gitea',
      version,
      giteaVersion: version,
      limits: defaultApiLimits,
      limitsFromServer: false,
      readAt: '',
    });
  assert.equal(reviewersShortfall(gitea('1.13.4')), 'needs Gitea ≥ 1.14');
  assert.equal(reviewersShortfall(gitea('1.14.1')), undefined);
  assert.equal(reviewersShortfall(new ServerCapabilities(undefined)), undefined);
});
