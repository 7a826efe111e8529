// Bundles the extension (vscode external) and the CLI/server into dist/, the webviews into media/dist/.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  legalComments: 'linked',
  logLevel: 'info',
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: ['src/server/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    // the server's markdown renderer runs on worker threads (services/markdown/renderPool.ts)
    ...common,
    entryPoints: ['src/server/services/markdown/renderWorker.ts'],
    outfile: 'dist/markdownWorker.js',
  },
  ...['issueView', 'markdownPreview', 'createPullRequest'].map((entry) => ({
    // the webviews' browser code (src/webview/), loaded by pages whose CSP admits only media/
    ...common,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    entryPoints: [`src/webview/${entry}.ts`],
    outfile: `media/dist/${entry}.js`,
  })),
];

// vscode-elements and codicons ship inside media/dist/ too: webviews load nothing from outside media/.
// A production build empties it first, so no source map of an earlier build goes into the VSIX.
if (production) await rm('media/dist', { recursive: true, force: true });
await mkdir('media/dist', { recursive: true });
await Promise.all([
  copyFile('node_modules/@vscode-elements/elements/dist/bundled.js', 'media/dist/vscode-elements.js'),
  copyFile('node_modules/@vscode/codicons/dist/codicon.css', 'media/dist/codicon.css'),
  copyFile('node_modules/@vscode/codicons/dist/codicon.ttf', 'media/dist/codicon.ttf'),
]);

// The server's Swagger UI (/api/swagger) from swagger-ui-dist: the VSIX ships no node_modules, so the files
// the page loads go beside dist/cli.js (src/server/http/web/swaggerUi/swaggerUiFiles.ts finds them there).
const swaggerUiFiles = [
  'swagger-ui-bundle.js',
  'swagger-ui.css',
  'favicon-32x32.png',
  'swagger-ui-bundle.js.LICENSE.txt',
  'LICENSE',
  'NOTICE',
];
await mkdir('dist/swagger-ui', { recursive: true });
await Promise.all(
  swaggerUiFiles.map((name) => copyFile(`node_modules/swagger-ui-dist/${name}`, `dist/swagger-ui/${name}`)),
);

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
