/** A comment body suggesting `lines` instead of the commented line (GitHub's and GitLab's syntax). */
export function suggestionBody(lines: readonly string[]): string {
  return ['```suggestion', ...lines, '```'].join('\n');
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
