import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { installToolchain, startCodeServer, type Toolchain } from '../vscode/harness/codeServer';
import { killAllGroups } from '../vscode/harness/processGroup';
import { openWorkbench } from '../vscode/harness/workbench';
import type { BigPull } from './bigPullSeed';
import type { HostFigures } from './vscode/hostEntry';
import { issueRepos } from './seed';
import { projectRoot } from './serverProcess';

// inside the extension's folder (node_modules/.cache, which git and the linters skip), as the VS Code suite's
const bundleDir = path.join(projectRoot, 'node_modules', '.cache', 'teahouse-bench-vscode');

function install(log: (line: string) => void): Toolchain {
  log('VS Code toolchain: test/vscode/install.sh (cached after the first run; ~5 minutes cold)');
  return installToolchain();
}

async function bundleHostEntry(): Promise<string> {
  const outfile = path.join(bundleDir, 'index.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'vscode', 'hostEntry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return outfile;
}

/** The Issues view's repository: the workspace's `origin` (seeded with 10,000 issues). */
const issuesRepository = `bench/${issueRepos.medium}`;

/** A workspace folder whose `origin` is the bench repository, so the Issues view lists it. */
function benchWorkspace(parent: string, remote: string): string {
  const folder = path.join(parent, 'issues-10k');
  mkdirSync(folder, { recursive: true });
  execFileSync('git', ['init', '--quiet', '--initial-branch', 'main'], { cwd: folder });
  execFileSync('git', ['remote', 'add', 'origin', remote], { cwd: folder });
  return folder;
}

/**
 * One VS Code (code-server + Chromium) session per run: the extension's activation time, the Issues
 * view's first page, and a big pull request's Changes tree and threaded diff against the bench server.
 * Several runs give medians.
 */
export async function measureInVsCode(options: {
  serverUrl: string;
  token: string;
  pull: BigPull;
  runs: number;
  log: (line: string) => void;
}): Promise<HostFigures[]> {
  const tools = install(options.log);
  const runDir = mkdtempSync(path.join(tools.cache, 'bench-'));
  const bundle = await bundleHostEntry();
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const figures: HostFigures[] = [];
  try {
    for (let run = 0; run < options.runs; run++) {
      const server = await startCodeServer(tools, runDir, `run${run}`);
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const resultsFile = path.join(runDir, `run${run}.json`);
      try {
        let resolveExit: (code: number | string) => void = () => undefined;
        const exited = new Promise<number | string>((resolve) => (resolveExit = resolve));
        await context.exposeFunction('codeAutomationLog', () => undefined);
        await context.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
        const timer = setTimeout(() => resolveExit('timeout'), 180_000);
        await openWorkbench(context, server.url, {
          extensionPath: projectRoot,
          folder: benchWorkspace(
            path.join(runDir, `run${run}`),
            `${options.serverUrl}${issuesRepository}.git`,
          ),
          testsPath: bundle,
          environment: {
            TEAHOUSE_BENCH_RESULTS: resultsFile,
            TEAHOUSE_BENCH_SERVER: options.serverUrl,
            TEAHOUSE_BENCH_TOKEN: options.token,
            TEAHOUSE_BENCH_REPOSITORY: issuesRepository,
            TEAHOUSE_BENCH_PULL: String(options.pull.number),
            TEAHOUSE_BENCH_PULL_FILE: options.pull.path,
            TEAHOUSE_BENCH_PULL_THREADS: String(options.pull.threads),
          },
        });
        const code = await exited;
        clearTimeout(timer);
        if (code !== 0 || !existsSync(resultsFile)) throw new Error(`the VS Code run ended with ${code}`);
        const result = JSON.parse(readFileSync(resultsFile, 'utf8')) as HostFigures;
        options.log(
          `VS Code run ${run + 1}: activation ${result.activationMs.toFixed(1)} ms, first Issues page ${result.firstPageMs.toFixed(0)} ms (${result.issuesShown} issues), refreshed ${result.warmPageMs.toFixed(0)} ms; pull request: Changes of ${result.filesListed} files ${result.changesTreeMs.toFixed(0)} ms, diff with ${result.threadsPlaced} threads ${result.threadsReadyMs.toFixed(0)} ms (head side shown after ${result.headShownMs.toFixed(0)} ms)`,
        );
        figures.push(result);
      } finally {
        await context.close();
        await server.stop();
      }
    }
  } finally {
    await browser.close();
    killAllGroups();
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    rmSync(bundleDir, { recursive: true, force: true });
  }
  return figures;
}
