import * as vscode from 'vscode';
import { registerCommand } from '../commands/errorReporter';
import type { Services } from '../commands/services';
import { BranchStatusBar, switchBranchCommand } from './branchStatusBar';
import { openRepository, pickBranch } from './openRepository';
import { RepoCommitter, type CommitOptions } from './repoCommit';
import { registerRepoFileSystems, type RepoFileSystem } from './repoFileSystem';
import { goToFile } from './repoNavigation';
import type { RepoSession } from './repoSession';
import { commitCommand, RepoSourceControls } from './repoSourceControl';
import { parseRepoUri, repoScheme } from './repoUri';

/** A URI of ours from what a command got: a URI, a Source Control view or resource, else the status bar's repository. */
function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg.scheme === repoScheme ? arg : undefined;
  if (typeof arg === 'object' && arg !== null) {
    if ('resourceUri' in arg && arg.resourceUri instanceof vscode.Uri) return arg.resourceUri;
    if ('rootUri' in arg && arg.rootUri instanceof vscode.Uri) return arg.rootUri;
    if ('uri' in arg && arg.uri instanceof vscode.Uri) return arg.uri;
  }
  return undefined;
}

/** Repositories opened without cloning: the file systems, the Source Control views, the status bar, the commands. */
export function registerRemoteRepositories(services: Services): vscode.Disposable[] {
  const { errors, remoteRepositories: sessions } = services;
  const systems = registerRepoFileSystems(sessions);
  const controls = new RepoSourceControls(sessions);
  const statusBar = new BranchStatusBar(sessions);
  const committer = new RepoCommitter(services, sessions);

  const sessionOf = async (arg: unknown): Promise<RepoSession | undefined> => {
    const uri = uriOf(arg);
    return uri ? sessions.forUri(uri) : statusBar.current();
  };
  const needSession = async (arg: unknown): Promise<RepoSession> => {
    const session = await sessionOf(arg);
    if (!session) throw new Error(vscode.l10n.t('Open a repository first ("Teahouse: Open Repository…").'));
    return session;
  };
  /** After the head moved (a switch, a commit, a refresh): every file of the folder may read differently. */
  const reread = (session: RepoSession, files: RepoFileSystem[] = [systems.files, systems.head]) => {
    const open = vscode.workspace.textDocuments
      .map((document) => parseRepoUri(document.uri))
      .filter(
        (target) => target?.account === session.location.account && target.repo === session.location.repo,
      )
      .map((target) => target?.path ?? '');
    for (const system of files) system.announce(session, ['', ...open]);
  };

  return [
    ...systems.disposables,
    controls,
    statusBar,
    registerCommand(errors, 'teahouse.openRepository', (arg) => openRepository(services, sessions, arg)),
    registerCommand(errors, commitCommand, async (first, second) => {
      const session = await needSession(first);
      const options = (typeof second === 'object' && second !== null ? second : {}) as CommitOptions;
      const box = controls.inputBox(session);
      const result = await committer.commit(session, options.message ?? box?.value ?? '', options);
      if (result.committed) {
        if (box) box.value = '';
        reread(session);
      }
      return result;
    }),
    registerCommand(errors, 'teahouse.remoteRepository.commitToNewBranch', async (first, second) => {
      const session = await needSession(first);
      const options = (typeof second === 'object' && second !== null ? second : {}) as CommitOptions;
      const newBranch =
        options.newBranch ??
        (await vscode.window.showInputBox({
          title: vscode.l10n.t('Commit to a new branch from "{0}"', session.branch),
          value: `${session.branch}-changes`,
        }));
      if (!newBranch) return undefined;
      return vscode.commands.executeCommand(commitCommand, first, { ...options, newBranch });
    }),
    registerCommand(errors, 'teahouse.remoteRepository.discard', async (...args) => {
      const uris = args
        .flat()
        .map(uriOf)
        .filter((uri): uri is vscode.Uri => uri !== undefined);
      const first = uris[0];
      if (!first) return;
      const session = await sessions.forUri(first);
      const paths = uris.map((uri) => parseRepoUri(uri)?.path ?? '').filter((path) => path !== '');
      for (const path of paths) session.changes.discard(path);
      await sessions.save(session);
      systems.files.announce(session, ['', ...paths]);
    }),
    registerCommand(errors, 'teahouse.remoteRepository.discardAll', async (arg) => {
      const session = await needSession(arg);
      const paths = session.changes.list().map((change) => change.path);
      const discard = vscode.l10n.t('Discard All');
      const sure =
        typeof arg === 'object' && arg !== null && 'confirm' in arg && arg.confirm === false
          ? discard
          : await vscode.window.showWarningMessage(
              vscode.l10n.t('Discard {0} pending changes? This cannot be undone.', paths.length),
              { modal: true },
              discard,
            );
      if (sure !== discard) return;
      session.changes.clear();
      await sessions.save(session);
      systems.files.announce(session, ['', ...paths]);
    }),
    registerCommand(errors, switchBranchCommand, async (first, second) => {
      const session = await needSession(first);
      if (session.changes.size > 0)
        throw new Error(
          vscode.l10n.t(
            '{0} pending changes are based on "{1}": commit or discard them before switching.',
            session.changes.size,
            session.branch,
          ),
        );
      const named = typeof second === 'string' ? second : undefined;
      const branch =
        named !== undefined
          ? await session.client.api.repoGetBranch({ ...session.ref, branch: named })
          : await pickBranch(
              (await session.client.page('repoListBranches', { ...session.ref, limit: 50 })).items,
              session.branch,
              vscode.l10n.t('Switch branch of {0}/{1}', session.location.owner, session.location.repo),
            );
      if (!branch) return undefined;
      session.moveTo(branch.name, branch.commit.id);
      await sessions.save(session);
      reread(session);
      return branch.name;
    }),
    registerCommand(errors, 'teahouse.remoteRepository.refresh', async (arg) => {
      const session = await needSession(arg);
      if (session.changes.size > 0) return session.head;
      session.moveTo(session.branch, await session.branchHead());
      await sessions.save(session);
      reread(session);
      return session.head;
    }),
    registerCommand(errors, 'teahouse.remoteRepository.goToFile', async (first, second) =>
      goToFile(await needSession(first), typeof second === 'string' ? second : undefined),
    ),
    registerCommand(errors, 'teahouse.remoteRepository.clone', async (arg) => {
      const session = await needSession(arg);
      await vscode.commands.executeCommand('git.clone', session.facts.cloneUrl);
      return session.facts.cloneUrl;
    }),
  ];
}
