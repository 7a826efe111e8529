/**
 * Gitea's API has no line range for a comment, so a suggestion over several lines is anchored at the last
 * of them and says how many it replaces in this HTML comment (hidden when rendered: the server's sanitiser
 * and the editor's preview drop it). Without it a suggestion replaces the anchor line only, as on GitHub.
 */
const linesMarker = /<!--\s*teahouse-suggestion-lines:\s*(\d+)\s*-->/;

/**
 * A comment body suggesting `lines` instead of the commented lines (GitHub's and GitLab's syntax): the
 * lines it was made over, ending at the anchor line, are `lines.length` unless `replaced` says otherwise.
 */
export function suggestionBody(lines: readonly string[], replaced = lines.length): string {
  const block = ['```suggestion', ...lines, '```'];
  if (replaced > 1) block.push(`<!-- teahouse-suggestion-lines: ${replaced} -->`);
  return block.join('\n');
}

/** How many lines, ending at the comment's line, a suggestion replaces: its marker's count, else one. */
export function suggestedLineCount(body: string): number {
  const count = Number(linesMarker.exec(body)?.[1] ?? 1);
  return Number.isSafeInteger(count) && count >= 1 ? count : 1;
}

/** The body as shown: without the line-count marker (an HTML comment the preview would show as text). */
export function withoutSuggestionMarker(body: string): string {
  return body.replace(new RegExp(`\\n?${linesMarker.source}`, 'g'), '');
}

/** The lines of the first ```` ```suggestion ```` block of a comment, or undefined without one. */
export function parseSuggestion(body: string): string[] | undefined {
  const lines = body.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((line) => /^\s*```suggestion\s*$/.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && /^\s*```\s*$/.test(line));
  if (end < 0) return undefined;
  return lines.slice(start + 1, end);
}

/** The 0-based lines a selection suggests a change on: a selection ending at a line's start leaves it out. */
export function selectedLines(
  start: { line: number; character: number },
  end: { line: number; character: number },
): { readonly first: number; readonly last: number } {
  const last = end.line > start.line && end.character === 0 ? end.line - 1 : end.line;
  return { first: start.line, last };
}
