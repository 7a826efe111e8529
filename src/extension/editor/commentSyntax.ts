/** How comments and strings look in a language: enough to tell whether a position is inside a comment. */
export interface CommentSyntax {
  readonly line: readonly string[];
  readonly block: readonly (readonly [open: string, close: string])[];
  /** Quotes that open strings; a `#` inside one is not in a comment. Backtick strings span lines. */
  readonly quotes: readonly string[];
}

const cLike: CommentSyntax = { line: ['//'], block: [['/*', '*/']], quotes: ['"', "'", '`'] };
const hash: CommentSyntax = { line: ['#'], block: [], quotes: ['"', "'"] };
const markup: CommentSyntax = { line: [], block: [['<!--', '-->']], quotes: [] };

const byLanguage: Readonly<Record<string, CommentSyntax>> = {
  c: cLike,
  cpp: cLike,
  csharp: cLike,
  cuda: cLike,
  dart: cLike,
  go: cLike,
  groovy: cLike,
  java: cLike,
  javascript: cLike,
  javascriptreact: cLike,
  jsonc: cLike,
  kotlin: cLike,
  less: cLike,
  'objective-c': cLike,
  'objective-cpp': cLike,
  scala: cLike,
  scss: cLike,
  swift: cLike,
  typescript: cLike,
  typescriptreact: cLike,
  // a `'` starts a lifetime or a char in Rust, never a string
  rust: { line: ['//'], block: [['/*', '*/']], quotes: ['"'] },
  css: { line: [], block: [['/*', '*/']], quotes: ['"', "'"] },
  php: { line: ['//', '#'], block: [['/*', '*/']], quotes: ['"', "'"] },
  fsharp: { line: ['//'], block: [['(*', '*)']], quotes: ['"'] },
  coffeescript: hash,
  dockerfile: hash,
  elixir: hash,
  julia: hash,
  makefile: hash,
  nim: hash,
  perl: hash,
  python: hash,
  r: hash,
  ruby: hash,
  shellscript: hash,
  toml: hash,
  yaml: hash,
  ignore: { line: ['#'], block: [], quotes: [] },
  properties: { line: ['#', '!'], block: [], quotes: [] },
  powershell: { line: ['#'], block: [['<#', '#>']], quotes: ['"', "'"] },
  ini: { line: [';', '#'], block: [], quotes: [] },
  clojure: { line: [';'], block: [], quotes: ['"'] },
  lua: { line: ['--'], block: [['--[[', ']]']], quotes: ['"', "'"] },
  sql: { line: ['--'], block: [['/*', '*/']], quotes: ['"', "'"] },
  haskell: { line: ['--'], block: [['{-', '-}']], quotes: ['"'] },
  elm: { line: ['--'], block: [['{-', '-}']], quotes: ['"'] },
  erlang: { line: ['%'], block: [], quotes: ['"'] },
  latex: { line: ['%'], block: [], quotes: [] },
  tex: { line: ['%'], block: [], quotes: [] },
  matlab: { line: ['%'], block: [], quotes: ['"'] },
  vb: { line: ["'"], block: [], quotes: ['"'] },
  bat: { line: ['REM ', 'rem ', '::'], block: [], quotes: [] },
  html: markup,
  xml: markup,
  svg: markup,
  vue: {
    line: ['//'],
    block: [
      ['<!--', '-->'],
      ['/*', '*/'],
    ],
    quotes: ['"', "'", '`'],
  },
  svelte: {
    line: ['//'],
    block: [
      ['<!--', '-->'],
      ['/*', '*/'],
    ],
    quotes: ['"', "'", '`'],
  },
};

/** Languages whose whole text is prose, where a reference counts anywhere. */
export const proseLanguages: readonly string[] = ['markdown', 'plaintext', 'git-commit', 'scminput'];

/** Code languages Teahouse knows the comments of. */
export const codeLanguages: readonly string[] = Object.keys(byLanguage);

export function commentSyntaxOf(languageId: string): CommentSyntax | undefined {
  return Object.hasOwn(byLanguage, languageId) ? byLanguage[languageId] : undefined;
}

type State =
  | { readonly in: 'code' }
  | { readonly in: 'lineComment' }
  | { readonly in: 'blockComment'; readonly close: string }
  | { readonly in: 'string'; readonly quote: string };

/**
 * Whether `offset` of `text` falls inside a comment: a light scan from the start of `text` that follows
 * strings (with backslash escapes) and comments, not a parser. A quote or a line comment ends at a line
 * break, except backtick strings, which span lines as template literals do.
 */
export function isInsideComment(text: string, offset: number, syntax: CommentSyntax): boolean {
  let state: State = { in: 'code' };
  let index = 0;
  const end = Math.min(offset, text.length);
  while (index < end) {
    const char = text.charAt(index);
    switch (state.in) {
      case 'code': {
        const block = syntax.block.find(([open]) => text.startsWith(open, index));
        if (block) {
          state = { in: 'blockComment', close: block[1] };
          index += block[0].length;
        } else if (syntax.line.some((token) => text.startsWith(token, index))) {
          state = { in: 'lineComment' };
          index += 1;
        } else if (syntax.quotes.includes(char)) {
          state = { in: 'string', quote: char };
          index += 1;
        } else index += 1;
        break;
      }
      case 'lineComment':
        if (char === '\n') state = { in: 'code' };
        index += 1;
        break;
      case 'blockComment':
        if (text.startsWith(state.close, index)) {
          index += state.close.length;
          state = { in: 'code' };
        } else index += 1;
        break;
      case 'string':
        if (char === '\\') index += 2;
        else {
          if (char === state.quote || (char === '\n' && state.quote !== '`')) state = { in: 'code' };
          index += 1;
        }
        break;
    }
  }
  // a position just past `/*` or `//` is already in the comment; one at a block's close (`|*/`) still is
  return state.in === 'lineComment' || state.in === 'blockComment';
}
