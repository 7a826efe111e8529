// `npm run test:vscode`: the extension in a real VS Code (code-server) — the mocha suite inside the extension
// host, then Playwright scenarios in the workbench. Installs what it needs into a cache outside the clone,
// starts everything in its own process groups, and cleans up. Ends with "N passed, N failed".
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { installToolchain, startCodeServer, type CodeServer, type Toolchain } from './harness/codeServer';
import { runExtensionHostSuite } from './harness/extensionHostSuite';
import { killAllGroups } from './harness/processGroup';
import { serverEnvironment, startTeahouseServer } from './harness/teahouseServer';
import { createDemoWorkspace } from './harness/workspaceFixture';
import { openWorkbench } from './harness/workbench';
import { scenarios, type Scenario, type ScenarioContext } from './ui/scenarios';
import { runSteps, type Tally } from './ui/runSteps';
import { runSharedServerScenario } from './ui/sharedServerScenario';
import { germanScenarios } from './ui/translationScenarios';

const projectRoot = path.resolve(__dirname, '..', '..');
const resultsDir = path.join(projectRoot, 'test-results', 'vscode');
// one folder per run: two runs at once (or the benchmark beside a test run) must not delete each other's bundle
const suiteBundleDir = path.join(
  projectRoot,
  'node_modules',
  '.cache',
  `teahouse-vscode-suite-${process.pid}`,
);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const log = (message: string) => console.log(`[vscode-tests +${elapsed()}] ${message}`);

function install(): Toolchain {
  log('toolchain: test/vscode/install.sh (cached after the first run)');
  return installToolchain();
}

/**
 * The suite is bundled inside the extension's folder (under node_modules/.cache, which git, ESLint and
 * Prettier skip): VS Code then treats it as part of Teahouse, which may read its own authentication sessions.
 */
async function bundleSuite(): Promise<string> {
  const outfile = path.join(suiteBundleDir, 'index.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'suite', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
    logOverride: { 'require-resolve-not-external': 'silent' },
  });
  return outfile;
}

async function runHostSuite(
  browser: Browser,
  tools: Toolchain,
  runDir: string,
  bundle: string,
): Promise<Tally> {
  const folder = createDemoWorkspace(path.join(runDir, 'host-workspace'));
  // the remote accounts' server: a second Teahouse beside the extension's local one
  const remote = await startTeahouseServer(path.join(projectRoot, 'dist', 'cli.js'), runDir, 'remote');
  log(`second Teahouse server (remote accounts) at ${remote.url}`);
  const server = await startCodeServer(tools, runDir, 'host').catch(async (error: unknown) => {
    await remote.stop();
    throw error;
  });
  try {
    log(`extension-host suite: code-server at ${server.url}, workspace ${folder}`);
    return await runExtensionHostSuite(browser, {
      serverUrl: server.url,
      extensionPath: projectRoot,
      folder,
      bundle,
      resultsFile: path.join(runDir, 'host-results.json'),
      screenshot: path.join(resultsDir, 'extension-host-failure.png'),
      timeoutMs: 8 * 60_000,
      grep: process.env['TEAHOUSE_VSCODE_GREP'],
      environment: {
        ...serverEnvironment(remote),
        // `npm run bench:vscode`: the bench rows that run inside the extension host
        ...(process.env['TEAHOUSE_VSCODE_BENCH'] && {
          TEAHOUSE_VSCODE_BENCH: process.env['TEAHOUSE_VSCODE_BENCH'],
        }),
      },
    });
  } finally {
    await server.stop();
    await remote.stop();
  }
}

async function runScenarios(
  browser: Browser,
  tools: Toolchain,
  runDir: string,
  list: readonly Scenario[] = scenarios,
  /** A display language other than English: its own code-server (see harness/languagePack.ts). */
  locale?: string,
): Promise<Tally> {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  const name = locale ? `ui-${locale}` : 'ui';
  const folder = createDemoWorkspace(path.join(runDir, `${name}-workspace`));
  let server: CodeServer | undefined;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    server = await startCodeServer(tools, runDir, name, locale);
    log(`UI scenarios${locale ? ` (${locale})` : ''}: code-server at ${server.url}`);
    const page = await openWorkbench(context, server.url, { extensionPath: projectRoot, folder });
    const scenarioContext: ScenarioContext = {
      page,
      projectRoot,
      userDataDir: server.userDataDir,
      workspaceFolder: folder,
      state: {},
    };
    const ran = await runSteps(chosenScenarios(list), scenarioContext, async (index) => {
      const shot = path.join(resultsDir, `${locale ? `${locale}-` : ''}scenario-${index + 1}-failure.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      return shot;
    });
    tally.passed += ran.passed;
    tally.failed += ran.failed;
    const sidebar = path.join(resultsDir, locale ? `sidebar-${locale}.png` : 'sidebar.png');
    await page
      .locator('.part.sidebar')
      .screenshot({ path: sidebar })
      .catch(() => undefined);
    console.log(`  screenshot of the sidebar: ${sidebar}`);
    await scenarioContext.state.client?.close();
  } finally {
    await context.close();
    await server?.stop();
  }
  return tally;
}

/**
 * `TEAHOUSE_VSCODE_SCENARIOS=<regex>` runs only the scenarios whose name matches, after the two that open
 * the views and start the local server (the others build on them).
 */
function chosenScenarios(list: readonly Scenario[]): readonly Scenario[] {
  const pattern = process.env['TEAHOUSE_VSCODE_SCENARIOS'];
  if (!pattern) return list;
  const matches = new RegExp(pattern, 'i');
  return list.filter((scenario, index) => index < 2 || matches.test(scenario.name));
}

async function main(): Promise<number> {
  mkdirSync(resultsDir, { recursive: true });
  const tools = install();
  const runDir = mkdtempSync(path.join(tools.cache, 'run-'));
  let browser: Browser | undefined;
  const total: Tally = { passed: 0, failed: 0, skipped: 0 };
  const add = (tally: Tally) => {
    total.passed += tally.passed;
    total.failed += tally.failed;
    total.skipped += tally.skipped;
  };
  const cleanUp = () => {
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    rmSync(suiteBundleDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllGroups();
      cleanUp();
      process.exit(130);
    });
  }
  try {
    const bundle = await bundleSuite();
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const only = process.env['TEAHOUSE_VSCODE_ONLY'];
    if (only !== 'ui' && only !== 'l10n' && only !== 'shared')
      add(await runHostSuite(browser, tools, runDir, bundle));
    if (only !== 'host' && only !== 'l10n' && only !== 'shared')
      add(await runScenarios(browser, tools, runDir));
    if (only === undefined || only === 'shared')
      add(await runSharedServerScenario(browser, tools, runDir, projectRoot, resultsDir));
    if (only === undefined || only === 'l10n')
      add(await runScenarios(browser, tools, runDir, germanScenarios, 'de'));
  } catch (error) {
    console.error(error);
    total.failed += 1;
  } finally {
    await browser?.close();
    cleanUp();
  }
  log(`done: ${total.skipped} skipped`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return total.failed > 0 || total.passed === 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
