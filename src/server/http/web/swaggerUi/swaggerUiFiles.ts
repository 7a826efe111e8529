import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The files of the `swagger-ui-dist` package the page loads (scripts/build.mjs copies them), by the name it asks for, with their types. */
export const swaggerUiAssets: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * Where the files are: bundled (dist/cli.js inside the VSIX, which ships no node_modules) in
 * `swagger-ui/` beside the bundle; from source (tsx), the package in node_modules.
 */
function swaggerUiDir(): string | undefined {
  const bundled = path.join(__dirname, 'swagger-ui');
  if (existsSync(path.join(bundled, 'swagger-ui-bundle.js'))) return bundled;
  try {
    return path.dirname(require.resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

const cache = new Map<string, Buffer>();

/** An asset's bytes, read once; undefined for a name that is not an asset or a missing installation. */
export function swaggerUiAsset(name: string): Buffer | undefined {
  if (!Object.hasOwn(swaggerUiAssets, name)) return undefined;
  let bytes = cache.get(name);
  if (!bytes) {
    const dir = swaggerUiDir();
    if (!dir || !existsSync(path.join(dir, name))) return undefined;
    bytes = readFileSync(path.join(dir, name));
    cache.set(name, bytes);
  }
  return bytes;
}
