import type { HookMeta } from '../hookRules';
import type { MessageSummary } from './messageSummary';

/** Slack's incoming-webhook message, as Gitea's SlackPayload. */
export interface SlackPayload {
  channel: string;
  text: string;
  username: string;
  icon_url: string;
  unfurl_links: number;
  link_names: number;
  attachments: SlackAttachment[];
}

export interface SlackAttachment {
  fallback: string;
  color: string;
  title: string;
  title_link: string;
  text: string;
}

/** Slack's escaping: only `&`, `<` and `>` mean something in its text. */
export const slackText = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export const slackLink = (url: string, text: string): string =>
  url === '' ? slackText(text) : `<${url}|${slackText(text)}>`;

const hex = (color: number): string => `#${color.toString(16).padStart(6, '0')}`;

/** `[repo] headline by sender`, with the details (commits, a body) in one attachment. */
export function toSlackPayload(summary: MessageSummary, meta: HookMeta): SlackPayload {
  const text = `[${slackLink(summary.repoUrl, summary.repoName)}] ${slackLink(summary.url, summary.headline)} by ${slackLink(summary.sender.url, summary.sender.login)}`;
  const details =
    summary.commits.length > 0
      ? summary.commits
          .map(
            (commit) =>
              `${slackLink(commit.url, commit.id.slice(0, 7))}: ${slackText(commit.message)} - ${slackText(commit.author)}`,
          )
          .join('\n')
      : slackText(summary.description);
  const attachments: SlackAttachment[] =
    details === ''
      ? []
      : [
          {
            fallback: summary.headline,
            color: meta.color || hex(summary.color),
            title: summary.headline,
            title_link: summary.url,
            text: details,
          },
        ];
  return {
    channel: meta.channel ?? '',
    text,
    username: meta.username ?? '',
    icon_url: meta.icon_url ?? '',
    unfurl_links: 0,
    link_names: 0,
    attachments,
  };
}
