/*
 * Permalinks in Gitea's shape, `{server}{owner}/{repo}/src/commit/{sha}/{path}#L{start}-L{end}`: pure, so
 * the URL rules are unit-tested without VS Code.
 */

/** A position as VS Code gives it: 0-based line and character. */
export interface TextPosition {
  readonly line: number;
  readonly character: number;
}

export interface TextSelection {
  readonly start: TextPosition;
  readonly end: TextPosition;
}

/** 1-based, inclusive. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The lines a selection covers; a cursor (an empty selection) is its own line, as GitHub's permalinks take
 * it. A selection that ends at the start of a line does not include that line (selecting whole lines by
 * dragging ends there).
 */
export function selectedLines(selection: TextSelection): LineRange {
  const { start, end } = selection;
  const lastLine = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { start: start.line + 1, end: lastLine + 1 };
}

/** `#L3` or `#L2-L5`; empty without lines. */
export function lineFragment(lines: LineRange | undefined): string {
  if (!lines) return '';
  return lines.start === lines.end ? `#L${lines.start}` : `#L${lines.start}-L${lines.end}`;
}

/** Each segment of a `/`-separated path percent-encoded on its own (spaces, `#`, `?`, unicode). */
export function encodePath(relativePath: string): string {
  return relativePath.split('/').map(encodeURIComponent).join('/');
}

/**
 * A file's path inside its repository with `/` separators, or undefined when the file is not under the
 * root. `separator` is the platform's (`path.sep`).
 */
export function repositoryRelativePath(
  rootPath: string,
  filePath: string,
  separator: string,
): string | undefined {
  const root = rootPath.endsWith(separator) ? rootPath : rootPath + separator;
  if (!filePath.startsWith(root)) return undefined;
  const relative = filePath.slice(root.length);
  if (relative === '') return undefined;
  return relative.split(separator).join('/');
}

export interface PermalinkTarget {
  /** The server's root URL (`Account.serverUrl`), with or without a trailing slash. */
  readonly serverUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly sha: string;
  /** `/`-separated, relative to the repository root. */
  readonly path: string;
  readonly lines?: LineRange;
}

export function permalinkUrl(target: PermalinkTarget): string {
  const server = target.serverUrl.endsWith('/') ? target.serverUrl : `${target.serverUrl}/`;
  const repository = `${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`;
  return `${server}${repository}/src/commit/${target.sha}/${encodePath(target.path)}${lineFragment(target.lines)}`;
}
