import path from 'node:path';
import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { scanFolders, type WorkspaceRepository } from './discovery';
import { gitApi, type GitApi } from './gitExtension';
import { localRepositoryName } from './localRepositoryName';
import { parseRemoteUrl, accountForRemote } from './remoteUrl';

/** A workspace repository known to one of the accounts' servers. */
export interface MatchedRepository {
  readonly account: Account;
  readonly owner: string;
  readonly repo: string;
  readonly rootPath: string;
  /** The remote that points at the server; undefined when the local server hosts the folder itself. */
  readonly remoteName: string | undefined;
}

const preferredRemotes = ['origin', 'upstream'];

/**
 * The workspace's git repositories and the accounts they belong to, so trees and commands can default to
 * "this repository". Reads remotes from the git extension when it is there, and from `.git/config` too.
 */
export class WorkspaceRepositories extends Disposable {
  readonly #changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#changed.event;
  #matches: Promise<MatchedRepository[]> | undefined;
  /** The accounts `#matches` was resolved for. */
  #matchedAccounts = '';
  #lastKey = '';
  #git: GitApi | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly accounts: AccountService,
    private readonly log: Log,
  ) {
    super();
    this._register(accounts.onDidChangeAccounts(() => this.invalidate()));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.invalidate()));
    this._register({ dispose: () => clearTimeout(this.#timer) });
    void this.#watchGit();
  }

  /** Matched repositories, the one holding the active editor's file first. */
  async matches(): Promise<MatchedRepository[]> {
    // the views refresh on the same accounts event that schedules `invalidate`: they must see the new
    // account's repositories now, not after the debounce (meanwhile they would list every account's items)
    const accounts = this.#accountsKey();
    if (accounts !== this.#matchedAccounts) {
      this.#matchedAccounts = accounts;
      this.#matches = undefined;
    }
    this.#matches ??= this.#resolve();
    const matches = await this.#matches;
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active?.scheme !== 'file') return matches;
    const holds = (match: MatchedRepository) => active.fsPath.startsWith(match.rootPath + path.sep);
    // a repository nested in another's folder holds the file: the innermost one first
    const holders = matches.filter(holds).sort((a, b) => b.rootPath.length - a.rootPath.length);
    return [...holders, ...matches.filter((match) => !holds(match))];
  }

  /** "This repository": the first match, optionally of one account. */
  async current(account?: Account): Promise<MatchedRepository | undefined> {
    return (await this.matches()).find((match) => !account || match.account.id === account.id);
  }

  /** The workspace folder hosting a repository, when it is in the workspace. */
  async folderOf(account: Account, owner: string, repo: string): Promise<MatchedRepository | undefined> {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    return (await this.matches()).find(
      (match) => match.account.id === account.id && same(match.owner, owner) && same(match.repo, repo),
    );
  }

  invalidate(): void {
    clearTimeout(this.#timer);
    // several events arrive together (git opens repositories one by one): look again once they settle
    this.#timer = setTimeout(() => {
      this.#matches = undefined;
      void this.matches().then((matches) => {
        const key = JSON.stringify(matches.map((m) => [m.account.id, m.owner, m.repo, m.rootPath]));
        if (key !== this.#lastKey) {
          this.#lastKey = key;
          this.#changed.fire();
        }
      });
    }, 150);
  }

  /** What `#resolve` reads of the accounts: which there are, where, as whom, and which is active per server. */
  #accountsKey(): string {
    return JSON.stringify(
      this.accounts
        .list()
        .map((account) => [
          account.id,
          account.serverUrl,
          account.username,
          this.accounts.activeFor(account.serverUrl)?.id,
        ]),
    );
  }

  async #watchGit(): Promise<void> {
    const git = await gitApi();
    if (!git || this.isDisposed) return;
    this.#git = git;
    const watch = (repository: { state: { onDidChange: vscode.Event<void> } }) =>
      this._register(repository.state.onDidChange(() => this.invalidate()));
    git.repositories.forEach(watch);
    this._register(
      git.onDidOpenRepository((repository) => {
        watch(repository);
        this.invalidate();
      }),
    );
    this._register(git.onDidCloseRepository(() => this.invalidate()));
    this.invalidate();
  }

  async #repositories(): Promise<WorkspaceRepository[]> {
    const folders = (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => folder.uri.fsPath);
    const byRoot = new Map<string, WorkspaceRepository>();
    for (const repository of this.#git?.repositories ?? []) {
      const remotes = repository.state.remotes.flatMap((remote) => {
        const url = remote.fetchUrl ?? remote.pushUrl;
        return url ? [{ name: remote.name, url }] : [];
      });
      byRoot.set(repository.rootUri.fsPath, { rootPath: repository.rootUri.fsPath, remotes });
    }
    for (const repository of await scanFolders(folders)) {
      if (!byRoot.has(repository.rootPath)) byRoot.set(repository.rootPath, repository);
    }
    return [...byRoot.values()];
  }

  async #resolve(): Promise<MatchedRepository[]> {
    const matches: MatchedRepository[] = [];
    const accounts = this.accounts.list();
    for (const repository of await this.#repositories()) {
      const remotes = [...repository.remotes].sort(
        (a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name),
      );
      let matched = false;
      for (const remote of remotes) {
        const parsed = parseRemoteUrl(remote.url);
        if (!parsed) continue;
        const server = accountForRemote(parsed, accounts);
        const account = server && this.accounts.activeFor(server.serverUrl);
        if (!account) continue;
        matches.push({
          account,
          owner: parsed.owner,
          repo: parsed.repo,
          rootPath: repository.rootPath,
          remoteName: remote.name,
        });
        matched = true;
        break;
      }
      if (matched) continue;
      const local = accounts.find((account) => account.kind === 'local');
      if (local) {
        const hosted = await this.#hostedLocally(local, repository.rootPath);
        if (hosted) matches.push(hosted);
      }
    }
    return matches;
  }

  /** The local server hosts workspace folders as `<admin>/<folder name>`: ask it whether this one is there. */
  async #hostedLocally(local: Account, rootPath: string): Promise<MatchedRepository | undefined> {
    const repo = localRepositoryName(rootPath);
    if (repo === '') return undefined;
    try {
      const client = await this.accounts.client(local);
      const found = await client.api.repoGet({ owner: local.username, repo });
      return { account: local, owner: found.owner.login, repo: found.name, rootPath, remoteName: undefined };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        this.log.debug(`workspace: cannot ask the local server about ${rootPath}: ${String(error)}`);
      }
      return undefined;
    }
  }
}

function rank(name: string): number {
  const index = preferredRemotes.indexOf(name);
  return index === -1 ? preferredRemotes.length : index;
}
