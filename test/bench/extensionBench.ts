import { statSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { median } from './load';
import type { BenchWorld } from './seed';
import { projectRoot } from './serverProcess';
import { mb, ms, type Row } from './table';
import { measureInVsCode } from './vscodeBench';

export interface ExtensionBenchOptions {
  workDir: string;
  world: BenchWorld;
  serverUrl: string;
  /** VS Code sessions to take medians over; 0 leaves the VS Code rows out */
  runs: number;
  log: (line: string) => void;
}

/** `dist/extension.js` as the production build makes it (minified), built into the bench's folder. */
async function productionBundleSize(workDir: string): Promise<number> {
  const outfile = path.join(workDir, 'extension-production.js');
  await esbuild.build({
    entryPoints: [path.join(projectRoot, 'src', 'extension', 'extension.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    legalComments: 'linked',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return statSync(outfile).size;
}

/** Section 4: the extension's bundle size, activation time and first Issues page in a real VS Code. */
export async function measureExtension(options: ExtensionBenchOptions): Promise<Row[]> {
  const size = await productionBundleSize(options.workDir);
  options.log(`dist/extension.js (production): ${size} bytes`);
  const rows: Row[] = [
    {
      figure: 'dist/extension.js (production)',
      value: mb(size / 1024 / 1024),
      baseline: '–',
      ratio: '–',
      target: '≤ 1 MB',
      met: size <= 1024 * 1024,
    },
  ];
  if (options.runs === 0) return rows;
  const figures = await measureInVsCode({
    serverUrl: options.serverUrl,
    token: options.world.token,
    runs: options.runs,
    log: options.log,
  });
  const activation = median(figures.map((f) => f.activationMs));
  const firstPage = median(figures.map((f) => f.firstPageMs));
  const warmPage = median(figures.map((f) => f.warmPageMs));
  const runs = `median of ${figures.length} VS Code run${figures.length > 1 ? 's' : ''}`;
  rows.push(
    {
      figure: `extension activation (own code, ${runs})`,
      value: ms(activation),
      baseline: '–',
      ratio: '–',
      target: '≤ 100 ms',
      met: activation <= 100,
    },
    {
      figure: `Issues view: first page of 10k issues (${runs})`,
      value: ms(firstPage),
      baseline: `${ms(warmPage)} (after refresh)`,
      ratio: '–',
      target: '≤ 500 ms',
      met: firstPage <= 500,
    },
  );
  return rows;
}
