/**
 * EditorConfig (https://spec.editorconfig.org): an INI file of `[glob]` sections whose properties apply to
 * the files the glob matches, later sections overriding earlier ones. Only the repository's root file is
 * read, as Gitea does, so `root = true` changes nothing here but is parsed.
 */

export interface EditorconfigSection {
  readonly glob: string;
  readonly properties: ReadonlyMap<string, string>;
}

export interface Editorconfig {
  readonly root: boolean;
  readonly sections: readonly EditorconfigSection[];
}

/** Properties whose values are case-insensitive and so lower-cased, as the spec asks. */
const knownProperties = new Set([
  'indent_style',
  'indent_size',
  'tab_width',
  'end_of_line',
  'charset',
  'trim_trailing_whitespace',
  'insert_final_newline',
  'max_line_length',
]);

export function parseEditorconfig(text: string): Editorconfig {
  let root = false;
  const sections: { glob: string; properties: Map<string, string> }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      sections.push({ glob: line.slice(1, -1), properties: new Map() });
      continue;
    }
    const equals = line.indexOf('=');
    if (equals <= 0) continue;
    const key = line.slice(0, equals).trim().toLowerCase();
    // Inline comments after whitespace are dropped, as the INI reader Gitea uses does.
    let value = line
      .slice(equals + 1)
      .replace(/\s[#;].*$/, '')
      .trim();
    if (knownProperties.has(key)) value = value.toLowerCase();
    const current = sections.at(-1);
    if (current) current.properties.set(key, value);
    else if (key === 'root') root = value.toLowerCase() === 'true';
  }
  return { root, sections };
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits at commas outside nested braces. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** The regex source for a glob; each `{a..b}` adds a capturing group and its bounds to `ranges`. */
function translate(glob: string, ranges: [number, number][]): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\' && i + 1 < glob.length) {
      out += escapeRegex(glob[++i]!);
    } else if (c === '/' && glob.startsWith('/**/', i)) {
      out += '(?:/|/.*/)';
      i += 3;
    } else if (c === '*' && glob[i + 1] === '*') {
      if (i === 0 && glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') {
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      const body = close < 0 ? '' : glob.slice(i + 1, close);
      // A class that would span a path separator is taken literally, as the spec's tests want.
      if (close < 0 || body.includes('/')) {
        out += '\\[';
        continue;
      }
      const negated = body.startsWith('!') || body.startsWith('^');
      const members = (negated ? body.slice(1) : body).replace(/\\/g, '\\\\').replace(/\]/g, '\\]');
      out += `[${negated ? '^/' : ''}${members}]`;
      i = close;
    } else if (c === '{') {
      const close = closingBrace(glob, i);
      if (close < 0) {
        out += '\\{';
        continue;
      }
      const body = glob.slice(i + 1, close);
      const range = /^([+-]?\d+)\.\.([+-]?\d+)$/.exec(body);
      const alternatives = splitAlternatives(body);
      if (range) {
        ranges.push([Number(range[1]), Number(range[2])]);
        out += '([+-]?\\d+)';
      } else if (alternatives.length > 1) {
        out += `(?:${alternatives.map((part) => translate(part, ranges)).join('|')})`;
      } else {
        out += `\\{${translate(body, ranges)}\\}`;
      }
      i = close;
    } else {
      out += escapeRegex(c);
    }
  }
  return out;
}

/** Compiles a section glob for paths relative to the repository root (no leading slash). */
export function compileGlob(glob: string): { regex: RegExp; ranges: [number, number][] } {
  const ranges: [number, number][] = [];
  // Without a slash a glob matches a file name in any directory; with one it is anchored at the root.
  const outsideClasses = glob.replace(/\[[^\]/]*\]/g, '');
  const anchored = outsideClasses.includes('/');
  const body = anchored ? glob.replace(/^\//, '') : glob;
  const prefix = anchored ? '^' : '^(?:.*/)?';
  return { regex: new RegExp(`${prefix}${translate(body, ranges)}$`), ranges };
}

export function globMatches(glob: string, path: string): boolean {
  const { regex, ranges } = compileGlob(glob);
  const match = regex.exec(path);
  if (!match) return false;
  return ranges.every(([low, high], i) => {
    const value = Number(match[i + 1]);
    return value >= Math.min(low, high) && value <= Math.max(low, high);
  });
}

/**
 * The properties in effect for `path` (relative to the root): every matching section in order, later ones
 * winning, `unset` removing, then the spec's defaults between indent_style, indent_size and tab_width.
 */
export function propertiesFor(config: Editorconfig, path: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const section of config.sections) {
    if (!globMatches(section.glob, path)) continue;
    for (const [key, value] of section.properties) result.set(key, value);
  }
  for (const [key, value] of result) if (value === 'unset') result.delete(key);
  const indentSize = result.get('indent_size');
  const tabWidth = result.get('tab_width');
  if (result.get('indent_style') === 'tab' && indentSize === undefined) result.set('indent_size', 'tab');
  if (result.get('indent_size') === 'tab' && tabWidth !== undefined) result.set('indent_size', tabWidth);
  if (indentSize !== undefined && indentSize !== 'tab' && tabWidth === undefined)
    result.set('tab_width', indentSize);
  return result;
}

/** Gitea's editorconfig `Definition` JSON: the standard properties that are set, typed as Gitea types them. */
export interface EditorconfigDefinition {
  charset?: string;
  indent_style?: string;
  indent_size?: string;
  tab_width?: number;
  end_of_line?: string;
  trim_trailing_whitespace?: boolean;
  insert_final_newline?: boolean;
}

export function toDefinition(properties: ReadonlyMap<string, string>): EditorconfigDefinition {
  const definition: EditorconfigDefinition = {};
  const text = (key: 'charset' | 'indent_style' | 'indent_size' | 'end_of_line'): void => {
    const value = properties.get(key);
    if (value) definition[key] = value;
  };
  const flag = (key: 'trim_trailing_whitespace' | 'insert_final_newline'): void => {
    const value = properties.get(key);
    if (value === 'true' || value === 'false') definition[key] = value === 'true';
  };
  text('charset');
  text('indent_style');
  text('indent_size');
  const tabWidth = Number(properties.get('tab_width'));
  if (Number.isInteger(tabWidth) && tabWidth > 0) definition.tab_width = tabWidth;
  text('end_of_line');
  flag('trim_trailing_whitespace');
  flag('insert_final_newline');
  return definition;
}
