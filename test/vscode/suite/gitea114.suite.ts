/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { Account } from '../../../src/extension/accounts/account';
import type { NodeOf, TreeNode } from '../../../src/extension/views/nodes';
import { startGitea114Double, type Gitea114Double } from '../../helpers/gitea114Double';
import { children, teahouse, waitFor } from './helpers';
import { doubleWorkspace, groupsOf, type DoubleWorkspace } from './doubleWorkspace';

const run = promisify(execFile);

/** What each group's name promises, for alice on the double (its recorded mentions: #1 and #2). */
const promises: Record<string, (issue: NodeOf<'issue'>['issue']) => boolean> = {
  created: (issue) => issue.author === 'alice',
  assigned: (issue) => issue.assignees.includes('alice'),
  mentioned: (issue) => [1, 2].includes(issue.number),
  all: () => true,
};

async function issuesOf(
  tree: vscode.TreeDataProvider<TreeNode>,
  group: TreeNode,
): Promise<NodeOf<'issue'>[]> {
  const nodes = await children(tree, group);
  assert.ok(!nodes.some((node) => node.kind === 'loadMore'), 'the double has less than a page');
  return nodes.filter((node): node is NodeOf<'issue'> => node.kind === 'issue');
}

/**
 * The extension against a stand-in for a real Gitea 1.14.1 (test/helpers/gitea114Double.ts: its routes,
 * its recorded answers, unknown query parameters ignored as Gitea ignores them), signed in as alice and
 * matched to this workspace through a remote: every group of the Issues and Pull Requests views holds only
 * what its name says, and the pull request view shows commits and files although 1.14 has no
 * `/pulls/{index}/commits` or `/files`.
 */
export function gitea114Suite(): void {
  suite('a Gitea 1.14.1 server', () => {
    let double: Gitea114Double;
    let workspace: DoubleWorkspace | undefined;
    let account: Account;
    let folder: string;

    suiteSetup(async function () {
      this.timeout(60_000);
      double = await startGitea114Double();
      workspace = await doubleWorkspace(
        double.url,
        { owner: 'acme', repo: 'widgets', folder: 'gitea114-widgets' },
        { login: 'alice', token: 'alice-token' },
      );
      ({ account, folder } = workspace);
    });

    suiteTeardown(async () => {
      await workspace?.dispose();
      await double?.close();
    });

    test('the account knows its server: Gitea 1.14.1, its /settings/api limits', () => {
      assert.equal(account.profile?.kind, 'gitea');
      assert.equal(account.profile?.giteaVersion, '1.14.1');
      assert.equal(account.profile?.limits.max_response_items, 50);
    });

    test("the status bar finds the branch's pull request and reads 1.14's empty combined status", async () => {
      // an unborn feature/x is enough: the pull request is found by its head branch's name
      await run('git', ['checkout', '--quiet', '-b', 'feature/x'], { cwd: folder });
      const file = path.join(folder, 'README.md');
      writeFileSync(file, '# widgets\n');
      // the active editor's repository is the current one
      await vscode.window.showTextDocument(vscode.Uri.file(file));
      const api = await teahouse();
      try {
        const shown = await waitFor(async () => {
          await api.pullRequestStatusBar.refresh();
          const state = api.pullRequestStatusBar.state;
          return state.text.includes('#4') ? state : undefined;
        }, 'the status bar to show #4 of acme/widgets');
        // 1.14 answers `state: ""` and `statuses: null` for a commit without statuses: no icon
        assert.match(shown.text, /#4 open$/);
        assert.ok(shown.tooltip.includes('master ← feature/x'), shown.tooltip);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      }
    });

    for (const view of ['issues', 'pullRequests'] as const) {
      test(`${view}: every group of acme/widgets holds only what its name says, and all of it`, async () => {
        const tree = (await teahouse()).trees[view];
        const groups = await groupsOf(tree, account);
        assert.deepEqual(
          groups.map((group) => group.group),
          view === 'pullRequests'
            ? ['assigned', 'created', 'mentioned', 'reviewRequested', 'all']
            : ['assigned', 'created', 'mentioned', 'all'],
        );
        const all = await issuesOf(
          tree,
          groups.find((group) => group.group === 'all')!,
        );
        assert.ok(all.length > 0, 'the double has open items of each kind');
        for (const group of groups) {
          assert.equal(group.unavailable, undefined, `${group.label} is answerable on 1.14`);
          const items = await issuesOf(tree, group);
          // the search's review_requested (1.14): which reviews the double records requested is its own
          if (group.group === 'reviewRequested') {
            assert.ok(items.every(({ issue }) => issue.isPull && issue.state === 'open'));
            continue;
          }
          for (const { issue } of items) {
            assert.equal(
              issue.isPull,
              view === 'pullRequests',
              `#${issue.number}: wrong kind in ${group.label}`,
            );
            assert.equal(issue.state, 'open');
            assert.ok(
              promises[group.group]!(issue),
              `#${issue.number} by ${issue.author} in "${group.label}"`,
            );
          }
          // nothing that belongs is left out
          assert.deepEqual(
            items.map(({ issue }) => issue.number).sort(),
            all
              .map(({ issue }) => issue)
              .filter((issue) => promises[group.group]!(issue))
              .map((issue) => issue.number)
              .sort(),
            group.label,
          );
        }
        if (view === 'issues') {
          // the bug this guards against: 1.14 ignores created_by, so a naive list showed root's issues
          const created = await issuesOf(
            tree,
            groups.find((group) => group.group === 'created')!,
          );
          assert.deepEqual(
            created.map(({ issue }) => issue.number),
            [5],
          );
        }
      });
    }

    test('the pull request view shows the commits and files of #4 from its .patch and .diff', async () => {
      const api = await teahouse();
      await vscode.commands.executeCommand('teahouse.openPullRequest', {
        account: account.id,
        repository: 'acme/widgets',
        index: 4,
      });
      const model = await waitFor(
        () =>
          api.webviews.panels.find(
            (panel) =>
              panel.target.account === account.id && panel.target.index === 4 && panel.model !== undefined,
          )?.model,
        'the view of acme/widgets#4 to load',
        30_000,
      );
      assert.deepEqual(
        model.pull?.commits.map((commit) => commit.message),
        ['Add feature X notes'],
      );
      assert.deepEqual(
        model.pull?.files.map((file) => [file.filename, file.status, file.additions]),
        [['docs/feature-x.md', 'added', 3]],
      );
      assert.ok(
        !double.requests.some((line) => /\/pulls\/4\/(commits|files)/.test(line)),
        'never asked what 1.14 lacks',
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test("the Pull Requests view expands #4 to its commits and Changes, from 1.14's .patch and .diff", async () => {
      const tree = (await teahouse()).trees.pullRequests;
      const all = (await groupsOf(tree, account)).find((node) => node.group === 'all');
      const pull = (await issuesOf(tree, all!)).find(({ issue }) => issue.number === 4);
      assert.ok(pull, '#4 is listed');
      const changes = await children(tree, pull);
      assert.deepEqual(
        changes.map((node) => node.kind),
        ['pullCommits', 'changeFolder'],
      );
      const [commits, docs] = changes;
      const files = await children(tree, docs);
      assert.deepEqual(
        files.map((node) =>
          node.kind === 'changedFile' ? [node.file.filename, node.file.status] : node.kind,
        ),
        [['docs/feature-x.md', 'added']],
      );
      assert.deepEqual(
        (await children(tree, commits)).map((node) =>
          node.kind === 'pullCommit' ? node.message : node.kind,
        ),
        ['Add feature X notes'],
      );
      assert.ok(
        !double.requests.some((line) => /\/pulls\/4\/(commits|files)/.test(line)),
        'never asked what 1.14 lacks',
      );
    });

    test('Create Issue asks 1.14 for its issue templates (null: none), then the template files; none there', async () => {
      const api = await teahouse();
      const reported = new Promise<string>((resolve) => {
        const listener = api.errors.onDidReport((error) => {
          listener.dispose();
          resolve(error.message);
        });
      });
      const created = await vscode.commands.executeCommand('teahouse.createIssue', {
        account: account.id,
        repository: 'acme/widgets',
        template: 'Bug report',
      });
      assert.equal(created, undefined);
      assert.match(await reported, /acme\/widgets has no issue template "Bug report"/);
      const asked = double.requests.filter((line) => /issue_templates|\/contents\//.test(line));
      assert.deepEqual(asked.slice(0, 2), [
        'GET /repos/acme/widgets/issue_templates',
        'GET /repos/acme/widgets/contents/.gitea/ISSUE_TEMPLATE',
      ]);
      assert.ok(
        asked.includes('GET /repos/acme/widgets/contents/.github/issue_template.md'),
        asked.join('\n'),
      );
    });

    test('Repositories: the open issues of acme/widgets are issues only', async () => {
      const tree = (await teahouse()).trees.repositories;
      const accountNode = (await children(tree, undefined)).find(
        (node) => node.kind === 'account' && node.account.id === account.id,
      );
      assert.ok(accountNode);
      const byOrg = (await children(tree, accountNode)).find(
        (node) => node.kind === 'folder' && node.folder === 'byOrganization',
      );
      assert.ok(byOrg, 'By Organization');
      const acme = (await children(tree, byOrg)).find((node) => node.kind === 'organization');
      assert.ok(acme);
      const repositories = await children(tree, acme);
      const widgets = repositories.find(
        (node) => node.kind === 'repository' && node.repository.name === 'widgets',
      );
      assert.ok(widgets, `under acme: ${repositories.map((node) => node.kind).join(', ')}`);
      const openIssues = (await children(tree, widgets)).find(
        (node) => node.kind === 'folder' && node.folder === 'openIssues',
      );
      assert.ok(openIssues);
      const issues = (await children(tree, openIssues)).filter(
        (node): node is NodeOf<'issue'> => node.kind === 'issue',
      );
      assert.ok(issues.length > 0);
      assert.ok(issues.every(({ issue }) => !issue.isPull && issue.state === 'open'));
    });

    test('Create Pull Request opens its form for a branch of acme/widgets, reviewers offered (1.14 has them)', async () => {
      const api = await teahouse();
      const before = api.webviews.createPullRequest.form;
      await vscode.commands.executeCommand('teahouse.createPullRequest', {
        account: account.id,
        repository: 'acme/widgets',
        head: 'feature/x',
      });
      const form = api.webviews.createPullRequest.form;
      assert.ok(form && form !== before, api.errors.last?.message);
      assert.equal(form.model.base, 'master');
      assert.equal(form.model.head, 'feature/x');
      assert.equal(form.model.title, 'X');
      assert.equal(form.model.reviewersNote, undefined);
      assert.deepEqual(form.model.templates, []);
      assert.ok(form.model.people.includes('alice'));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });
}
