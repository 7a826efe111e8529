import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import type { PendingChange } from './pendingChanges';
import type { RepoSession } from './repoSession';
import { repoUri, type RepoSessions } from './repoSessions';
import { baseName, locationKey, repoHeadScheme } from './repoUri';

/** The command the Source Control view's message box runs (Ctrl+Enter) and its ✓ button. */
export const commitCommand = 'teahouse.remoteRepository.commit';

function label(change: PendingChange): string {
  switch (change.kind) {
    case 'added':
      return vscode.l10n.t('Added');
    case 'modified':
      return vscode.l10n.t('Modified');
    case 'deleted':
      return vscode.l10n.t('Deleted');
  }
}

/** The pending changes of one repository as a Source Control view: diffs against the branch head, discard, commit. */
class RepoSourceControl extends Disposable {
  readonly control: vscode.SourceControl;
  readonly #group: vscode.SourceControlResourceGroup;

  constructor(readonly session: RepoSession) {
    super();
    const { owner, repo } = session.location;
    const root = repoUri({ ...session.location, path: '' });
    this.control = this._register(vscode.scm.createSourceControl('teahouse', `${owner}/${repo}`, root));
    this.control.quickDiffProvider = {
      provideOriginalResource: (uri) =>
        session.changes.get(this.#path(uri))?.kind === 'added'
          ? undefined
          : uri.with({ scheme: repoHeadScheme }),
    };
    this.control.acceptInputCommand = {
      command: commitCommand,
      title: vscode.l10n.t('Commit'),
      arguments: [root],
    };
    this.#group = this._register(this.control.createResourceGroup('changes', vscode.l10n.t('Changes')));
    this.#group.hideWhenEmpty = false;
    this.update();
  }

  #path(uri: vscode.Uri): string {
    return uri.path.split('/').slice(3).join('/');
  }

  update(): void {
    const { session } = this;
    this.control.inputBox.placeholder = vscode.l10n.t(
      'Message (Ctrl+Enter to commit on "{0}")',
      session.branch,
    );
    this.control.inputBox.visible = session.facts.canPush;
    this.control.count = session.changes.size;
    this.#group.resourceStates = session.changes.list().map((change) => {
      const uri = repoUri({ ...session.location, path: change.path });
      const head = uri.with({ scheme: repoHeadScheme });
      const title = `${baseName(change.path)} (${label(change)})`;
      return {
        resourceUri: uri,
        contextValue: 'teahouseRepoChange',
        decorations: {
          strikeThrough: change.kind === 'deleted',
          tooltip: label(change),
          faded: change.kind === 'deleted',
        },
        command:
          change.kind === 'modified'
            ? { command: 'vscode.diff', title, arguments: [head, uri, title] }
            : { command: 'vscode.open', title, arguments: [change.kind === 'deleted' ? head : uri] },
      };
    });
  }
}

/** One Source Control view per repository opened for writing, following its session. */
export class RepoSourceControls extends Disposable {
  readonly #controls = new Map<string, RepoSourceControl>();

  constructor(sessions: RepoSessions) {
    super();
    this._register(sessions.onDidOpen((session) => this.#follow(session)));
    this._register(sessions.onDidChange((session) => this.#follow(session)));
    this._register({ dispose: () => this.#controls.forEach((control) => control.dispose()) });
  }

  /** The message typed in a repository's view (the commit command reads and then clears it). */
  inputBox(session: RepoSession): vscode.SourceControlInputBox | undefined {
    return this.#controls.get(locationKey(session.location))?.control.inputBox;
  }

  #follow(session: RepoSession): void {
    const key = locationKey(session.location);
    const existing = this.#controls.get(key);
    if (existing) existing.update();
    else if (session.facts.canPush) this.#controls.set(key, new RepoSourceControl(session));
  }
}
