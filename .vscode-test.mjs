// For `npx vscode-test` on a desktop (it downloads VS Code, so also `npm i -D @vscode/test-electron` once).
// The same suites run in CI through `npm run test:vscode` (code-server, no download). The suites are
// TypeScript: this bundles them first, into a folder Teahouse owns so VS Code counts them as its own code.
import { defineConfig } from '@vscode/test-cli';
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);
const outDir = path.join(root, 'node_modules', '.cache', 'teahouse-vscode-test-cli');
await esbuild.build({
  entryPoints: [path.join(root, 'test', 'vscode', 'suite', 'testCli.ts')],
  outfile: path.join(outDir, 'all.test.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});

// a throw-away workspace that is a git repository with feature branches, as the suites expect
const workspace = path.join(mkdtempSync(path.join(os.tmpdir(), 'teahouse-vscode-test-')), 'teahouse-demo');
execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '-e',
    `require('./test/vscode/harness/workspaceFixture').createDemoWorkspace(${JSON.stringify(path.dirname(workspace))})`,
  ],
  { cwd: root },
);

export default defineConfig({
  label: 'Teahouse in VS Code',
  files: path.join(outDir, 'all.test.js'),
  workspaceFolder: workspace,
  mocha: { ui: 'tdd', timeout: 60_000 },
});
