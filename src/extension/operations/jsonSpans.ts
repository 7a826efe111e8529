/** Where a JSON value sits in its source text: `[start, end)`. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  throw new SyntaxError(`unterminated string at ${at}`);
}

function expect(text: string, at: number, char: string): void {
  if (text[at] !== char) throw new SyntaxError(`expected "${char}" at ${at}, found "${text[at] ?? 'end'}"`);
}

/** The end of the JSON value that starts at `at` (after any whitespace). */
function valueEnd(text: string, at: number): number {
  const start = skipSpace(text, at);
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first === '{' || first === '[') {
    const close = first === '{' ? '}' : ']';
    let i = skipSpace(text, start + 1);
    if (text[i] === close) return i + 1;
    for (;;) {
      if (first === '{') {
        i = skipSpace(text, stringEnd(text, skipSpace(text, i)));
        expect(text, i, ':');
        i += 1;
      }
      i = skipSpace(text, valueEnd(text, i));
      if (text[i] === close) return i + 1;
      expect(text, i, ',');
      i += 1;
    }
  }
  const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(text.slice(start));
  if (!literal) throw new SyntaxError(`unexpected "${first ?? 'end'}" at ${start}`);
  return start + literal[0].length;
}

/** The spans of an array's elements, the array starting at `span.start`. */
export function elementSpans(text: string, span: Span): Span[] {
  expect(text, span.start, '[');
  const spans: Span[] = [];
  let i = skipSpace(text, span.start + 1);
  if (text[i] === ']') return spans;
  for (;;) {
    const start = skipSpace(text, i);
    const end = valueEnd(text, start);
    spans.push({ start, end });
    i = skipSpace(text, end);
    if (text[i] === ']') return spans;
    expect(text, i, ',');
    i += 1;
  }
}

/** The span of the value at a path of object keys from the root, e.g. `['contributes', 'commands']`. */
export function locate(text: string, path: readonly string[]): Span {
  let start = skipSpace(text, 0);
  for (const key of path) {
    expect(text, start, '{');
    let i = skipSpace(text, start + 1);
    let found: number | undefined;
    while (found === undefined && text[i] !== '}') {
      const keyEnd = stringEnd(text, i);
      const name = JSON.parse(text.slice(i, keyEnd)) as string;
      i = skipSpace(text, keyEnd);
      expect(text, i, ':');
      const valueStart = skipSpace(text, i + 1);
      if (name === key) found = valueStart;
      i = skipSpace(text, valueEnd(text, valueStart));
      if (text[i] === ',') i = skipSpace(text, i + 1);
    }
    if (found === undefined) throw new SyntaxError(`no "${key}" in ${path.join('.')}`);
    start = found;
  }
  return { start, end: valueEnd(text, start) };
}
