/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { ApiError } from '../../../src/api/client';
import { scmInputRoot } from '../../../src/extension/editor/documentRepository';
import type { NodeOf, TreeNode } from '../../../src/extension/views/nodes';
import { children, localServer, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { seedBasics, seedIssues } from './seed';

interface EditorWorld {
  readonly demoRoot: string;
  readonly closed: { readonly number: number; readonly title: string; readonly label: string };
  readonly pull: { readonly number: number; readonly title: string };
  readonly elsewhere: {
    readonly owner: string;
    readonly repo: string;
    readonly number: number;
    readonly title: string;
  };
  readonly person: { readonly login: string; readonly fullName: string };
}

/** An open pull request from `feature-3`, or the one another suite already opened from it. */
async function pullFromFeature3(title: string): Promise<{ number: number; title: string }> {
  const { client } = await localServer();
  const { demo } = await seedBasics();
  try {
    const pull = await client.api.repoCreatePullRequest({
      ...demo,
      body: { head: 'feature-3', base: 'main', title },
    });
    return { number: pull.number, title: pull.title };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const open = await client.api.repoListPullRequests({ ...demo, state: 'open', limit: 50 });
    const pull = open.find((candidate) => candidate.head?.ref === 'feature-3');
    if (!pull) throw error;
    return { number: pull.number, title: pull.title };
  }
}

async function seedEditorWorld(): Promise<EditorWorld> {
  const { client } = await localServer();
  const api = await teahouse();
  const { me, demo, myRepo } = await seedBasics();
  const issues = await seedIssues();
  const closed = await client.api.issueGetIssue({ ...demo, index: issues.closed });
  const pull = await pullFromFeature3(unique('Hovered pull'));
  const elsewhere = await client.api.issueCreateIssue({
    owner: me,
    repo: myRepo,
    body: { title: unique('Elsewhere') },
  });
  const login = unique('mentioned');
  const fullName = 'Mentioned Person';
  await client.api.adminCreateUser({
    body: {
      username: login,
      full_name: fullName,
      password: `pw-${unique('p')}-x`,
      email: `${login}@example.com`,
      must_change_password: false,
    },
  });
  await client.api.repoAddCollaborator({ ...demo, collaborator: login, body: { permission: 'read' } });
  const [match] = await api.workspaceRepositories();
  assert.ok(match, 'the workspace repository is matched to an account');
  return {
    demoRoot: match.rootPath,
    closed: { number: closed.number, title: closed.title, label: issues.label.name },
    pull,
    elsewhere: { owner: me, repo: myRepo, number: elsewhere.number, title: elsewhere.title },
    person: { login, fullName },
  };
}

/**
 * A new file in the workspace repository's git folder: in the repository, without touching its working tree.
 * Each test uses its own name: an open document would not show what was written under it.
 */
async function openInRepository(
  world: EditorWorld,
  name: string,
  content: string,
): Promise<vscode.TextDocument> {
  const folder = path.join(world.demoRoot, '.git', 'teahouse-suite');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return vscode.workspace.openTextDocument(vscode.Uri.file(file));
}

function positionOf(document: vscode.TextDocument, text: string, nth = 0, delta = 1): vscode.Position {
  let offset = -1;
  for (let n = 0; n <= nth; n++) offset = document.getText().indexOf(text, offset + 1);
  assert.ok(offset >= 0, `"${text}" is in the document`);
  return document.positionAt(offset + delta);
}

/** Every hover's text at a position, joined. */
async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      position,
    )) ?? [];
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>$~])/g, '$1');
}

async function completionLabels(
  document: vscode.TextDocument,
  position: vscode.Position,
  trigger: string,
): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    position,
    trigger,
  );
  return (list?.items ?? [])
    .map((item) => (typeof item.label === 'string' ? item.label : item.label.label))
    .filter((label) => label.startsWith(trigger));
}

async function notificationNodes(): Promise<NodeOf<'notification'>[]> {
  const { tree } = (await teahouse()).notifications;
  const found: NodeOf<'notification'>[] = [];
  const walk = async (parent?: TreeNode) => {
    for (const node of await children(tree, parent)) {
      if (node.kind === 'notification') found.push(node);
      else if (node.kind === 'account') await walk(node);
    }
  };
  await walk();
  return found;
}

export function editorIntegrationSuite(): void {
  suite('editor integration', () => {
    let world: EditorWorld;

    suiteSetup(async function () {
      world = await seedOrSkip(this, seedEditorWorld);
    });

    test('hovers in markdown show an issue, a pull request, another repository’s issue and a user', async () => {
      const { elsewhere, closed, pull, person } = world;
      const document = await openInRepository(
        world,
        'notes.md',
        `# Notes\n\nSee #${closed.number}, #${pull.number} and ${elsewhere.owner}/${elsewhere.repo}#${elsewhere.number}.\n\nAsk @${person.login} about #99999.\n`,
      );
      const issue = await hoverText(document, positionOf(document, `#${closed.number}`));
      assert.match(issue, new RegExp(`${closed.title}.*#${closed.number}`));
      assert.match(issue, /Issue · closed/);
      assert.ok(issue.includes(closed.label), `the label is shown: ${issue}`);
      const pullHover = await hoverText(document, positionOf(document, `#${pull.number}`, 0, 2));
      assert.ok(pullHover.includes(pull.title), pullHover);
      assert.match(pullHover, /Pull request · open/);
      const other = await hoverText(document, positionOf(document, `${elsewhere.repo}#`, 0, 0));
      assert.ok(other.includes(elsewhere.title), other);
      assert.ok(other.includes(`${elsewhere.owner}/${elsewhere.repo}`), other);
      const user = await hoverText(document, positionOf(document, `@${person.login}`, 0, 3));
      assert.ok(user.includes(person.fullName), user);
      assert.ok(user.includes(person.login), user);
      assert.equal(await hoverText(document, positionOf(document, '#99999')), '');
      assert.equal(await hoverText(document, positionOf(document, 'Notes', 0, 1)), '');
    });

    test('hovers in a commit message; in code only inside comments', async () => {
      const { closed } = world;
      const message = await openInRepository(world, 'COMMIT_EDITMSG', `Close #${closed.number}\n`);
      if (message.languageId !== 'git-commit')
        await vscode.languages.setTextDocumentLanguage(message, 'git-commit');
      assert.ok((await hoverText(message, positionOf(message, `#${closed.number}`))).includes(closed.title));
      const code = await openInRepository(
        world,
        'code.ts',
        `const reference = '#${closed.number}';\n// closes #${closed.number}\nlet n = 1; /* and #${closed.number} */\n`,
      );
      assert.equal(code.languageId, 'typescript');
      assert.equal(await hoverText(code, positionOf(code, `#${closed.number}`, 0)), '');
      assert.ok((await hoverText(code, positionOf(code, `#${closed.number}`, 1))).includes(closed.title));
      assert.ok((await hoverText(code, positionOf(code, `#${closed.number}`, 2))).includes(closed.title));
    });

    test('# completes issues and pull requests, most recently updated first, searchable by title', async () => {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const document = await openInRepository(world, 'complete.md', `Fixes #\nSee #Hovered\n`);
      const all = await completionLabels(document, new vscode.Position(0, 7), '#');
      const expected = (await client.api.issueListIssues({ ...demo, state: 'all', limit: 30 }))
        .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
        .map((issue) => `#${issue.number}`);
      assert.ok(
        all.includes(`#${world.pull.number}`) && all.includes(`#${world.closed.number}`),
        all.join(' '),
      );
      assert.deepEqual(all, expected);
      const searched = await completionLabels(document, new vscode.Position(1, 12), '#');
      assert.deepEqual(searched, [`#${world.pull.number}`]);
    });

    test('@ completes collaborators and users in a commit message', async () => {
      const { person } = world;
      const { member } = await seedBasics();
      const message = await openInRepository(
        world,
        'mentions/COMMIT_EDITMSG',
        `Thanks @\nCo-authored: @${person.login.slice(0, 9)}\n`,
      );
      if (message.languageId !== 'git-commit')
        await vscode.languages.setTextDocumentLanguage(message, 'git-commit');
      const everyone = await completionLabels(message, new vscode.Position(0, 8), '@');
      assert.ok(everyone.includes(`@${person.login}`) && everyone.includes(`@${member}`), everyone.join(' '));
      const line = message.lineAt(1).text;
      const searched = await completionLabels(message, new vscode.Position(1, line.length), '@');
      assert.ok(searched.includes(`@${person.login}`), searched.join(' '));
      assert.ok(!searched.includes(`@${member}`), searched.join(' '));
    });

    test('the Source Control message box completes # and @ for the repository it commits to', async () => {
      interface GitInput {
        readonly repositories: readonly {
          readonly rootUri: vscode.Uri;
          readonly inputBox: { value: string };
        }[];
      }
      const git = vscode.extensions.getExtension<{ getAPI(version: 1): GitInput }>('vscode.git');
      assert.ok(git, 'the git extension is installed');
      const api = (git.isActive ? git.exports : await git.activate()).getAPI(1);
      const repository = await waitFor(
        () => api.repositories.find((candidate) => candidate.rootUri.fsPath === world.demoRoot),
        'the git extension to open the workspace repository',
      );
      await vscode.commands.executeCommand('workbench.view.scm');
      repository.inputBox.value = 'Fixes #';
      const input = await waitFor(
        () =>
          vscode.workspace.textDocuments.find(
            (document) => document.languageId === 'scminput' && document.getText() === 'Fixes #',
          ),
        'the message box as a document',
      );
      assert.equal(
        scmInputRoot(input.uri),
        world.demoRoot,
        `the box's URI names its repository: ${input.uri.toString()}`,
      );
      const issues = await completionLabels(input, new vscode.Position(0, 7), '#');
      assert.ok(
        issues.includes(`#${world.pull.number}`) && issues.includes(`#${world.closed.number}`),
        issues.join(' '),
      );
      repository.inputBox.value = `Thanks @${world.person.login.slice(0, 9)}`;
      await waitFor(() => input.getText().startsWith('Thanks'), 'the message box to change');
      const users = await completionLabels(input, new vscode.Position(0, input.lineAt(0).text.length), '@');
      assert.deepEqual(users, [`@${world.person.login}`]);
      repository.inputBox.value = '';
    });

    test('Git: Clone lists the server’s repositories, with search and clone URLs', async () => {
      const api = await teahouse();
      const { me, myRepo, demo } = await seedBasics();
      assert.equal(await api.remoteSources.registered, true);
      const all = await api.remoteSources.list();
      const demoSource = all.find((source) => source.name === `${demo.owner}/${demo.repo}`);
      assert.ok(demoSource, all.map((source) => source.name).join(', '));
      const urls = Array.isArray(demoSource.url) ? demoSource.url : [demoSource.url];
      assert.ok(
        urls.some((url) => url.startsWith('http') && url.endsWith(`/${demo.owner}/${demo.repo}.git`)),
        urls.join(' '),
      );
      const searched = await api.remoteSources.list(myRepo);
      assert.deepEqual(
        searched.map((source) => source.name),
        [`${me}/${myRepo}`],
      );
    });

    test('Notifications: a comment by someone else is listed with the badge; marking it read clears both', async () => {
      const api = await teahouse();
      const badge = () => api.notifications.badge;
      const { client } = await localServer();
      const { demo, member } = await seedBasics();
      const { created } = await seedIssues();
      await vscode.commands.executeCommand('teahouse.notifications.markAllRead');
      await api.notifications.refresh();
      assert.deepEqual(await notificationNodes(), []);
      assert.equal(badge(), undefined);

      await client.api.issueCreateComment(
        { ...demo, index: created, body: { body: 'a question for the author' } },
        { sudo: member },
      );
      await api.notifications.refresh();
      const listed = await waitFor(async () => {
        const nodes = await notificationNodes();
        return nodes.length > 0 ? nodes : undefined;
      }, 'the thread in the Notifications view');
      assert.equal(listed.length, 1);
      const [thread] = listed;
      assert.ok(thread);
      const title = (await client.api.issueGetIssue({ ...demo, index: created })).title;
      assert.equal(thread.thread.subject.title, title);
      assert.equal(badge()?.value, 1);

      await vscode.commands.executeCommand('teahouse.notifications.markRead', thread);
      assert.deepEqual(await notificationNodes(), []);
      assert.equal(badge(), undefined);
    });

    test('Notifications: opening a thread shows its issue and marks it read', async () => {
      const api = await teahouse();
      const { client } = await localServer();
      const { demo, member } = await seedBasics();
      const { created } = await seedIssues();
      await client.api.issueCreateComment(
        { ...demo, index: created, body: { body: 'another question' } },
        { sudo: member },
      );
      await api.notifications.refresh();
      const [thread] = await notificationNodes();
      assert.ok(thread, 'the thread is listed');
      await vscode.commands.executeCommand('teahouse.notifications.open', thread);
      assert.deepEqual(await notificationNodes(), []);
      const read = await client.api.notifyGetThread({ id: String(thread.thread.id) }, { sudo: demo.owner });
      assert.equal(read.unread, false);
    });
  });
}
