import * as vscode from 'vscode';
import type { CombinedStatus, PullRequest } from '../../api/types';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import type { TrackerChanges } from '../views/trackerChanges';
import {
  checksFinished,
  checksIcons,
  checksState,
  isDefaultBranch,
  nextPollDelay,
  pickPullForBranch,
  pullState,
  type BranchHead,
  type ChecksState,
  type PullState,
} from './branchPullRequest';
import { branchHead } from './branchState';
import { isMergeScheduled } from '../webviews/scheduledMerge';
import { gitApi } from './gitExtension';
import type { MatchedRepository, WorkspaceRepositories } from './workspaceRepositories';

export const pullRequestStatusBarSetting = 'teahouse.statusBar.pullRequest';

/** What the item shows, for the tests and other extensions (the item itself is not readable back). */
export interface PullRequestStatusBarState {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
  readonly command: string | undefined;
}

/** The checks of the branch's pull request finished: what the notification said. */
export interface FinishedChecks {
  readonly repository: string;
  readonly number: number;
  readonly checks: 'success' | 'failure';
}

/** Where the branch's pull request was found: the workspace repository, or the one it was forked from. */
interface Found {
  readonly pull: PullRequest;
  readonly repository: { readonly owner: string; readonly repo: string };
}

/** What the status bar needs of a workspace repository, read once. */
interface RepositoryFacts {
  /** The repositories its branches' pull requests may be in: itself, then the parent of a fork. */
  readonly bases: readonly Found['repository'][];
  /** Undefined when the server could not be asked. */
  readonly defaultBranch: string | undefined;
}

interface Shown {
  readonly key: string;
  readonly pull: number | undefined;
  readonly checks: ChecksState;
}

const stateIcons: Record<PullState, string> = {
  open: '$(git-pull-request)',
  draft: '$(git-pull-request-draft)',
  merged: '$(git-merge)',
  closed: '$(git-pull-request-closed)',
};

/** A merge scheduled for when the checks succeed. */
const scheduledIcon = '$(clock)';

function stateLabel(state: PullState): string {
  switch (state) {
    case 'open':
      return vscode.l10n.t('open');
    case 'draft':
      return vscode.l10n.t('draft');
    case 'merged':
      return vscode.l10n.t('merged');
    case 'closed':
      return vscode.l10n.t('closed');
  }
}

function checksLabel(checks: ChecksState): string {
  switch (checks) {
    case 'none':
      return vscode.l10n.t('none');
    case 'pending':
      return vscode.l10n.t('running');
    case 'success':
      return vscode.l10n.t('passed');
    case 'failure':
      return vscode.l10n.t('failed');
  }
}

const pagesSearched = 5;

/**
 * The current branch's pull request in the status bar: number, state and the head's checks; a click opens it,
 * or creates one when the branch has none (not on the default branch, which has nothing to propose). Follows
 * branch switches, the extension's own changes, window focus, and polls with a back-off while nothing changes.
 */
export class PullRequestStatusBar extends Disposable {
  readonly #item = this._register(
    vscode.window.createStatusBarItem('teahouse.pullRequest', vscode.StatusBarAlignment.Left, 9),
  );
  #shown: Shown | undefined;
  #delay: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #gitTimer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #rootPath: string | undefined;
  #again = false;
  #changed = false;
  /** `account owner/repo` → what the status bar needs of it. */
  readonly #repositories = new Map<string, Promise<RepositoryFacts>>();
  readonly #finished = this._register(new vscode.EventEmitter<FinishedChecks>());
  /** Fires with each "checks passed/failed" notification. */
  readonly onDidFinishChecks = this.#finished.event;

  constructor(
    private readonly accounts: AccountService,
    private readonly workspace: WorkspaceRepositories,
    changes: TrackerChanges,
    private readonly log: Log,
  ) {
    super();
    this.#item.name = vscode.l10n.t('Teahouse Pull Request');
    this._register({
      dispose: () => {
        clearTimeout(this.#timer);
        clearTimeout(this.#gitTimer);
      },
    });
    this._register(workspace.onDidChange(() => void this.refresh()));
    // in a workspace of several repositories, "the current branch" is the active editor's repository's
    this._register(
      vscode.window.onDidChangeActiveTextEditor(async () => {
        if ((await workspace.current())?.rootPath !== this.#rootPath) void this.refresh();
      }),
    );
    this._register(changes.onDidChange(() => void this.refresh()));
    this._register(
      vscode.window.onDidChangeWindowState((state) => {
        if (!state.focused) return;
        this.#delay = undefined;
        void this.refresh();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(pullRequestStatusBarSetting)) void this.refresh();
      }),
    );
    // a checkout rewrites HEAD: seen here sooner than through the git extension, and without it
    const head = this._register(vscode.workspace.createFileSystemWatcher('**/.git/HEAD'));
    this._register(head.onDidChange(() => this.#gitChanged()));
    this._register(head.onDidCreate(() => this.#gitChanged()));
    void this.#watchGit();
    void this.refresh();
  }

  get state(): PullRequestStatusBarState {
    const { tooltip, command } = this.#item;
    return {
      visible: this.#shown !== undefined,
      text: this.#item.text,
      tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
      command: typeof command === 'string' ? command : command?.command,
    };
  }

  /** Looks again now; resolves when the item shows the answer (a look already running is followed by one more). */
  refresh(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      this.#changed = false;
      do {
        this.#again = false;
        await this.#update().catch((error: unknown) =>
          this.log.debug(`status bar: the pull request of the branch: ${String(error)}`),
        );
      } while (this.#again && !this.isDisposed);
      // after a failed look too: a server that was away is asked again later
      this.#schedule();
    })().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #watchGit(): Promise<void> {
    const git = await gitApi();
    if (!git || this.isDisposed) return;
    const watch = (repository: { state: { onDidChange: vscode.Event<void> } }) =>
      this._register(repository.state.onDidChange(() => this.#gitChanged()));
    git.repositories.forEach(watch);
    this._register(git.onDidOpenRepository(watch));
  }

  /** A checkout, commit or fetch: several events in a row, one look once they settle. */
  #gitChanged(): void {
    clearTimeout(this.#gitTimer);
    this.#gitTimer = setTimeout(() => void this.refresh(), 300);
  }

  async #update(): Promise<void> {
    const enabled = vscode.workspace.getConfiguration().get<boolean>(pullRequestStatusBarSetting) ?? true;
    const match = enabled ? await this.workspace.current() : undefined;
    this.#rootPath = match?.rootPath;
    const head = match && (await branchHead(match.rootPath, `${match.owner}/${match.repo}`));
    if (!match || !head) {
      this.#show(undefined);
      return;
    }
    const facts = await this.#factsOf(match);
    const found = await this.#findPull(match, head, facts.bases);
    if (!found && isDefaultBranch(head, facts.defaultBranch)) {
      this.#show(undefined);
      return;
    }
    const combined = found ? await this.#combinedStatus(match, found) : undefined;
    const scheduled = found !== undefined && (await this.#mergeScheduled(match, found));
    this.#render(match, head, found, combined, scheduled);
  }

  /** Whether an open pull request merges once its checks succeed; a server that cannot say: no. */
  async #mergeScheduled(match: MatchedRepository, found: Found): Promise<boolean> {
    const state = pullState(found.pull);
    if (state !== 'open' && state !== 'draft') return false;
    const source = {
      account: match.account,
      client: await this.accounts.client(match.account),
      log: this.log,
      capabilities: this.accounts.capabilities(match.account),
    };
    const target = {
      kind: 'pullRequest',
      account: match.account.id,
      ...found.repository,
      index: found.pull.number,
    } as const;
    return isMergeScheduled(source, target).catch((error: unknown) => {
      this.log.debug(`status bar: no timeline for #${found.pull.number}: ${String(error)}`);
      return false;
    });
  }

  /** The workspace repository's default branch and where its pull requests may be: asked once, again after a failure. */
  #factsOf(match: MatchedRepository): Promise<RepositoryFacts> {
    const key = `${match.account.id} ${match.owner}/${match.repo}`;
    let facts = this.#repositories.get(key);
    if (!facts) {
      const own = { owner: match.owner, repo: match.repo };
      facts = (async (): Promise<RepositoryFacts> => {
        const client = await this.accounts.client(match.account);
        const repository = await client.api.repoGet(own);
        const parent = repository.fork ? repository.parent : undefined;
        return {
          bases: parent ? [own, { owner: parent.owner.login, repo: parent.name }] : [own],
          defaultBranch: repository.default_branch,
        };
      })().catch(() => {
        this.#repositories.delete(key);
        return { bases: [own], defaultBranch: undefined };
      });
      this.#repositories.set(key, facts);
    }
    return facts;
  }

  async #findPull(
    match: MatchedRepository,
    head: BranchHead,
    bases: RepositoryFacts['bases'],
  ): Promise<Found | undefined> {
    const client = await this.accounts.client(match.account);
    for (const repository of bases) {
      for (let page = 1; page <= pagesSearched; page++) {
        const open = await client.page('repoListPullRequests', {
          ...repository,
          state: 'open',
          page,
          limit: 50,
        });
        const pull = pickPullForBranch(open.items, head);
        if (pull) return { pull, repository };
        if (!open.hasNext) break;
      }
    }
    // merged or closed: the latest of the branch's, among the most recent
    for (const repository of bases) {
      const closed = await client.page('repoListPullRequests', {
        ...repository,
        state: 'closed',
        page: 1,
        limit: 50,
      });
      const pull = pickPullForBranch(closed.items, head);
      if (pull) return { pull, repository };
    }
    return undefined;
  }

  async #combinedStatus(match: MatchedRepository, found: Found): Promise<CombinedStatus | undefined> {
    const client = await this.accounts.client(match.account);
    const sha = found.pull.head.sha;
    // Gitea keeps a pull request's checks with the base repository, for the head's commit
    return client.api
      .repoGetCombinedStatusByRef({ ...found.repository, ref: sha })
      .catch((error: unknown) => {
        this.log.debug(`status bar: no combined status for ${sha}: ${String(error)}`);
        return undefined;
      });
  }

  #render(
    match: MatchedRepository,
    head: BranchHead,
    found: Found | undefined,
    combined: CombinedStatus | undefined,
    scheduled: boolean,
  ): void {
    if (!found) {
      const repository = `${match.owner}/${match.repo}`;
      this.#item.text = vscode.l10n.t('$(git-pull-request-create) Create Pull Request');
      this.#item.accessibilityInformation = {
        label: vscode.l10n.t('No pull request for {0}: create one', head.branch),
      };
      this.#item.tooltip = vscode.l10n.t(
        '{0} has no pull request in {1}. Click to create one.',
        head.branch,
        repository,
      );
      this.#item.command = {
        command: 'teahouse.createPullRequest',
        title: vscode.l10n.t('Create Pull Request'),
        arguments: [{ account: match.account.id, repository }],
      };
      this.#show({ key: `none:${repository}:${head.branch}`, pull: undefined, checks: 'none' });
      return;
    }
    const { pull } = found;
    const repository = `${found.repository.owner}/${found.repository.repo}`;
    const state = pullState(pull);
    const checks = checksState(combined);
    const icon = checksIcons[checks];
    const merging = scheduled ? ` ${scheduledIcon}` : '';
    this.#item.text = `${stateIcons[state]} #${pull.number} ${stateLabel(state)}${merging}${icon ? ` ${icon}` : ''}`;
    const willMerge = vscode.l10n.t('merges when the checks succeed');
    // the icons say nothing to a screen reader
    this.#item.accessibilityInformation = {
      label: `${vscode.l10n.t(
        'Pull request #{0}, {1}, checks: {2}',
        pull.number,
        stateLabel(state),
        checksLabel(checks),
      )}${scheduled ? `, ${willMerge}` : ''}`,
    };
    const contexts = (
      (combined?.statuses ?? []) as readonly { context: string; status: string; description: string }[]
    ).map(
      (status) =>
        `${status.status} — ${status.context}${status.description ? `: ${status.description}` : ''}`,
    );
    this.#item.tooltip = [
      `#${pull.number} ${pull.title}`,
      `${pull.base.ref} ← ${pull.head.label || pull.head.ref}`,
      ...(scheduled ? [vscode.l10n.t('Merges when the checks succeed.')] : []),
      ...contexts,
    ].join('\n');
    const openArgs = { account: match.account.id, repository, index: pull.number };
    this.#item.command = {
      command: 'teahouse.openPullRequest',
      title: vscode.l10n.t('Open Pull Request'),
      arguments: [openArgs],
    };
    const previous = this.#shown;
    this.#show({
      key: `${repository}#${pull.number}:${state}:${checks}:${scheduled}`,
      pull: pull.number,
      checks,
    });
    if (previous?.pull === pull.number && checksFinished(previous.checks, checks)) {
      void this.#announceChecks(pull, checks, openArgs);
      this.#finished.fire({
        repository,
        number: pull.number,
        checks: checks === 'success' ? 'success' : 'failure',
      });
    }
  }

  async #announceChecks(pull: PullRequest, checks: ChecksState, openArgs: object): Promise<void> {
    const open = vscode.l10n.t('Open');
    const answer =
      checks === 'success'
        ? await vscode.window.showInformationMessage(
            vscode.l10n.t('The checks of #{0} passed.', pull.number),
            open,
          )
        : await vscode.window.showWarningMessage(
            vscode.l10n.t('The checks of #{0} failed.', pull.number),
            open,
          );
    if (answer === open) await vscode.commands.executeCommand('teahouse.openPullRequest', openArgs);
  }

  /** Shows, or hides for undefined; a change brings the next poll close again. */
  #show(shown: Shown | undefined): void {
    if (shown?.key !== this.#shown?.key) this.#changed = true;
    this.#shown = shown;
    if (shown) this.#item.show();
    else this.#item.hide();
  }

  /** The next poll while the item shows: soon after a change, later and later while nothing changes. */
  #schedule(): void {
    this.#delay = nextPollDelay(this.#delay, this.#changed);
    clearTimeout(this.#timer);
    if (this.#shown && !this.isDisposed) this.#timer = setTimeout(() => void this.refresh(), this.#delay);
  }
}
