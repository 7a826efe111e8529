/** `git diff` text parsed into files, hunks and lines for DiffView. */

export type DiffLineKind = 'context' | 'add' | 'del' | 'hunk' | 'note';

export interface DiffLine {
  readonly kind: DiffLineKind;
  /** The line without its `+`/`-`/` ` mark (the whole `@@ … @@` line for a hunk). */
  readonly text: string;
  readonly oldNumber?: number;
  readonly newNumber?: number;
}

export interface DiffFile {
  readonly oldPath: string;
  readonly newPath: string;
  readonly status: 'added' | 'deleted' | 'renamed' | 'modified' | 'copied';
  readonly binary: boolean;
  readonly additions: number;
  readonly deletions: number;
  readonly lines: readonly DiffLine[];
  /** Lines were left out past the per-file cap. */
  readonly truncated: boolean;
}

export interface ParsedDiff {
  readonly files: readonly DiffFile[];
  /** Files or lines were left out past the caps. */
  readonly truncated: boolean;
}

export interface DiffLimits {
  readonly linesPerFile: number;
  readonly totalLines: number;
  readonly files: number;
}

export const defaultDiffLimits: DiffLimits = { linesPerFile: 1500, totalLines: 15_000, files: 300 };

/** A C-quoted path as git writes unusual names (`"a/\303\251 x"`): the escapes decoded as UTF-8 bytes. */
export function unquotePath(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"') || path.length < 2) return path;
  const bytes: number[] = [];
  const simple: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, b: 8, f: 12, a: 7, v: 11 };
  const body = path.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = body[i + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `a/x` → `x` (also quoted); `/dev/null` stays. */
const stripSide = (raw: string): string => {
  const path = unquotePath(raw.trim());
  return path === '/dev/null' ? path : path.replace(/^[ab]\//, '');
};

/** The two paths of `diff --git a/x b/x`: exact when both are the same name (the usual case). */
function headerPaths(header: string): { oldPath: string; newPath: string } {
  const rest = header.slice('diff --git '.length);
  if (rest.startsWith('"')) {
    const end = rest.indexOf('" ', 1);
    return { oldPath: stripSide(rest.slice(0, end + 1)), newPath: stripSide(rest.slice(end + 2)) };
  }
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(2, half) === rest.slice(half + 3)) {
    const path = rest.slice(2, half);
    return { oldPath: path, newPath: path };
  }
  const split = rest.indexOf(' b/');
  return { oldPath: stripSide(rest.slice(0, split)), newPath: stripSide(rest.slice(split + 1)) };
}

interface FileBuilder {
  oldPath: string;
  newPath: string;
  status: DiffFile['status'];
  binary: boolean;
  additions: number;
  deletions: number;
  lines: DiffLine[];
  truncated: boolean;
}

/** Parses `git diff` output; lines past `limits` are counted but not kept. */
export function parseUnifiedDiff(text: string, limits: DiffLimits = defaultDiffLimits): ParsedDiff {
  const files: FileBuilder[] = [];
  let file: FileBuilder | undefined;
  let kept = 0;
  let truncated = false;
  let oldNumber = 0;
  let newNumber = 0;
  let inHunk = false;
  const keep = (line: DiffLine): void => {
    if (!file) return;
    if (file.lines.length >= limits.linesPerFile || kept >= limits.totalLines) {
      file.truncated = true;
      truncated = true;
      return;
    }
    file.lines.push(line);
    kept++;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      inHunk = false;
      if (files.length >= limits.files) {
        truncated = true;
        file = undefined;
        break;
      }
      file = {
        ...headerPaths(line),
        status: 'modified',
        binary: false,
        additions: 0,
        deletions: 0,
        lines: [],
        truncated: false,
      };
      files.push(file);
      continue;
    }
    if (!file) continue;
    if (!inHunk) {
      if (line.startsWith('new file mode')) file.status = 'added';
      else if (line.startsWith('deleted file mode')) file.status = 'deleted';
      else if (line.startsWith('rename from ')) {
        file.status = 'renamed';
        file.oldPath = unquotePath(line.slice('rename from '.length));
      } else if (line.startsWith('rename to ')) file.newPath = unquotePath(line.slice('rename to '.length));
      else if (line.startsWith('copy from ')) {
        file.status = 'copied';
        file.oldPath = unquotePath(line.slice('copy from '.length));
      } else if (line.startsWith('copy to ')) file.newPath = unquotePath(line.slice('copy to '.length));
      else if (line.startsWith('Binary files ') || line === 'GIT binary patch') file.binary = true;
      else if (line.startsWith('--- ')) {
        const path = stripSide(line.slice(4));
        if (path !== '/dev/null') file.oldPath = path;
      } else if (line.startsWith('+++ ')) {
        const path = stripSide(line.slice(4));
        if (path !== '/dev/null') file.newPath = path;
      }
    }
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      inHunk = true;
      oldNumber = Number(hunk[1]);
      newNumber = Number(hunk[2]);
      keep({ kind: 'hunk', text: line });
      continue;
    }
    if (!inHunk) continue;
    const mark = line.charAt(0);
    if (mark === '+') {
      file.additions++;
      keep({ kind: 'add', text: line.slice(1), newNumber: newNumber++ });
    } else if (mark === '-') {
      file.deletions++;
      keep({ kind: 'del', text: line.slice(1), oldNumber: oldNumber++ });
    } else if (mark === ' ') {
      keep({ kind: 'context', text: line.slice(1), oldNumber: oldNumber++, newNumber: newNumber++ });
    } else if (mark === '\\') {
      keep({ kind: 'note', text: line });
    }
  }
  return { files, truncated };
}
