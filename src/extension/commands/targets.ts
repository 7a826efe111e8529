import * as vscode from 'vscode';
import type { TeahouseClient } from '../../api/client';
import { accountLabel, type Account } from '../accounts/account';
import type { IssueSummary, RepoRef, TreeNode } from '../views/nodes';
import { summarizeIssue } from '../views/nodes';
import type { Services } from './services';

/**
 * What commands accept besides tree nodes, so tests and other extensions can call them without prompts:
 * `{ account?: '<account id>', repository: 'owner/repo', index?: 7 }` (or `owner` and `repo` apart).
 */
export interface TargetArgs {
  readonly account?: string;
  readonly repository?: string;
  readonly owner?: string;
  readonly repo?: string;
  readonly index?: number;
}

export interface RepoTarget {
  readonly account: Account;
  readonly client: TeahouseClient;
  readonly ref: RepoRef;
  /** The node the command was run on, if any. */
  readonly node: TreeNode | undefined;
}

export interface IssueTarget extends RepoTarget {
  readonly index: number;
  readonly issue: IssueSummary | undefined;
}

export function isTreeNode(value: unknown): value is TreeNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    'id' in value &&
    typeof value.id === 'string'
  );
}

function asArgs(value: unknown): TargetArgs | undefined {
  return typeof value === 'object' && value !== null && !isTreeNode(value)
    ? (value as TargetArgs)
    : undefined;
}

function accountOf(node: TreeNode): Account | undefined {
  if ('account' in node) return node.account;
  if ('scope' in node) return node.scope.account;
  return node.parent ? accountOf(node.parent) : undefined;
}

function refOf(node: TreeNode): RepoRef | undefined {
  switch (node.kind) {
    case 'repository':
      return { owner: node.repository.owner.login, repo: node.repository.name };
    case 'branch':
    case 'issue':
    case 'release':
    case 'wikiPage':
      return node.ref;
    case 'folder':
      return node.ref;
    case 'scope':
    case 'group':
    case 'savedQuery':
      return node.scope.kind === 'repository' ? node.scope.ref : undefined;
    default:
      return undefined;
  }
}

export function findAccount(services: Services, id: string | undefined): Account {
  const account = id === undefined ? services.accounts.defaultAccount() : services.accounts.get(id);
  if (!account) {
    throw new Error(
      id === undefined
        ? vscode.l10n.t('Add a server first ("Teahouse: Add Server…") or start the local server.')
        : vscode.l10n.t('There is no Teahouse account "{0}".', id),
    );
  }
  return account;
}

function parseRepository(args: TargetArgs): RepoRef | undefined {
  if (args.owner && args.repo) return { owner: args.owner, repo: args.repo };
  const [owner, repo, ...rest] = (args.repository ?? '').split('/');
  return owner && repo && rest.length === 0 ? { owner, repo } : undefined;
}

/** The repository a command acts on: the node's, the arguments', else "this repository" or a pick. */
export async function resolveRepository(services: Services, arg: unknown): Promise<RepoTarget | undefined> {
  if (isTreeNode(arg)) {
    const account = accountOf(arg);
    const ref = refOf(arg);
    if (account && ref) return { account, ref, client: await services.accounts.client(account), node: arg };
  }
  const args = asArgs(arg);
  if (args) {
    const ref = parseRepository(args);
    if (!ref) throw new Error(vscode.l10n.t('Say which repository: {0}', '{ repository: "owner/name" }'));
    const account = findAccount(services, args.account);
    return { account, ref, client: await services.accounts.client(account), node: undefined };
  }
  return pickRepository(services);
}

async function pickRepository(services: Services): Promise<RepoTarget | undefined> {
  const matches = await services.workspace.matches();
  const other = { label: vscode.l10n.t('$(repo) Another repository…'), match: undefined };
  const items = matches.map((match) => ({
    label: `${match.owner}/${match.repo}`,
    description: accountLabel(match.account),
    match,
  }));
  let chosen = items.length === 1 ? items[0] : undefined;
  if (!chosen) {
    const picked = await vscode.window.showQuickPick([...items, other], {
      title: vscode.l10n.t('Repository'),
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    chosen = picked.match ? (picked as (typeof items)[number]) : undefined;
    if (!chosen) {
      const account = findAccount(services, undefined);
      const typed = await vscode.window.showInputBox({
        title: vscode.l10n.t('Repository on {0}', accountLabel(account)),
        placeHolder: 'owner/name',
        validateInput: (value) =>
          parseRepository({ repository: value.trim() }) ? undefined : vscode.l10n.t('Type owner/name'),
      });
      const ref = typed ? parseRepository({ repository: typed.trim() }) : undefined;
      return ref
        ? { account, ref, client: await services.accounts.client(account), node: undefined }
        : undefined;
    }
  }
  const { match } = chosen;
  return {
    account: match.account,
    ref: { owner: match.owner, repo: match.repo },
    client: await services.accounts.client(match.account),
    node: undefined,
  };
}

/** The issue (or pull request) a command acts on: the node's, `args.index`, else a pick of open ones. */
export async function resolveIssue(
  services: Services,
  arg: unknown,
  pulls: boolean,
): Promise<IssueTarget | undefined> {
  if (isTreeNode(arg) && arg.kind === 'issue') {
    return {
      account: arg.account,
      ref: arg.ref,
      client: await services.accounts.client(arg.account),
      node: arg,
      index: arg.issue.number,
      issue: arg.issue,
    };
  }
  const repository = await resolveRepository(services, arg);
  if (!repository) return undefined;
  const index = asArgs(arg)?.index;
  if (typeof index === 'number') return { ...repository, index, issue: undefined };
  const issues = await repository.client.page('issueListIssues', {
    ...repository.ref,
    type: pulls ? 'pulls' : 'issues',
    state: 'open',
    limit: 50,
  });
  const picked = await vscode.window.showQuickPick(
    issues.items.map((issue) => ({
      label: `#${issue.number} ${issue.title}`,
      description: issue.labels.map((l) => l.name).join(', '),
      issue,
    })),
    {
      title: pulls ? vscode.l10n.t('Pull request') : vscode.l10n.t('Issue'),
      matchOnDescription: true,
      ignoreFocusOut: true,
    },
  );
  return picked
    ? { ...repository, index: picked.issue.number, issue: summarizeIssue(picked.issue) }
    : undefined;
}

/** The second argument of a command run from a menu is the selection; only a plain object is options. */
export function optionsArg<T extends object>(value: unknown): Partial<T> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isTreeNode(value)
    ? (value as Partial<T>)
    : {};
}

/** Options of a command: the plain-object first argument, merged with a plain-object second one. */
export function commandOptions<T extends object>(first: unknown, second: unknown): Partial<T> {
  return { ...optionsArg<T>(first), ...optionsArg<T>(second) };
}
