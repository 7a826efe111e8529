/**
 * A hook's branch filter: a glob as Gitea compiles it (gobwas/glob, no separators), so `*` and `**` match
 * any run of characters including `/`, `?` one character, `[abc]` / `[a-z]` / `[!abc]` a class, `{a,b}`
 * alternatives, and `\` escapes. Empty and `*` match everything.
 */

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

class GlobSyntaxError extends Error {}

function compileClass(glob: string, start: number): { source: string; end: number } {
  let at = start + 1;
  let negated = false;
  if (glob[at] === '!') {
    negated = true;
    at++;
  }
  let body = '';
  let first = true;
  while (at < glob.length && (glob[at] !== ']' || first)) {
    first = false;
    const char = glob[at]!;
    if (char === '\\' && at + 1 < glob.length) {
      body += escapeRegExp(glob[at + 1]!);
      at += 2;
    } else if (char === '-' && body !== '' && glob[at + 1] !== ']') {
      body += '-';
      at++;
    } else {
      body += escapeRegExp(char);
      at++;
    }
  }
  if (at >= glob.length || body === '') throw new GlobSyntaxError('unclosed character class');
  return { source: `[${negated ? '^' : ''}${body}]`, end: at + 1 };
}

/** Compiles `glob[start..]` up to the end, or (inside braces) up to the `}` that closes them. */
function compileSequence(glob: string, start: number, inBraces: boolean): { source: string; end: number } {
  let source = '';
  let at = start;
  const alternatives: string[] = [];
  while (at < glob.length) {
    const char = glob[at]!;
    if (inBraces && (char === ',' || char === '}')) {
      alternatives.push(source);
      source = '';
      at++;
      if (char === '}') return { source: `(?:${alternatives.join('|')})`, end: at };
      continue;
    }
    if (char === '*') {
      while (glob[at] === '*') at++;
      source += '.*';
    } else if (char === '?') {
      source += '.';
      at++;
    } else if (char === '[') {
      const compiled = compileClass(glob, at);
      source += compiled.source;
      at = compiled.end;
    } else if (char === '{') {
      const compiled = compileSequence(glob, at + 1, true);
      source += compiled.source;
      at = compiled.end;
    } else if (char === '\\') {
      if (at + 1 >= glob.length) throw new GlobSyntaxError('trailing backslash');
      source += escapeRegExp(glob[at + 1]!);
      at += 2;
    } else {
      source += escapeRegExp(char);
      at++;
    }
  }
  if (inBraces) throw new GlobSyntaxError('unclosed braces');
  return { source, end: at };
}

/** The filter as a matcher, or undefined when it is not a valid glob. */
export function compileBranchFilter(filter: string): ((branch: string) => boolean) | undefined {
  if (filter === '' || filter === '*') return () => true;
  try {
    const pattern = new RegExp(`^${compileSequence(filter, 0, false).source}$`, 's');
    return (branch) => pattern.test(branch);
  } catch {
    return undefined;
  }
}

export const isValidBranchFilter = (filter: string): boolean => compileBranchFilter(filter) !== undefined;

/** Whether a branch (or, for pushes of tags, the full ref, as Gitea passes it) passes the filter. */
export function branchFilterMatches(filter: string, branch: string): boolean {
  return compileBranchFilter(filter)?.(branch) ?? false;
}
