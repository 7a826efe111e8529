import * as vscode from 'vscode';
import type { Issue } from '../../api/types';
import type { Account } from '../accounts/account';
import { requirementText } from '../util/requirementText';
import { searchIssues, type IssueSearch, type IssueSearchResult } from '../views/issueSearch';
import { savedQueriesSetting, searchAsQueryEntry } from '../views/savedQueries';
import type { RepoRef, TreeNode } from '../views/nodes';
import { registerCommand } from './errorReporter';
import type { Services } from './services';
import { findAccount, isTreeNode, optionsArg } from './targets';

/** What the command accepts besides a tree node; with `text` it searches once and returns the items. */
export interface SearchIssuesArgs {
  readonly account?: string;
  readonly repository?: string;
  /** every repository the account can see, even when run from a repository */
  readonly everywhere?: boolean;
  readonly pulls?: boolean;
  readonly state?: 'open' | 'closed' | 'all';
  readonly text?: string;
}

interface SearchPlace {
  readonly account: Account;
  readonly repository: RepoRef | undefined;
}

/** How long typing pauses before the server is asked. */
const debounceMs = 250;

function placeOfNode(node: TreeNode): SearchPlace | undefined {
  if (node.kind === 'scope' || node.kind === 'group' || node.kind === 'savedQuery') {
    return {
      account: node.scope.account,
      repository: node.scope.kind === 'repository' ? node.scope.ref : undefined,
    };
  }
  if (node.kind === 'issue') return { account: node.account, repository: node.ref };
  return node.parent ? placeOfNode(node.parent) : undefined;
}

/** The node's repository, the arguments', else this workspace's first, else the default account's everything. */
async function placeOf(services: Services, arg: unknown, args: SearchIssuesArgs): Promise<SearchPlace> {
  const fromNode = isTreeNode(arg) ? placeOfNode(arg) : undefined;
  if (fromNode) return fromNode;
  if (args.repository !== undefined) {
    const [owner, repo, ...rest] = args.repository.split('/');
    if (!owner || !repo || rest.length > 0) {
      throw new Error(vscode.l10n.t('Say which repository: {0}', '{ repository: "owner/name" }'));
    }
    return { account: findAccount(services, args.account), repository: { owner, repo } };
  }
  if (args.account !== undefined)
    return { account: findAccount(services, args.account), repository: undefined };
  const [match] = await services.workspace.matches();
  if (match) return { account: match.account, repository: { owner: match.owner, repo: match.repo } };
  return { account: findAccount(services, undefined), repository: undefined };
}

function icon(issue: Issue): string {
  if (issue.pull_request != null) {
    if (issue.pull_request.merged) return '$(git-merge)';
    return issue.state === 'closed' ? '$(git-pull-request-closed)' : '$(git-pull-request)';
  }
  return issue.state === 'closed' ? '$(issue-closed)' : '$(issues)';
}

interface ResultItem extends vscode.QuickPickItem {
  readonly issue?: Issue;
}

function resultItems(result: IssueSearchResult, typed: boolean): ResultItem[] {
  if (result.kind === 'unavailable') {
    return [
      {
        label: `$(info) ${vscode.l10n.t('The server cannot search here: {0}', requirementText(result.note))}`,
        alwaysShow: true,
      },
    ];
  }
  if (result.items.length === 0 && typed) return [{ label: vscode.l10n.t('No matches'), alwaysShow: true }];
  return result.items.map((issue) => ({
    label: `${icon(issue)} #${issue.number} ${issue.title}`,
    description: issue.repository?.full_name ?? '',
    detail: (issue.labels ?? []).map((label) => label.name).join(', ') || undefined,
    // the server has matched them: the quick pick must not filter them again by label
    alwaysShow: true,
    issue,
  }));
}

async function openResult(account: Account, issue: Issue): Promise<void> {
  const repository = issue.repository?.full_name;
  if (!repository) return;
  await vscode.commands.executeCommand(
    issue.pull_request != null ? 'teahouse.openPullRequest' : 'teahouse.openIssue',
    { account: account.id, repository, index: issue.number },
  );
}

/** "Save as a Query": the search's text, kind and repository as an entry of `teahouse.queries`. */
async function saveAsQuery(
  services: Services,
  text: string,
  pulls: boolean | undefined,
  repository: RepoRef | undefined,
): Promise<void> {
  try {
    if (text.trim() === '') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Type what to search for first.'));
      return;
    }
    let kind = pulls;
    if (kind === undefined) {
      const picked = await vscode.window.showQuickPick(
        [
          { label: vscode.l10n.t('Issues'), pulls: false },
          { label: vscode.l10n.t('Pull Requests'), pulls: true },
        ],
        { title: vscode.l10n.t('Which view shows the query?') },
      );
      if (!picked) return;
      kind = picked.pulls;
    }
    const label = await vscode.window.showInputBox({
      title: vscode.l10n.t('Name of the query'),
      value: text.trim(),
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Type a name') : undefined),
    });
    if (!label) return;
    const configuration = vscode.workspace.getConfiguration();
    const current = configuration.get<unknown[]>(savedQueriesSetting) ?? [];
    const entry = searchAsQueryEntry({ label: label.trim(), text, pulls: kind, repository });
    await configuration.update(savedQueriesSetting, [...current, entry], vscode.ConfigurationTarget.Global);
  } catch (error) {
    services.errors.report('teahouse.searchIssues', error);
  }
}

/** The quick pick: asks the server as the user types, drops answers to text typed past. */
function showSearch(
  services: Services,
  place: SearchPlace,
  base: Omit<IssueSearch, 'text' | 'repository'>,
): void {
  const picker = vscode.window.createQuickPick<ResultItem>();
  const scopeButton = (everywhere: boolean): vscode.QuickInputButton =>
    everywhere
      ? {
          iconPath: new vscode.ThemeIcon('repo'),
          tooltip: vscode.l10n.t(
            'Search in {0}/{1}',
            place.repository?.owner ?? '',
            place.repository?.repo ?? '',
          ),
        }
      : { iconPath: new vscode.ThemeIcon('globe'), tooltip: vscode.l10n.t('Search everywhere') };
  const saveButton: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('save'),
    tooltip: vscode.l10n.t('Save as a Query in the Views'),
  };
  let everywhere = place.repository === undefined;
  const describe = () => {
    const kind =
      base.pulls === undefined
        ? vscode.l10n.t('Search Issues and Pull Requests')
        : base.pulls
          ? vscode.l10n.t('Search Pull Requests')
          : vscode.l10n.t('Search Issues');
    picker.title =
      everywhere || !place.repository
        ? vscode.l10n.t('{0} everywhere', kind)
        : vscode.l10n.t('{0} in {1}/{2}', kind, place.repository.owner, place.repository.repo);
    picker.buttons = [...(place.repository ? [scopeButton(everywhere)] : []), saveButton];
  };
  describe();
  picker.placeholder = vscode.l10n.t('Type words of a title or a description');
  picker.matchOnDescription = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  const run = async (): Promise<void> => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const text = picker.value;
    picker.busy = text.trim() !== '';
    try {
      const client = await services.accounts.client(place.account);
      const result = await searchIssues(
        client,
        services.accounts.capabilities(place.account),
        { ...base, text, repository: everywhere ? undefined : place.repository },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      picker.items = resultItems(result, text.trim() !== '');
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      picker.items = [{ label: `$(error) ${message}`, alwaysShow: true }];
    } finally {
      if (running === controller) picker.busy = false;
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    running?.abort();
    timer = setTimeout(() => void run(), debounceMs);
  };
  picker.onDidChangeValue(schedule);
  picker.onDidTriggerButton((button) => {
    if (button === saveButton) {
      const text = picker.value;
      picker.hide();
      void saveAsQuery(services, text, base.pulls, everywhere ? undefined : place.repository);
      return;
    }
    everywhere = !everywhere;
    describe();
    schedule();
  });
  picker.onDidAccept(() => {
    const issue = picker.selectedItems[0]?.issue;
    if (!issue) return;
    picker.hide();
    void openResult(place.account, issue);
  });
  picker.onDidHide(() => {
    if (timer) clearTimeout(timer);
    running?.abort();
    picker.dispose();
  });
  picker.show();
}

/**
 * "Search Issues and Pull Requests…": the server's text search as a quick pick, in the current repository
 * (a button widens it to everywhere). With `{ text }` it searches once, shows nothing and returns the items.
 */
async function searchCommand(
  services: Services,
  arg: unknown,
  pulls: boolean | undefined,
): Promise<readonly Issue[] | undefined> {
  const args = optionsArg<SearchIssuesArgs>(arg);
  const place = await placeOf(services, arg, args);
  const base = {
    pulls: args.pulls ?? pulls,
    state: args.state ?? 'all',
    me: place.account.username,
  } as const;
  if (args.text === undefined) {
    showSearch(services, place, base);
    return undefined;
  }
  const result = await searchIssues(
    await services.accounts.client(place.account),
    services.accounts.capabilities(place.account),
    { ...base, text: args.text, repository: args.everywhere ? undefined : place.repository },
  );
  if (result.kind === 'unavailable') throw new Error(requirementText(result.note));
  return result.items;
}

export function registerSearchIssuesCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.searchIssues', (arg) => searchCommand(services, arg, undefined)),
    registerCommand(errors, 'teahouse.issues.search', (arg) => searchCommand(services, arg, false)),
    registerCommand(errors, 'teahouse.pullRequests.search', (arg) => searchCommand(services, arg, true)),
  ];
}
