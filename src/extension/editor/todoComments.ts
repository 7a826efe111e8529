/*
 * "Create Issue from TODO": finding a trigger word in a comment, the issue's title and body, and the
 * reference that replaces the trigger. Pure, so the rules are unit-tested without VS Code.
 */
import { isInsideComment, type CommentSyntax } from './commentSyntax';

/** A trigger word found in a comment on one line. */
export interface TodoMatch {
  /** The trigger as written (`TODO`). */
  readonly trigger: string;
  /** 0-based character range of the trigger on its line. */
  readonly start: number;
  readonly end: number;
  /** The text after the trigger (and a `:` or `-`), without a block comment's close: the issue's title. */
  readonly title: string;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first trigger on line `line` of `text` that stands alone as a word inside a comment and carries no
 * reference yet (`TODO(#12)` is already linked). `lineStart` is the line's offset in `text`.
 */
export function findTodo(
  text: string,
  lineStart: number,
  lineText: string,
  triggers: readonly string[],
  syntax: CommentSyntax,
): TodoMatch | undefined {
  const words = triggers.map((trigger) => trigger.trim()).filter((trigger) => trigger !== '');
  if (words.length === 0) return undefined;
  const pattern = new RegExp(`(?<![\\w])(${words.map(escape).join('|')})(?![\\w])(\\([^)]*\\))?`, 'g');
  for (const found of lineText.matchAll(pattern)) {
    const [, trigger = ''] = found;
    if (found[2] !== undefined) continue;
    const start = found.index;
    if (!isInsideComment(text, lineStart + start, syntax)) continue;
    const end = start + trigger.length;
    return { trigger, start, end, title: titleAfter(lineText.slice(end), syntax) };
  }
  return undefined;
}

function titleAfter(rest: string, syntax: CommentSyntax): string {
  let title = rest.replace(/^\s*[:\-–—]?\s*/, '');
  for (const [, close] of syntax.block) {
    const at = title.lastIndexOf(close);
    if (at >= 0 && title.slice(at + close.length).trim() === '') title = title.slice(0, at);
  }
  return title.trim();
}

/** The replacement of the trigger: `{trigger}`, `{number}` and `{url}` filled in. */
export function todoReplacement(pattern: string, trigger: string, number: number, url: string): string {
  return pattern.replace(/\{(trigger|number|url)\}/g, (_, name: string) =>
    name === 'trigger' ? trigger : name === 'number' ? String(number) : url,
  );
}

/** A fence longer than any backtick run in `code`, so the snippet cannot close it early. */
export function fenced(code: string, language: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${code}\n${fence}`;
}

export interface TodoIssueBody {
  /** `/`-separated path in the repository. */
  readonly path: string;
  /** 1-based line of the TODO. */
  readonly line: number;
  /** The permalink to the line; undefined when the file differs from what the server has. */
  readonly permalink: string | undefined;
  /** Why there is no permalink, for the body. */
  readonly noPermalinkReason: string;
  readonly snippet: string;
  readonly language: string;
}

export function todoIssueBody(body: TodoIssueBody): string {
  const where = body.permalink ?? `\`${body.path}\` line ${body.line} (${body.noPermalinkReason})`;
  return `${where}\n\n${fenced(body.snippet, body.language)}\n`;
}

/** The lines `line - context` … `line + context` (0-based, clamped) of `lines`, without blank lines at the end. */
export function snippetLines(
  lines: readonly string[],
  line: number,
  context: number,
): { first: number; text: string } {
  const first = Math.max(0, line - context);
  const last = Math.min(lines.length - 1, line + context);
  const picked = lines.slice(first, last + 1);
  while (picked.length > 1 && picked.at(-1)?.trim() === '') picked.pop();
  return { first, text: picked.join('\n') };
}
