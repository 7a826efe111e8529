import * as linguist from 'linguist-languages';

/**
 * GitHub Linguist's language table (`languages.yml`, through the `linguist-languages` package) turned into
 * the lookups detection needs: by extension, by file name, by interpreter, and each language's type and
 * group. Built once, on first use.
 */

export type LanguageType = 'programming' | 'markup' | 'data' | 'prose';

export interface LanguageInfo {
  readonly name: string;
  readonly type: LanguageType;
  /** The language whose statistics this one counts toward (`TSX` → `TypeScript`), else itself. */
  readonly group: string;
  /** Its primary extension (listed first), lower-case. */
  readonly primaryExtension: string | undefined;
}

export interface LinguistIndex {
  readonly languages: ReadonlyMap<string, LanguageInfo>;
  /** Lower-case extension with its dot (`.ts`, `.d.ts`) → the languages that use it. */
  readonly byExtension: ReadonlyMap<string, readonly string[]>;
  /** Exact file name (`Makefile`, `Dockerfile`) → languages. */
  readonly byFilename: ReadonlyMap<string, readonly string[]>;
  /** Interpreter of a `#!` line (`node`, `python3`) → languages. */
  readonly byInterpreter: ReadonlyMap<string, readonly string[]>;
}

const languageTypes = new Set<string>(['programming', 'markup', 'data', 'prose']);

function push(map: Map<string, string[]>, key: string, name: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [name]);
  else if (!list.includes(name)) list.push(name);
}

function buildIndex(): LinguistIndex {
  const languages = new Map<string, LanguageInfo>();
  const byExtension = new Map<string, string[]>();
  const byFilename = new Map<string, string[]>();
  const byInterpreter = new Map<string, string[]>();
  for (const language of Object.values(linguist) as readonly linguist.Language[]) {
    const type = languageTypes.has(language.type) ? (language.type as LanguageType) : 'data';
    languages.set(language.name, {
      name: language.name,
      type,
      group: language.group ?? language.name,
      primaryExtension: language.extensions?.[0]?.toLowerCase(),
    });
    for (const extension of language.extensions ?? [])
      push(byExtension, extension.toLowerCase(), language.name);
    for (const filename of language.filenames ?? []) push(byFilename, filename, language.name);
    for (const interpreter of language.interpreters ?? []) push(byInterpreter, interpreter, language.name);
  }
  return { languages, byExtension, byFilename, byInterpreter };
}

let index: LinguistIndex | undefined;

export function linguistIndex(): LinguistIndex {
  index ??= buildIndex();
  return index;
}
