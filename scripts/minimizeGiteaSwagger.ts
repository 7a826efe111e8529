// `node --import tsx scripts/minimizeGiteaSwagger.ts <swagger.json> <release> <source note>`: keeps of a
// Gitea swagger file only what the capability table needs (each route's method, path, operationId and
// query parameter names) in scripts/data/gitea-api/<release>.json. Run once per Gitea release added.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minimizeSwagger } from './capabilities/swagger';

const [input, release, source] = process.argv.slice(2);
if (input === undefined || release === undefined || !/^\d+\.\d+\.\d+$/.test(release)) {
  console.error('usage: minimizeGiteaSwagger.ts <swagger.json> <x.y.z> [source note]');
  process.exit(2);
}
const minimized = minimizeSwagger(readFileSync(input, 'utf8'), release, source ?? input);
const output = path.join(__dirname, 'data', 'gitea-api', `${release}.json`);
writeFileSync(output, `${JSON.stringify(minimized, null, 1)}\n`);
console.log(`${output}: ${Object.keys(minimized.routes).length} routes`);
