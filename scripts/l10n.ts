// `npm run l10n`: the one step after adding or changing a user-visible string.
// 1. package.json: every plain string left in a localisable field (a new command's title, a setting's
//    description, …) becomes a `%key%` placeholder with its English text in package.nls.json (the
//    `teahouse.api.*` titles come from `npm run contributions`, which this runs too);
// 2. l10n/bundle.l10n.json: exported from the `l10n.t` calls in src/extension and src/webview;
// 3. reports, per translation (package.nls.<lang>.json, l10n/bundle.l10n.<lang>.json), the keys it lacks
//    and the ones no longer used, which it drops.
// `--check` writes nothing and fails when any file is out of date or a translation lacks a key.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exportBundle } from './l10n/bundle';
import {
  bundleFile,
  jsonText,
  l10nFolder,
  packageJsonFile,
  packageNlsFile,
  readJsonFile,
  root,
  translations,
  writeIfChanged,
} from './l10n/files';
import { translationGaps } from './l10n/missing';
import { externalize, usedNls, type Nls } from './l10n/packageNls';

const check = process.argv.includes('--check');
const problems: string[] = [];

function update(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  if (check) problems.push(`${path.relative(root, file)} is out of date: run \`npm run l10n\``);
  else {
    writeIfChanged(file, text);
    console.log(`wrote ${path.relative(root, file)}`);
  }
}

function dropStale(file: string, english: Record<string, unknown>): void {
  const translation = readJsonFile<Record<string, unknown>>(file, {});
  const { missing, stale } = translationGaps(english, translation);
  const name = path.relative(root, file);
  if (missing.length > 0) {
    const listed = missing.map((key) => {
      const text = english[key];
      const message = typeof text === 'string' ? text : (text as { message?: string } | undefined)?.message;
      return message === key ? JSON.stringify(key) : `${JSON.stringify(key)}: ${JSON.stringify(message)}`;
    });
    problems.push(`${name} lacks ${missing.length} key(s) (translate these):\n  ${listed.join('\n  ')}`);
  }
  if (stale.length > 0) {
    if (check) problems.push(`${name} holds ${stale.length} key(s) no longer used: run \`npm run l10n\``);
    else {
      const kept = Object.fromEntries(Object.entries(translation).filter(([key]) => !stale.includes(key)));
      writeIfChanged(file, jsonText(kept));
      console.log(`${name}: dropped ${stale.length} key(s) no longer used`);
    }
  }
}

async function main(): Promise<void> {
  try {
    const contributions = path.join(__dirname, 'contributions.ts');
    execFileSync(process.execPath, ['--import', 'tsx', contributions, ...(check ? ['--check'] : [])], {
      stdio: 'inherit',
    });
  } catch {
    problems.push('the operation commands are out of date: run `npm run l10n`');
  }
  const manifest = JSON.parse(readFileSync(packageJsonFile, 'utf8')) as Record<string, unknown>;
  const nls = readJsonFile<Nls>(packageNlsFile, {});
  externalize(manifest, nls);
  update(packageJsonFile, jsonText(manifest));
  const englishNls = usedNls(manifest, nls);
  update(packageNlsFile, jsonText(englishNls));
  const bundle = await exportBundle();
  update(bundleFile, jsonText(bundle));
  for (const { file } of translations(root, 'package.nls')) dropStale(file, englishNls);
  for (const { file } of translations(l10nFolder, 'bundle.l10n')) dropStale(file, bundle);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  } else console.log('package.nls and l10n bundles are complete');
}

void main();
