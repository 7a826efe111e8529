/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CreatePullFormApi } from '../../../src/extension/webviews/createPullForms';
import { titleFromBranch as titleFromBranchForTest } from '../../../src/extension/workspace/pullRequestDraft';
import { localServer, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { seedBasics } from './seed';
import { git } from './workspaceGit';

/** Runs the command as the palette does (no arguments, or `args`) and answers the form it opened. */
async function openForm(args?: object): Promise<CreatePullFormApi> {
  const api = await teahouse();
  const before = api.webviews.createPullRequest.form;
  const errorsBefore = api.errors.last;
  await vscode.commands.executeCommand('teahouse.createPullRequest', ...(args ? [args] : []));
  const form = api.webviews.createPullRequest.form;
  if (!form || form === before) {
    const error = api.errors.last === errorsBefore ? undefined : api.errors.last?.message;
    throw new Error(`no form opened${error ? `: ${error}` : ''}`);
  }
  return form;
}

/** Runs the command and answers the error it reported. */
async function refusal(...args: unknown[]): Promise<string> {
  const api = await teahouse();
  const before = api.errors.last;
  const returned: unknown = await vscode.commands.executeCommand('teahouse.createPullRequest', ...args);
  const form = api.webviews.createPullRequest.form;
  assert.notEqual(
    api.errors.last,
    before,
    `the command reported nothing; it returned ${String(returned)}, the form shows ${form?.model.head ?? 'nothing'}`,
  );
  return api.errors.last?.message ?? '';
}

export function createPullRequestSuite(): void {
  suite('create pull request from the current branch', () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const template = '## What changes\n\n- [ ] tests added\n';
    const branches: string[] = [];

    suiteSetup(async () => {
      await seedBasics();
      // the pull request template on the default branch (the workspace repository is the server's)
      await git(folder, 'checkout', 'main', '--');
      const exists = await git(folder, 'ls-files', '.gitea/PULL_REQUEST_TEMPLATE.md');
      if (exists === '') {
        await mkdir(path.join(folder, '.gitea'), { recursive: true });
        await writeFile(path.join(folder, '.gitea', 'PULL_REQUEST_TEMPLATE.md'), template);
        await git(folder, 'add', '.gitea/PULL_REQUEST_TEMPLATE.md');
        await git(folder, 'commit', '-m', 'Add a pull request template');
      }
    });

    teardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await git(folder, 'checkout', 'main', '--');
      for (const branch of branches.splice(0)) await git(folder, 'branch', '-D', branch).catch(() => '');
    });

    async function branchWithCommit(name: string, message: string): Promise<void> {
      branches.push(name);
      await git(folder, 'checkout', '-b', name, '--');
      await writeFile(path.join(folder, `${name.replace(/\//g, '-')}.txt`), `${name}\n`);
      await git(folder, 'add', '--all');
      await git(folder, 'commit', '-m', message);
    }

    test('from a new branch with one commit: prefilled from the commit and the template, created on the server', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      await seedOrSkip(this, () => client.api.repoListPullRequests({ ...demo }));
      const label = await client.api.issueCreateLabel({
        ...demo,
        body: { name: unique('form'), color: '#00aa00' },
      });
      const branch = unique('suite/7-tidy-the-notes');
      await branchWithCommit(branch, 'Tidy the notes\n\nThe notes were untidy.');
      const form = await openForm();
      const { model } = form;
      assert.equal(model.head, branch);
      assert.equal(model.base, 'main');
      assert.equal(model.repository, `${demo.owner}/${demo.repo}`);
      assert.equal(model.title, 'Tidy the notes');
      assert.equal(model.template, '.gitea/PULL_REQUEST_TEMPLATE.md');
      assert.equal(model.body, `The notes were untidy.\n\n${template.trim()}`);
      assert.ok(!model.branches.includes(branch), 'the head is not offered as base');
      assert.equal(model.reviewersNote, undefined, 'Teahouse has requested_reviewers');
      assert.ok(
        model.labels.some((candidate) => candidate.id === label.id),
        'the label is offered',
      );
      const pull = await form.submit({ ...form.initialValues, labels: [label.id], title: 'Tidy the notes!' });
      const onServer = await client.api.repoGetPullRequest({ ...demo, index: pull.number });
      assert.equal(onServer.head.ref, branch);
      assert.equal(onServer.base.ref, 'main');
      assert.equal(onServer.title, 'Tidy the notes!');
      assert.equal(onServer.body, model.body);
      assert.deepEqual(
        onServer.labels.map((item) => item.name),
        [label.name],
      );
      // the new pull request's view opens
      const api = await teahouse();
      await waitFor(
        () =>
          api.webviews.panels.some(
            (panel) => panel.target.index === pull.number && panel.target.kind === 'pullRequest',
          ),
        'the pull request view',
      );
      assert.equal(api.webviews.createPullRequest.form, undefined, 'the form closed');
      await client.api.issueEditIssue({ ...demo, index: pull.number, body: { state: 'closed' } });
    });

    test('a branch started from an issue prefills "Fixes #n"', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const issue = await seedOrSkip(this, () =>
        client.api.issueCreateIssue({ ...demo, body: { title: unique('Linked work') } }),
      );
      const branch = await vscode.commands.executeCommand<string>('teahouse.startWorkingOnIssue', {
        account: 'local',
        repository: `${demo.owner}/${demo.repo}`,
        index: issue.number,
      });
      assert.ok(branch, (await teahouse()).errors.last?.message);
      branches.push(branch);
      await writeFile(path.join(folder, `linked-${issue.number}.txt`), 'linked\n');
      await git(folder, 'add', '--all');
      await git(folder, 'commit', '-m', 'First step', '-m', 'Details.');
      await git(folder, 'commit', '--allow-empty', '-m', 'Second step');
      const { model } = await openForm();
      assert.equal(model.fixes, `Fixes #${issue.number}`);
      assert.ok(model.body.endsWith(`Fixes #${issue.number}`), model.body);
      // two commits: the title comes from the branch name, without the issue number
      assert.equal(model.commitBody, '');
      assert.match(model.title, /^Linked work/);
    });

    test('on the default branch, or with no commits ahead, it is refused with a reason', async () => {
      await git(folder, 'checkout', 'main', '--');
      assert.match(await refusal(), /from main into itself/);
      // the same from the Source Control title bar, which passes the repository's SourceControl
      assert.match(await refusal({ rootUri: vscode.Uri.file(folder) }), /from main into itself/);
      const empty = unique('suite/nothing-yet');
      branches.push(empty);
      await git(folder, 'checkout', '-b', empty, '--');
      assert.match(await refusal(), new RegExp(`${empty} has no commits ahead of main`));
    });

    test('a branch not on the remote is published first, and a branch ahead of its upstream pushed', async function () {
      const { client, url, admin } = await localServer();
      const api = await teahouse();
      const name = unique('push-target');
      await seedOrSkip(this, () => client.api.createCurrentUserRepo({ body: { name, auto_init: false } }));
      const remote = new URL(`${admin.username}/${name}.git`, url);
      remote.username = admin.username;
      remote.password = admin.password;
      await git(folder, 'remote', 'add', 'pushtest', remote.href);
      const matched = (repo: string) => async () =>
        (await api.workspaceRepositories()).some((match) => match.rootPath === folder && match.repo === repo);
      try {
        await git(folder, 'push', 'pushtest', 'main');
        await git(folder, 'fetch', 'pushtest');
        await waitFor(matched(name), 'the workspace to follow the new remote');
        const branch = unique('suite/publish-me');
        await branchWithCommit(branch, 'Publish me');
        const ref = { owner: admin.username, repo: name };
        const target = { account: 'local', repository: `${ref.owner}/${ref.repo}`, push: true };
        const form = await openForm(target);
        assert.equal(form.model.head, branch);
        assert.equal(form.model.title, 'Publish me');
        const published = await client.api.repoGetBranch({ ...ref, branch });
        assert.equal(published.commit.id, await git(folder, 'rev-parse', 'HEAD'));
        assert.equal(
          await git(folder, 'rev-parse', '--abbrev-ref', `${branch}@{upstream}`),
          `pushtest/${branch}`,
        );

        await git(folder, 'commit', '--allow-empty', '-m', 'One more');
        const again = await openForm(target);
        assert.equal(again.model.title, titleFromBranchForTest(branch));
        const pushed = await client.api.repoGetBranch({ ...ref, branch });
        assert.equal(pushed.commit.id, await git(folder, 'rev-parse', 'HEAD'), 'the new commit was pushed');
        const pull = await again.submit(again.initialValues);
        assert.equal(pull.head.ref, branch);
      } finally {
        await git(folder, 'remote', 'remove', 'pushtest');
        await waitFor(async () => !(await matched(name)()), 'the workspace to drop the remote');
      }
    });
  });
}
