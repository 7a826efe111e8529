import * as vscode from 'vscode';
import type { Repository } from '../../api/types';
import type { Account } from '../accounts/account';
import type { Services } from '../commands/services';
import { Disposable } from '../util/disposable';
import { cachedPromise } from '../util/promiseCache';
import { RepoSession, type RepositoryFacts, type SessionState } from './repoSession';
import {
  locationKey,
  parseRepoUri,
  repoScheme,
  formatRepoUri,
  type RepoLocation,
  type RepoPath,
} from './repoUri';

const stateKey = 'teahouse.remoteRepositories';
/**
 * The branch last shown per repository, in global state: adding a folder to a single-folder window makes an
 * untitled workspace with a storage of its own, so the workspace state written just before is not read.
 */
const branchKey = 'teahouse.remoteRepositoryBranches';

export function factsOf(repository: Repository): RepositoryFacts {
  return {
    defaultBranch: repository.default_branch,
    canPush: repository.permissions?.push === true,
    htmlUrl: repository.html_url,
    cloneUrl: repository.clone_url,
  };
}

export function repoUri(target: RepoPath, scheme = repoScheme): vscode.Uri {
  return vscode.Uri.from({ scheme, ...formatRepoUri(target) });
}

/** The repository file a URI of ours names; throws FileNotFound for anything else. */
export function repoPathOf(uri: vscode.Uri): RepoPath {
  const target = parseRepoUri(uri);
  if (!target) throw vscode.FileSystemError.FileNotFound(uri);
  return target;
}

/**
 * The repositories opened without cloning in this window: one session each, made when a folder of ours is
 * first read (after a reload too: the state comes back from workspace storage), and their state persisted
 * on every change so a reload loses nothing.
 */
export class RepoSessions extends Disposable {
  readonly #sessions = new Map<string, Promise<RepoSession>>();
  readonly #changed = this._register(new vscode.EventEmitter<RepoSession>());
  /** A session's branch, head or pending changes changed. */
  readonly onDidChange = this.#changed.event;
  readonly #opened = this._register(new vscode.EventEmitter<RepoSession>());
  readonly onDidOpen = this.#opened.event;

  constructor(private readonly services: Pick<Services, 'context' | 'accounts' | 'local'>) {
    super();
  }

  #stored(): Record<string, SessionState> {
    return this.services.context.workspaceState.get<Record<string, SessionState>>(stateKey) ?? {};
  }

  /** Keeps the session's branch, head and changes in workspace storage and tells the views. */
  async save(session: RepoSession): Promise<void> {
    const stored = { ...this.#stored(), [locationKey(session.location)]: session.state };
    await this.services.context.workspaceState.update(stateKey, stored);
    const branches = this.services.context.globalState.get<Record<string, string>>(branchKey) ?? {};
    if (branches[locationKey(session.location)] !== session.branch)
      await this.services.context.globalState.update(branchKey, {
        ...branches,
        [locationKey(session.location)]: session.branch,
      });
    this.#changed.fire(session);
  }

  /** The sessions made so far (the folders read at least once). */
  async all(): Promise<RepoSession[]> {
    return Promise.all(this.#sessions.values());
  }

  /** The session of a URI of ours, made on first use. */
  forUri(uri: vscode.Uri): Promise<RepoSession> {
    return this.get(repoPathOf(uri));
  }

  get(location: RepoLocation): Promise<RepoSession> {
    return cachedPromise(this.#sessions, locationKey(location), () => this.#create(location));
  }

  /**
   * Opens a repository on a branch with what the picker already read (no request more); a session that
   * exists moves to the branch only when it has no pending changes.
   */
  async open(
    location: RepoLocation,
    repository: Repository,
    branch: string,
    head: string,
  ): Promise<RepoSession> {
    const key = locationKey(location);
    const existing = this.#sessions.get(key);
    if (existing) {
      const session = await existing;
      if (session.changes.size === 0) {
        session.moveTo(branch, head);
        await this.save(session);
      }
      return session;
    }
    const account = this.#account(location.account);
    const client = await this.services.accounts.client(account);
    const previous = this.#stored()[key];
    const state =
      previous && previous.changes.changes.length > 0
        ? previous
        : { branch, head, changes: { changes: [], folders: [], deletedFolders: [] } };
    const session = new RepoSession(location, client, factsOf(repository), state);
    this.#sessions.set(key, Promise.resolve(session));
    await this.save(session);
    this.#opened.fire(session);
    return session;
  }

  #account(id: string): Account {
    const account = this.services.accounts.get(id);
    if (!account)
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('There is no Teahouse account "{0}".', id));
    return account;
  }

  async #create(location: RepoLocation): Promise<RepoSession> {
    let account = this.#account(location.account);
    // after a reload the local server may not have been joined yet: its address is what the URI needs
    if (account.kind === 'local' && this.services.local.server.state !== 'running')
      account = await this.services.local.start();
    const client = await this.services.accounts.client(account);
    const ref = { owner: location.owner, repo: location.repo };
    const repository = await client.api.repoGet(ref);
    const previous = this.#stored()[locationKey(location)];
    const lastShown =
      this.services.context.globalState.get<Record<string, string>>(branchKey)?.[locationKey(location)];
    const branch = previous?.branch ?? lastShown ?? repository.default_branch;
    // pending changes keep the head they were made on; without any, the branch's head now is read
    const head =
      previous && previous.changes.changes.length > 0
        ? previous.head
        : (await client.api.repoGetBranch({ ...ref, branch })).commit.id;
    const session = new RepoSession(location, client, factsOf(repository), {
      branch,
      head,
      changes: previous?.changes ?? { changes: [], folders: [], deletedFolders: [] },
    });
    this.#opened.fire(session);
    return session;
  }

  /** The workspace folders of ours, open in this window. */
  static folders(): vscode.WorkspaceFolder[] {
    return (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === repoScheme);
  }
}
