// `npm run contributions`: writes package.json's `teahouse.api.*` commands and palette entries from the
// catalogue (src/api/operations.ts), touching nothing else. `--check` only reports whether it is current.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { operations } from '../src/api/operations';
import { withOperationCommands } from '../src/extension/operations/commandContributions';

const file = path.join(__dirname, '..', 'package.json');
const current = readFileSync(file, 'utf8');
const generated = withOperationCommands(current, operations);
if (process.argv.includes('--check')) {
  if (generated !== current) {
    console.error('package.json is out of date with the catalogue: run `npm run contributions`');
    process.exitCode = 1;
  } else console.log(`package.json holds the ${operations.length} operation commands`);
} else if (generated === current) {
  console.log(`package.json already holds the ${operations.length} operation commands`);
} else {
  writeFileSync(file, generated);
  console.log(`package.json: wrote the ${operations.length} operation commands`);
}
