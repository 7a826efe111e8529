import { createHash } from 'node:crypto';
import type { SourceCodeComment, SourcePull, SourceReview } from '../../store/publishSource';
import { reviewType } from '../../store/reviews';

// The text a published item carries where the target's API cannot say it in fields: who wrote it and when
// (everything is posted by the publishing account), what a merged pull request was, and reviews.

/** A fingerprint of what an item was published from, so a second run sends only what changed. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);
}

/** How an author is named: a link to their page where they have an account on the target, else plainly. */
export interface AuthorNames {
  /** The publishing account's login on the target. */
  readonly publisher: string;
  readonly serverUrl: string;
  /** Names known to have an account on the target. */
  readonly onTarget: ReadonlySet<string>;
}

const day = (unix: number): string => new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ');

function authorName(author: string, names: AuthorNames): string {
  if (!names.onTarget.has(author.toLowerCase())) return `**${escapeMarkdown(author)}**`;
  return `[**${escapeMarkdown(author)}**](${new URL(encodeURIComponent(author), names.serverUrl).href})`;
}

/** `body` as posted by the publishing account: with a line crediting its author when that is someone else. */
export function credited(body: string, author: string, created: number, names: AuthorNames): string {
  if (author.toLowerCase() === names.publisher.toLowerCase()) return body;
  const line = `*Originally by ${authorName(author, names)} on ${day(created)} UTC*`;
  return body === '' ? line : `${line}\n\n${body}`;
}

/** What a pull request that the target's API cannot recreate as one was (merged, or its head is gone). */
export function pullNote(pull: SourcePull, headLabel: string): string {
  const route = `from \`${headLabel}\` into \`${pull.base_branch}\``;
  if (pull.has_merged) {
    const by = pull.merger ? ` by ${escapeMarkdown(pull.merger)}` : '';
    return `*Pull request ${route}, merged${by} on ${day(pull.merged_unix)} UTC as ${pull.merged_commit_id.slice(0, 10)}.*`;
  }
  return `*Pull request ${route} (head ${pull.head_commit_id.slice(0, 10)}), closed without merging.*`;
}

const verdicts: Record<number, string> = {
  [reviewType.approve]: 'approved these changes',
  [reviewType.reject]: 'requested changes',
  [reviewType.comment]: 'reviewed',
};

/** A submitted review as one comment: its verdict, its body, and its code comments with their diff hunks. */
export function reviewText(
  review: SourceReview,
  codeComments: readonly SourceCodeComment[],
  names: AuthorNames,
): string {
  const commit = review.commit_id ? ` at ${review.commit_id.slice(0, 10)}` : '';
  const dismissed = review.dismissed ? ' (dismissed)' : '';
  const parts = [
    `${authorName(review.author, names)} ${verdicts[review.type] ?? 'reviewed'}${commit}${dismissed} on ${day(review.created)} UTC`,
  ];
  if (review.content.trim() !== '') parts.push(review.content);
  for (const comment of codeComments) {
    const side = comment.line < 0 ? 'old line' : 'line';
    const fence = comment.patch.includes('```') ? '````' : '```';
    const hunk =
      comment.patch.trim() === '' ? '' : `\n${fence}diff\n${lastLines(comment.patch, 6)}\n${fence}`;
    const by = comment.author === review.author ? '' : ` (${authorName(comment.author, names)})`;
    parts.push(
      `\`${comment.tree_path}\`, ${side} ${Math.abs(comment.line)}${by}:${hunk}\n\n${comment.content}`,
    );
  }
  return parts.join('\n\n');
}

function lastLines(text: string, count: number): string {
  return text.replace(/\n+$/, '').split('\n').slice(-count).join('\n');
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`);
}
