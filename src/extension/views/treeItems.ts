import * as vscode from 'vscode';
import { describeProfile } from '../../api/serverProfile';
import { accountLabel, serverLabel } from '../accounts/account';
import type { FolderKind, IssueGroup, IssueSummary, NodeOf, TreeNode } from './nodes';
import { notificationItem } from './notificationsItem';
import { changedFileItem, changeFolderItem, pullCommitItem, pullCommitsItem } from '../review/changeItems';
import { requirementText } from '../util/requirementText';
import { wikiPageItem } from '../wiki/wikiTree';

const C = vscode.TreeItemCollapsibleState;

const folderIcons: Record<FolderKind, string> = {
  myRepositories: 'repo',
  starred: 'star',
  byOrganization: 'organization',
  branches: 'git-branch',
  openIssues: 'issues',
  openPulls: 'git-pull-request',
  releases: 'tag',
  wiki: 'book',
  teams: 'organization',
  members: 'person',
  repositories: 'repo',
  teamMembers: 'person',
  teamRepositories: 'repo',
};

export function groupLabel(group: IssueGroup, state: 'open' | 'closed' | 'all'): string {
  switch (group) {
    case 'assigned':
      return vscode.l10n.t('Assigned to Me');
    case 'created':
      return vscode.l10n.t('Created by Me');
    case 'mentioned':
      return vscode.l10n.t('Mentioning Me');
    case 'reviewRequested':
      return vscode.l10n.t('Waiting for My Review');
    case 'all':
      return state === 'open'
        ? vscode.l10n.t('All Open')
        : state === 'closed'
          ? vscode.l10n.t('All Closed')
          : vscode.l10n.t('All');
  }
}

/** `issue.open`, `pullRequest.merged`…: what `viewItem` when-clauses test. */
export function issueContextValue(issue: IssueSummary): string {
  const flags = `${issue.pinned ? '.pinned' : ''}${issue.locked ? '.locked' : ''}`;
  if (!issue.isPull) return `issue.${issue.state}${flags}`;
  return `pullRequest.${issue.merged ? 'merged' : issue.state}${flags}`;
}

function issueIcon(issue: IssueSummary): vscode.ThemeIcon {
  // a pinned item keeps its state's colour under the pin
  if (issue.pinned) return new vscode.ThemeIcon('pinned', stateIcon(issue).color);
  return stateIcon(issue);
}

function stateIcon(issue: IssueSummary): vscode.ThemeIcon {
  if (!issue.isPull) {
    return issue.state === 'open'
      ? new vscode.ThemeIcon('issues', new vscode.ThemeColor('charts.green'))
      : new vscode.ThemeIcon('issue-closed', new vscode.ThemeColor('charts.purple'));
  }
  if (issue.merged) return new vscode.ThemeIcon('git-merge', new vscode.ThemeColor('charts.purple'));
  if (issue.state === 'closed')
    return new vscode.ThemeIcon('git-pull-request-closed', new vscode.ThemeColor('charts.red'));
  if (issue.draft) return new vscode.ThemeIcon('git-pull-request-draft');
  return new vscode.ThemeIcon('git-pull-request', new vscode.ThemeColor('charts.green'));
}

function issueItem(node: NodeOf<'issue'>): vscode.TreeItem {
  const { issue, ref } = node;
  // a pull request expands to its commits and changed files
  const item = new vscode.TreeItem(`#${issue.number} ${issue.title}`, issue.isPull ? C.Collapsed : C.None);
  const state = issue.merged
    ? vscode.l10n.t('merged')
    : issue.state === 'closed'
      ? vscode.l10n.t('closed')
      : undefined;
  const parts = [
    ...(issue.pinned ? [vscode.l10n.t('pinned')] : []),
    ...(state ? [state] : []),
    ...(issue.locked ? [vscode.l10n.t('locked')] : []),
    ...issue.labels.map((label) => label.name),
  ];
  if (issue.isPull && issue.head && issue.base) parts.push(`${issue.head} → ${issue.base}`);
  item.description = parts.join(' · ');
  item.iconPath = issueIcon(issue);
  item.contextValue = issueContextValue(issue);
  item.command = {
    command: issue.isPull ? 'teahouse.openPullRequest' : 'teahouse.openIssue',
    title: issue.isPull ? vscode.l10n.t('Open Pull Request') : vscode.l10n.t('Open Issue'),
    arguments: [node],
  };
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(
    `$(${issue.isPull ? 'git-pull-request' : 'issues'}) **${escape(issue.title)}** #${issue.number}\n\n`,
  );
  tooltip.appendMarkdown(
    `${escape(`${ref.owner}/${ref.repo}`)} · ${escape(issue.author)} · ${state ?? vscode.l10n.t('open')}`,
  );
  if (issue.labels.length > 0)
    tooltip.appendMarkdown(
      `\n\n${vscode.l10n.t('Labels')}: ${issue.labels.map((l) => escape(l.name)).join(', ')}`,
    );
  if (issue.milestone)
    tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Milestone')}: ${escape(issue.milestone)}`);
  if (issue.assignees.length > 0)
    tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Assignees')}: ${issue.assignees.map(escape).join(', ')}`);
  tooltip.appendMarkdown(`\n\n$(comment) ${issue.comments}`);
  item.tooltip = tooltip;
  return item;
}

function repositoryItem(node: NodeOf<'repository'>): vscode.TreeItem {
  const repository = node.repository;
  const item = new vscode.TreeItem(node.showOwner ? repository.full_name : repository.name, C.Collapsed);
  const flags = [
    ...(repository.private ? [vscode.l10n.t('private')] : []),
    ...(repository.fork ? [vscode.l10n.t('fork')] : []),
    ...(repository.archived ? [vscode.l10n.t('archived')] : []),
    `★ ${repository.stars_count ?? 0}`,
  ];
  item.description = flags.join(' · ');
  const icon = repository.archived
    ? 'archive'
    : repository.private
      ? 'lock'
      : repository.fork
        ? 'repo-forked'
        : 'repo';
  item.iconPath = new vscode.ThemeIcon(icon);
  // `.remote`: a repository of a server other than the local one, which can be taken offline
  item.contextValue = `${repository.permissions?.admin ? 'repository.admin' : 'repository'}${node.account.kind === 'local' ? '' : '.remote'}`;
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(`$(repo) **${escape(repository.full_name)}**`);
  if (repository.description) tooltip.appendMarkdown(`\n\n${escape(repository.description)}`);
  tooltip.appendMarkdown(
    `\n\n$(star) ${repository.stars_count ?? 0} · $(repo-forked) ${repository.forks_count ?? 0} · $(eye) ${repository.watchers_count ?? 0} · $(issues) ${repository.open_issues_count ?? 0} · $(git-pull-request) ${repository.open_pr_counter ?? 0}`,
  );
  item.tooltip = tooltip;
  return item;
}

function folderItem(node: NodeOf<'folder'>): vscode.TreeItem {
  const expanded = node.folder === 'myRepositories';
  const item = new vscode.TreeItem(node.label, expanded ? C.Expanded : C.Collapsed);
  item.iconPath = new vscode.ThemeIcon(folderIcons[node.folder]);
  if (node.count !== undefined) item.description = String(node.count);
  item.contextValue = `folder.${node.folder}`;
  return item;
}

/** The TreeItem of any node. Ids are the nodes' ids, so expansion and selection survive refreshes. */
export function toTreeItem(node: TreeNode, viewId: string): vscode.TreeItem {
  const item = itemOf(node, viewId);
  item.id = node.id;
  return item;
}

function itemOf(node: TreeNode, viewId: string): vscode.TreeItem {
  switch (node.kind) {
    case 'account': {
      const item = new vscode.TreeItem(accountLabel(node.account), C.Expanded);
      item.description =
        node.account.kind === 'local' ? node.account.serverUrl : serverLabel(node.account.serverUrl);
      item.iconPath = new vscode.ThemeIcon(node.account.kind === 'local' ? 'server' : 'account');
      item.contextValue = node.account.kind === 'local' ? 'account.local' : 'account';
      const tooltip = new vscode.MarkdownString(
        `**${escape(node.account.username)}** — ${escape(node.account.serverUrl)}`,
      );
      const profile = node.account.profile;
      tooltip.appendMarkdown(
        `\n\n${escape(profile ? describeProfile(profile) : vscode.l10n.t('Server version not read yet'))}`,
      );
      if (profile && !profile.limitsFromServer)
        tooltip.appendMarkdown(`\n\n${vscode.l10n.t('No /settings/api: Gitea defaults assumed')}`);
      item.tooltip = tooltip;
      return item;
    }
    case 'folder':
      return folderItem(node);
    case 'repository':
      return repositoryItem(node);
    case 'branch': {
      const item = new vscode.TreeItem(node.branch.name, C.None);
      const parts = [node.branch.commit?.id?.slice(0, 8) ?? ''];
      if (node.isDefault) parts.push(vscode.l10n.t('default'));
      if (node.branch.protected) parts.push(vscode.l10n.t('protected'));
      item.description = parts.filter(Boolean).join(' · ');
      item.iconPath = new vscode.ThemeIcon('git-branch');
      item.contextValue = 'branch';
      item.tooltip = node.branch.commit?.message;
      return item;
    }
    case 'issue':
      return issueItem(node);
    case 'wikiPage':
      return wikiPageItem(node);
    case 'release': {
      const release = node.release;
      const item = new vscode.TreeItem(release.name || release.tag_name, C.None);
      const parts = [release.tag_name];
      if (release.draft) parts.push(vscode.l10n.t('draft'));
      if (release.prerelease) parts.push(vscode.l10n.t('pre-release'));
      item.description = parts.join(' · ');
      item.iconPath = new vscode.ThemeIcon(release.draft ? 'tag' : 'package');
      item.contextValue = 'release';
      item.tooltip = new vscode.MarkdownString(release.body || release.tag_name);
      return item;
    }
    case 'organization': {
      const org = node.organization;
      const item = new vscode.TreeItem(org.username ?? org.name, C.Collapsed);
      item.description = org.full_name || undefined;
      item.iconPath = new vscode.ThemeIcon('organization');
      item.contextValue = 'organization';
      item.tooltip = new vscode.MarkdownString(
        `$(organization) **${escape(org.username ?? org.name)}**${org.description ? `\n\n${escape(org.description)}` : ''}`,
        true,
      );
      return item;
    }
    case 'team': {
      const item = new vscode.TreeItem(node.team.name, C.Collapsed);
      item.description = node.team.permission;
      item.iconPath = new vscode.ThemeIcon('people');
      item.contextValue = 'team';
      item.tooltip = node.team.description || undefined;
      return item;
    }
    case 'user': {
      const item = new vscode.TreeItem(node.user.login, C.None);
      item.description = node.user.full_name || undefined;
      item.iconPath = new vscode.ThemeIcon('person');
      item.contextValue = 'user';
      return item;
    }
    case 'scope': {
      const label =
        node.scope.kind === 'repository'
          ? `${node.scope.ref.owner}/${node.scope.ref.repo}`
          : accountLabel(node.scope.account);
      const item = new vscode.TreeItem(label, C.Expanded);
      item.description =
        node.scope.kind === 'repository'
          ? serverLabel(node.scope.account.serverUrl)
          : vscode.l10n.t('all repositories');
      item.iconPath = new vscode.ThemeIcon(node.scope.kind === 'repository' ? 'repo' : 'account');
      item.contextValue = 'scope';
      return item;
    }
    case 'group': {
      const item = new vscode.TreeItem(node.label, node.group === 'all' ? C.Expanded : C.Collapsed);
      item.iconPath = new vscode.ThemeIcon(
        node.group === 'all'
          ? 'list-unordered'
          : node.group === 'assigned'
            ? 'person'
            : node.group === 'created'
              ? 'edit'
              : node.group === 'reviewRequested'
                ? 'eye'
                : 'mention',
      );
      item.contextValue = 'group';
      if (node.unavailable !== undefined) {
        item.description = requirementText(node.unavailable);
        item.collapsibleState = C.Collapsed;
      }
      return item;
    }
    case 'savedQuery': {
      const item = new vscode.TreeItem(node.label, C.Collapsed);
      item.iconPath = new vscode.ThemeIcon('filter');
      item.contextValue = 'savedQuery';
      item.tooltip = vscode.l10n.t('Saved query (setting {0})', 'teahouse.queries');
      if (node.unavailable !== undefined) item.description = requirementText(node.unavailable);
      return item;
    }
    case 'notification':
      return notificationItem(node);
    case 'pullCommits':
      return pullCommitsItem();
    case 'pullCommit':
      return pullCommitItem(node);
    case 'changeFolder':
      return changeFolderItem(node);
    case 'changedFile':
      return changedFileItem(node);
    case 'loadMore': {
      const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), C.None);
      item.iconPath = new vscode.ThemeIcon('more');
      item.command = {
        command: 'teahouse.loadMore',
        title: vscode.l10n.t('Load more'),
        arguments: [node, viewId],
      };
      item.contextValue = 'loadMore';
      return item;
    }
    case 'message': {
      const text = requirementText(node.text);
      const item = new vscode.TreeItem(text, C.None);
      item.iconPath = new vscode.ThemeIcon(node.severity === 'error' ? 'error' : 'info');
      item.tooltip = node.detail ?? text;
      item.contextValue = `message.${node.severity}`;
      return item;
    }
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>$]/g, '\\$&');
}
