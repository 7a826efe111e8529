import type { Reaction } from '../../api/types';
import { reactionEmoji as defaultReactionEmoji } from '../../webview/protocol';

/** Each default reaction's emoji, looked up by any reaction's content. */
const reactionEmoji: Readonly<Record<string, string>> = defaultReactionEmoji;

export interface ReactionCount {
  readonly content: string;
  readonly emoji: string;
  readonly count: number;
  readonly mine: boolean;
}

/** Every default reaction with its count (0 too, so the picker offers it) and whether `me` gave it. */
export function countReactions(reactions: readonly Reaction[], me: string): ReactionCount[] {
  const known = Object.keys(reactionEmoji);
  const contents = [...known, ...reactions.map((r) => r.content).filter((c) => !known.includes(c))];
  return [...new Set(contents)].map((content) => {
    const given = reactions.filter((reaction) => reaction.content === content);
    return {
      content,
      emoji: reactionEmoji[content] ?? content,
      count: given.length,
      mine: given.some((reaction) => reaction.user.login.toLowerCase() === me.toLowerCase()),
    };
  });
}

/** The reaction a shown emoji stands for. */
export function reactionContent(label: string): string {
  return Object.entries(reactionEmoji).find(([, emoji]) => emoji === label)?.[0] ?? label;
}
