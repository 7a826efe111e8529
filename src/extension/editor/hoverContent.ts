import * as vscode from 'vscode';
import type { Issue, User } from '../../api/types';
import type { RepoRef } from '../views/nodes';

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>$~]/g, '\\$&');
}

/** open, closed or merged, as the server's pages say it. */
export function issueState(issue: Issue): 'open' | 'closed' | 'merged' {
  return issue.pull_request?.merged ? 'merged' : issue.state;
}

function issueIcon(issue: Issue): string {
  if (!issue.pull_request) return issue.state === 'open' ? 'issues' : 'issue-closed';
  if (issue.pull_request.merged) return 'git-merge';
  return issue.state === 'open' ? 'git-pull-request' : 'git-pull-request-closed';
}

/** Title, kind and state, repository and author, labels: what a hover on `#12` shows. */
export function issueMarkdown(issue: Issue, ref: RepoRef): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  const kind = issue.pull_request ? vscode.l10n.t('Pull request') : vscode.l10n.t('Issue');
  markdown.appendMarkdown(`$(${issueIcon(issue)}) **${escapeMarkdown(issue.title)}** #${issue.number}\n\n`);
  const state = issueState(issue);
  const stateText =
    state === 'merged'
      ? vscode.l10n.t('merged')
      : state === 'closed'
        ? vscode.l10n.t('closed')
        : vscode.l10n.t('open');
  const by = issue.user?.login ? ` · ${vscode.l10n.t('by {0}', escapeMarkdown(issue.user.login))}` : '';
  markdown.appendMarkdown(`${kind} · ${stateText} · ${escapeMarkdown(`${ref.owner}/${ref.repo}`)}${by}`);
  const labels = issue.labels ?? [];
  if (labels.length > 0) {
    const names = labels.map((label) => `\`${label.name.replace(/`/g, "'")}\``).join(' ');
    markdown.appendMarkdown(`\n\n${vscode.l10n.t('Labels')}: ${names}`);
  }
  if (issue.html_url)
    markdown.appendMarkdown(`\n\n[${vscode.l10n.t('Open in browser')}](${encodeURI(issue.html_url)})`);
  return markdown;
}

/** Avatar, full name and login: what a hover on `@user` shows. */
export function userMarkdown(user: User): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  if (user.avatar_url) markdown.appendMarkdown(`![](${encodeURI(user.avatar_url)}|width=48,height=48)\n\n`);
  const login = escapeMarkdown(user.login);
  markdown.appendMarkdown(
    user.full_name ? `**${escapeMarkdown(user.full_name)}** @${login}` : `**@${login}**`,
  );
  if (user.description) markdown.appendMarkdown(`\n\n${escapeMarkdown(user.description)}`);
  if (user.html_url)
    markdown.appendMarkdown(`\n\n[${vscode.l10n.t('Open profile')}](${encodeURI(user.html_url)})`);
  return markdown;
}
