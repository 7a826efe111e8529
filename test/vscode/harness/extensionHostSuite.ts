import { existsSync, readFileSync } from 'node:fs';
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import { openWorkbench } from './workbench';

export interface SuiteResults {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

// the workbench's own chatter, which says nothing about the suite
const noise =
  /open-vsx\.org|AgentHost|AccountPolicyGate|Canceled: Canceled|Creating a socket|connection token|Service Worker|grace time|builtin extensions cache|workbench contribution|authentication provider 'github'|^\s+at /;

/**
 * Runs the mocha suite (a bundle exporting `run()`) inside code-server's extension host, printing its
 * output, and reads the counts the suite wrote. A suite that never reports counts as one failure.
 */
export async function runExtensionHostSuite(
  browser: Browser,
  options: {
    serverUrl: string;
    extensionPath: string;
    folder: string;
    bundle: string;
    resultsFile: string;
    screenshot: string;
    timeoutMs: number;
    grep?: string;
    /** More variables for the extension host (the second server's address: harness/teahouseServer.ts). */
    environment?: Record<string, string>;
  },
): Promise<SuiteResults> {
  const environment: Record<string, string> = {
    ...options.environment,
    TEAHOUSE_VSCODE_RESULTS: options.resultsFile,
  };
  if (options.grep) environment['TEAHOUSE_VSCODE_GREP'] = options.grep;
  let resolveExit: (code: number | string) => void = () => undefined;
  const exited = new Promise<number | string>((resolve) => (resolveExit = resolve));
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // the workbench calls these in smoke-test-driver mode: the host's console, and the suite's exit code
  await context.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
    const line = format(...args);
    if (!noise.test(line)) (type === 'error' ? console.error : console.log)(line);
  });
  await context.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
  const timer = setTimeout(() => resolveExit('timeout'), options.timeoutMs);
  try {
    const page = await openWorkbench(context, options.serverUrl, {
      extensionPath: options.extensionPath,
      folder: options.folder,
      testsPath: options.bundle,
      environment,
    });
    const code = await exited;
    if (code !== 0) await page.screenshot({ path: options.screenshot }).catch(() => undefined);
    const results: SuiteResults = existsSync(options.resultsFile)
      ? (JSON.parse(readFileSync(options.resultsFile, 'utf8')) as SuiteResults)
      : { passed: 0, failed: 1, skipped: 0 };
    console.log(
      `extension-host suite: exit ${code}; ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`,
    );
    if (code !== 0) console.log(`screenshot of the workbench: ${options.screenshot}`);
    return code === 0 ? results : { ...results, failed: Math.max(results.failed, 1) };
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}
