import { statSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { seedBigPull } from './bigPullSeed';
import { median } from '../helpers/median';
import type { BenchWorld } from './seed';
import { projectRoot, type BenchServer } from './serverProcess';
import { mb, ms, type Row } from './table';
import { measureInVsCode } from './vscodeBench';

export interface ExtensionBenchOptions {
  workDir: string;
  world: BenchWorld;
  server: BenchServer;
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

/**
 * Section 4: the extension's bundle size; in a real VS Code its activation time, the first Issues page, and
 * (issue 14) a pull request of 300 files: its Changes tree and a file's diff with 50 threads.
 */
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
  const t0 = Date.now();
  const pull = await seedBigPull(options.server, options.world);
  options.log(`a pull request of 300 files and 20,000 lines with 50 threads made in ${Date.now() - t0} ms`);
  const figures = await measureInVsCode({
    serverUrl: options.server.url,
    token: options.world.token,
    pull,
    runs: options.runs,
    log: options.log,
  });
  if (figures.some((f) => f.filesListed !== pull.files || f.threadsPlaced !== pull.threads))
    throw new Error(
      `a VS Code run did not show the pull request's ${pull.files} files and ${pull.threads} threads`,
    );
  const activation = median(figures.map((f) => f.activationMs));
  const firstPage = median(figures.map((f) => f.firstPageMs));
  const warmPage = median(figures.map((f) => f.warmPageMs));
  const changesTree = median(figures.map((f) => f.changesTreeMs));
  const threadsReady = median(figures.map((f) => f.threadsReadyMs));
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
    {
      figure: `pull request of 300 files / 20,000 lines: Changes tree (${runs})`,
      value: ms(changesTree),
      baseline: '–',
      ratio: '–',
      target: '≤ 1000 ms',
      met: changesTree <= 1000,
    },
    {
      figure: `its file's diff with 50 threads ready (${runs})`,
      value: ms(threadsReady),
      baseline: '–',
      ratio: '–',
      target: '≤ 500 ms',
      met: threadsReady <= 500,
    },
  );
  return rows;
}
