import { linguistIndex } from './linguistData';

/**
 * A file's language as Gitea's GetCodeLanguage finds it: by extension when only one language uses it, then
 * by file name, then by what the content shows. Linguist settles an extension several languages share
 * (`.h`, `.m`, `.rs`, `.md`) with content heuristics and a classifier; here the language nearly every
 * repository means by it is taken (with Linguist's `.h` heuristics), else the one whose primary extension
 * it is, else the first by name.
 */

/** For extensions Linguist lists under several languages: the one meant in practice. */
const usualLanguage: Readonly<Record<string, string>> = {
  '.m': 'Objective-C',
  '.pl': 'Perl',
  '.ts': 'TypeScript',
  '.tsx': 'TSX',
  '.rs': 'Rust',
  '.md': 'Markdown',
  '.cs': 'C#',
  '.php': 'PHP',
  '.html': 'HTML',
  '.sql': 'SQL',
  '.json': 'JSON',
  '.yml': 'YAML',
  '.yaml': 'YAML',
  '.r': 'R',
  '.fs': 'F#',
  '.pp': 'Puppet',
  '.ml': 'OCaml',
  '.d': 'D',
  '.asm': 'Assembly',
  '.txt': 'Text',
  '.es': 'JavaScript',
  '.cake': 'C#',
};

const objectiveCHeader =
  /^\s*(@(interface|class|protocol|property|end|synchronised|selector|implementation)\b|#import\s+.+\.h[">])/m;
const cppHeader =
  /^\s*(#\s*include <(cstdint|string|vector|map|list|array|bitset|queue|stack|forward_list|unordered_map|unordered_set|(i|o|io)stream)>|template\s*<|(class|(using\s+)?namespace)\s+\w+|[\w\s]*\bstd::\w+)/m;

/** Linguist's heuristics for `.h`: Objective-C or C++ by their marks, else C. */
function headerLanguage(content: Buffer | undefined): string {
  const text = content?.subarray(0, 64 * 1024).toString('utf8') ?? '';
  if (objectiveCHeader.test(text)) return 'Objective-C';
  if (cppHeader.test(text)) return 'C++';
  return 'C';
}

/** Every extension of a base name, longest first: `a.spec.ts` → `.spec.ts`, `.ts`. */
function extensionsOf(baseName: string): string[] {
  const lower = baseName.toLowerCase();
  const found: string[] = [];
  for (let at = lower.indexOf('.', 1); at >= 0; at = lower.indexOf('.', at + 1)) found.push(lower.slice(at));
  return found;
}

function pick(
  extension: string | undefined,
  candidates: readonly string[],
  content: Buffer | undefined,
): string {
  if (candidates.length === 1) return candidates[0]!;
  if (extension === '.h') return headerLanguage(content);
  const usual = extension === undefined ? undefined : usualLanguage[extension];
  if (usual !== undefined && candidates.includes(usual)) return usual;
  const { languages } = linguistIndex();
  const primary = candidates.filter((name) => languages.get(name)?.primaryExtension === extension);
  return [...(primary.length > 0 ? primary : candidates)].sort()[0]!;
}

/** The interpreter a `#!` line names (`#!/usr/bin/env python3` → `python3`), if the content starts with one. */
function interpreterOf(content: Buffer | undefined): string | undefined {
  if (!content || content[0] !== 0x23 || content[1] !== 0x21) return undefined;
  const line = content.subarray(2, 256).toString('utf8').split('\n', 1)[0]!.trim();
  const words = line.split(/\s+/);
  let program = words[0]?.split('/').pop();
  if (program === 'env')
    program = words.slice(1).find((word) => !word.startsWith('-') && !word.includes('='));
  // `python3.12` → `python3`, as Linguist strips version numbers
  return program?.replace(/(\d)\.\d+$/, '$1');
}

/** The language of the file at `path` (content when it was read), or undefined when none is known. */
export function detectLanguage(path: string, content: Buffer | undefined): string | undefined {
  const { byExtension, byFilename, byInterpreter } = linguistIndex();
  const baseName = path.split('/').pop() ?? path;
  for (const extension of extensionsOf(baseName)) {
    const candidates = byExtension.get(extension);
    if (candidates) return pick(extension, candidates, content);
  }
  const named = byFilename.get(baseName);
  if (named) return pick(undefined, named, content);
  const interpreter = interpreterOf(content);
  const interpreted = interpreter === undefined ? undefined : byInterpreter.get(interpreter);
  return interpreted ? pick(undefined, interpreted, content) : undefined;
}
