import { detectLanguage } from '../../../../services/languages/detect';

/** The part of highlight.js the pages use. */
interface Highlighter {
  configure(options: { classPrefix: string }): void;
  getLanguage(name: string): object | undefined;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}

let loaded: Highlighter | undefined;

/**
 * highlight.js, loaded on the first file page: its grammars take about 20 MB, which a server that never
 * shows a file should not hold. Required rather than imported: its type declarations pull in the DOM
 * library, whose Blob and stream types would clash with Node's all over the server.
 */
function highlighter(): Highlighter {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require('highlight.js') as Highlighter;
    // the stylesheet colours `hl-*` (siteStyles.ts); nothing else in the server uses highlight.js
    loaded.configure({ classPrefix: 'hl-' });
  }
  return loaded;
}

/** Linguist names highlight.js knows by another name. */
const hljsNames: Readonly<Record<string, string>> = {
  Shell: 'bash',
  TSX: 'typescript',
  JSX: 'javascript',
  'Vim Script': 'vim',
  'Git Config': 'ini',
  TOML: 'ini',
  Dockerfile: 'dockerfile',
  'Objective-C': 'objectivec',
  'Emacs Lisp': 'lisp',
  'HTML+ERB': 'erb',
};

/** The highlight.js language for a file: Linguist's language by its name and content, else its extension. */
export function highlightLanguage(path: string, content: Buffer): string | undefined {
  const linguist = detectLanguage(path, content);
  const candidates = [
    linguist === undefined ? undefined : hljsNames[linguist],
    linguist?.toLowerCase(),
    /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase(),
  ];
  return candidates.find((name) => name !== undefined && highlighter().getLanguage(name) !== undefined);
}

/**
 * The file's lines as highlighted HTML (highlight.js escapes the text; its only markup is `<span class>`),
 * every line closing the spans it opened and the next reopening them, so each line stands alone in a row.
 */
export function highlightLines(code: string, language: string): string[] {
  const html = highlighter().highlight(code, { language, ignoreIllegals: true }).value;
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const token of html.split(/(<span [^>]*>|<\/span>|\n)/)) {
    if (token === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else if (token.startsWith('<span ')) {
      open.push(token);
      line += token;
    } else if (token === '</span>') {
      open.pop();
      line += token;
    } else {
      line += token;
    }
  }
  lines.push(line);
  return lines;
}
