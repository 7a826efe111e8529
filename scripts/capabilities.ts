// `npm run capabilities`: writes src/api/capabilities.generated.ts from the minimised swagger of each Gitea
// release in scripts/data/gitea-api/. `--check` only reports whether the checked-in module is current.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { capabilityModule } from './capabilities/generate';
import type { MinimizedApi } from './capabilities/swagger';

export const dataFolder = path.join(__dirname, 'data', 'gitea-api');
export const generatedFile = path.join(__dirname, '..', 'src', 'api', 'capabilities.generated.ts');

export function readReleases(): MinimizedApi[] {
  return readdirSync(dataFolder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dataFolder, name), 'utf8')) as MinimizedApi);
}

if (require.main === module) {
  const generated = capabilityModule(readReleases());
  const current = readFileSync(generatedFile, { encoding: 'utf8', flag: 'a+' });
  if (process.argv.includes('--check')) {
    if (generated !== current) {
      console.error('src/api/capabilities.generated.ts is out of date: run `npm run capabilities`');
      process.exitCode = 1;
    } else console.log('src/api/capabilities.generated.ts is current');
  } else {
    writeFileSync(generatedFile, generated);
    console.log(`wrote ${generatedFile}`);
  }
}
