import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.join(__dirname, '..', '..');
export const packageJsonFile = path.join(root, 'package.json');
export const packageNlsFile = path.join(root, 'package.nls.json');
export const l10nFolder = path.join(root, 'l10n');
export const bundleFile = path.join(l10nFolder, 'bundle.l10n.json');

export function readJsonFile<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

/** JSON as prettier leaves it (two spaces, a final newline). */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Writes `text` unless the file already holds it; says whether it wrote. */
export function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

/** The translations beside an English file: `package.nls.de.json` → `de`. */
export function translations(folder: string, base: string): { language: string; file: string }[] {
  const pattern = new RegExp(`^${base.replaceAll('.', '\\.')}\\.([A-Za-z-]+)\\.json$`);
  return readdirSync(folder).flatMap((name) => {
    const language = pattern.exec(name)?.[1];
    return language ? [{ language, file: path.join(folder, name) }] : [];
  });
}
