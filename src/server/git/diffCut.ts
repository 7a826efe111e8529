/**
 * The patch a review comment keeps (Gitea's CutDiffAroundLine): from the one-file diff of a pull request,
 * the file headers and the hunk holding the commented line, ending at that line and cut to the `context`
 * lines before it (the commented one included). The side is the old one when `old`.
 */

/** How many diff lines a code comment's patch keeps (Gitea's `[ui] CODE_COMMENT_LINES`, default 4). */
export const codeCommentLines = 4;

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

interface Numbered {
  readonly text: string;
  /** old and new line numbers the line starts at (a line of the other side does not count on this one) */
  readonly oldLine: number;
  readonly newLine: number;
}

/** Answers '' when no hunk holds the line (a path not in the diff, a line outside its hunks, line 0). */
export function cutDiffAroundLine(diff: string, line: number, old: boolean, context: number): string {
  if (line <= 0 || context <= 0) return '';
  const headers: string[] = [];
  const lines = diff.split('\n');
  let index = 0;
  for (; index < lines.length && !lines[index]!.startsWith('@@'); index++) {
    const text = lines[index]!;
    if (text.startsWith('diff --git ') || text.startsWith('--- ') || text.startsWith('+++ '))
      headers.push(text);
  }
  while (index < lines.length) {
    const header = lines[index]!;
    const match = hunkHeader.exec(header);
    index++;
    if (!match) continue;
    let oldLine = Number(match[1]);
    let newLine = Number(match[3]);
    const body: Numbered[] = [];
    for (; index < lines.length && !lines[index]!.startsWith('@@'); index++) {
      const text = lines[index]!;
      if (text.startsWith('diff --git ')) break;
      body.push({ text, oldLine, newLine });
      const sign = text[0];
      if (sign === '\\') continue;
      const ours = sign === ' ' || sign === (old ? '-' : '+') || text === '';
      const at = old ? oldLine : newLine;
      if (sign !== '+') oldLine++;
      if (sign !== '-') newLine++;
      if (ours && at === line) return cut(headers, header, body, context);
    }
  }
  return '';
}

function cut(headers: readonly string[], header: string, body: readonly Numbered[], context: number): string {
  if (body.length <= context) return [...headers, header, ...body.map((l) => l.text)].join('\n');
  const kept = body.slice(body.length - context);
  const first = kept[0]!;
  const oldCount = kept.filter((l) => l.text[0] !== '+' && l.text[0] !== '\\').length;
  const newCount = kept.filter((l) => l.text[0] !== '-' && l.text[0] !== '\\').length;
  const cutHeader = `@@ -${first.oldLine},${oldCount} +${first.newLine},${newCount} @@`;
  return [...headers, cutHeader, ...kept.map((l) => l.text)].join('\n');
}
