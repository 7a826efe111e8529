import type { HookMeta } from '../hookRules';
import type { MessageSummary } from './messageSummary';

/** Discord's webhook message, as Gitea's DiscordPayload. */
export interface DiscordPayload {
  wait: boolean;
  content: string;
  username: string;
  avatar_url: string;
  tts: boolean;
  embeds: DiscordEmbed[];
}

export interface DiscordEmbed {
  title: string;
  description: string;
  url: string;
  color: number;
  author: { name: string; url: string; icon_url: string };
}

// Discord refuses longer embed texts.
const maxTitle = 256;
const maxDescription = 4096;
const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** One embed: `[repo] headline`, the details, the sender as author. */
export function toDiscordPayload(summary: MessageSummary, meta: HookMeta): DiscordPayload {
  const details =
    summary.commits.length > 0
      ? summary.commits
          .map((commit) => `[${commit.id.slice(0, 7)}](${commit.url}) ${commit.message} - ${commit.author}`)
          .join('\n')
      : summary.description;
  return {
    wait: false,
    content: '',
    username: meta.username ?? '',
    avatar_url: meta.icon_url ?? '',
    tts: false,
    embeds: [
      {
        title: clip(`[${summary.repoName}] ${summary.headline}`, maxTitle),
        description: clip(details, maxDescription),
        url: summary.url,
        color: summary.color,
        author: { name: summary.sender.login, url: summary.sender.url, icon_url: summary.sender.avatarUrl },
      },
    ],
  };
}
