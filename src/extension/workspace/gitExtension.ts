import * as vscode from 'vscode';

/*
 * The few parts of the built-in git extension's API (`vscode.git`, API version 1) Teahouse uses, declared
 * here instead of vendoring its git.d.ts.
 */
export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly remotes: readonly GitRemote[];
    readonly onDidChange: vscode.Event<void>;
  };
  /** Pushes with VS Code's own credentials prompt (askpass). */
  push(remoteName?: string, branchName?: string, setUpstream?: boolean): Promise<void>;
}

/** A repository the "Git: Clone" picker offers: `url` is one clone URL or several (http, ssh). */
export interface RemoteSource {
  readonly name: string;
  readonly description?: string;
  readonly url: string | string[];
}

/** A source of repositories for "Git: Clone"; with `supportsQuery`, what the user types is passed on. */
export interface RemoteSourceProvider {
  readonly name: string;
  /** A codicon name. */
  readonly icon?: string;
  readonly supportsQuery?: boolean;
  getRemoteSources(query?: string): Promise<RemoteSource[]>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
  readonly git: { readonly path: string };
  registerRemoteSourceProvider(provider: RemoteSourceProvider): vscode.Disposable;
}

interface GitExtensionExports {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The git extension's API, or undefined when it is missing or disabled (`git.enabled: false`). */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtensionExports>('vscode.git');
  if (!extension) return undefined;
  try {
    const exports = extension.isActive ? extension.exports : await extension.activate();
    return exports.enabled ? exports.getAPI(1) : undefined;
  } catch {
    return undefined;
  }
}
