// `npm run contributions`: writes package.json's `teahouse.api.*` commands and palette entries from the
// catalogue (src/api/operations.ts), touching nothing else, and their English titles into package.nls.json.
// `--check` only reports whether both are current.
import { readFileSync } from 'node:fs';
import { operations } from '../src/api/operations';
import { commandTitleTexts, withOperationCommands } from '../src/extension/operations/commandContributions';
import { jsonText, packageJsonFile, packageNlsFile, readJsonFile, writeIfChanged } from './l10n/files';
import { usedNls, type Nls } from './l10n/packageNls';

const current = readFileSync(packageJsonFile, 'utf8');
const generated = withOperationCommands(current, operations);
const currentNls = readFileSync(packageNlsFile, 'utf8');
const nls = { ...readJsonFile<Nls>(packageNlsFile, {}), ...commandTitleTexts(operations) };
const generatedNls = jsonText(usedNls(JSON.parse(generated) as Record<string, unknown>, nls));
const count = operations.length;
if (process.argv.includes('--check')) {
  if (generated !== current)
    console.error('package.json is out of date with the catalogue: run `npm run contributions`');
  if (generatedNls !== currentNls)
    console.error('package.nls.json is out of date with the catalogue: run `npm run contributions`');
  if (generated !== current || generatedNls !== currentNls) process.exitCode = 1;
  else console.log(`package.json and package.nls.json hold the ${count} operation commands`);
} else {
  const wrote = [
    writeIfChanged(packageJsonFile, generated) && 'package.json',
    writeIfChanged(packageNlsFile, generatedNls) && 'package.nls.json',
  ].filter(Boolean);
  console.log(
    wrote.length
      ? `${wrote.join(', ')}: wrote the ${count} operation commands`
      : `package.json already holds the ${count} operation commands`,
  );
}
