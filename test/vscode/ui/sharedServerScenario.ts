import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TeahouseClient } from '../../../src/api/client';
import { readServerRuntime } from '../../../src/api/localServer/runtimeFile';
import { localServerDataDir, startCodeServer, type CodeServer, type Toolchain } from '../harness/codeServer';
import { answerInput, openWorkbench, runFromPalette, treeRow, viewPane } from '../harness/workbench';
import { createDemoWorkspace } from '../harness/workspaceFixture';
import { localServerUrl, seedingClient } from './localServerAccess';
import { runSteps, type Step, type Tally } from './runSteps';

/**
 * Two VS Code windows on different folders with the same user data (two pages of one code-server), as a
 * user with two windows has them: one local server serves both, each window's repository is hosted while
 * the window lives, and a window that closes and opens again brings its repository back.
 */

interface Shared {
  readonly browser: BrowserContext;
  readonly server: CodeServer;
  readonly projectRoot: string;
  readonly folders: { readonly a: string; readonly b: string };
  pageA?: Page;
  pageB?: Page;
  client?: TeahouseClient;
  owner?: string;
  url?: string;
  pid?: number;
  issues: { a?: string; b?: string };
}

const names = { a: 'shared-alpha', b: 'shared-beta' } as const;

/** The `teahouse serve` processes on the data folder, from /proc (one is what the windows must share). */
function serveProcesses(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes('serve') && args[args.indexOf('--data') + 1] === dataDir) pids.push(Number(entry));
  }
  return pids;
}

async function openWindow(shared: Shared, folder: string): Promise<Page> {
  const page = await openWorkbench(shared.browser, shared.server.url, {
    extensionPath: shared.projectRoot,
    folder,
  });
  await page.locator('.part.activitybar a.action-label[aria-label^="Teahouse"]').click();
  return page;
}

async function createIssue(page: Page, title: string): Promise<void> {
  await runFromPalette(page, 'Teahouse: Create Issue…');
  await answerInput(page, title);
  await answerInput(page, 'Created in one of two windows.');
  await treeRow(viewPane(page, 'Issues'), title).waitFor();
}

async function status(client: TeahouseClient, owner: string, repo: string): Promise<number> {
  try {
    await client.api.repoGet({ owner, repo });
    return 200;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const steps: readonly Step<Shared>[] = [
  {
    name: 'window A starts the local server and lists its repository',
    async run(shared) {
      const page = (shared.pageA = await openWindow(shared, shared.folders.a));
      await viewPane(page, 'Repositories')
        .locator('.welcome-view-content a.monaco-button', { hasText: 'Start Local Server' })
        .click();
      await treeRow(viewPane(page, 'Repositories'), names.a).waitFor({ timeout: 60_000 });
      shared.url = await localServerUrl(page);
    },
  },
  {
    name: 'window B, opened on another folder, joins that server and lists its own repository',
    async run(shared) {
      const page = (shared.pageB = await openWindow(shared, shared.folders.b));
      await treeRow(viewPane(page, 'Repositories'), names.b).waitFor({ timeout: 60_000 });
      const url = await localServerUrl(page);
      if (url !== shared.url) throw new Error(`window B uses ${url}, window A ${shared.url}`);
      await page.locator('.part.statusbar', { hasText: 'Teahouse (2 windows)' }).waitFor();
    },
  },
  {
    name: 'one server process answers for both repositories',
    async run(shared) {
      const dataDir = localServerDataDir(shared.server.userDataDir);
      const pids = serveProcesses(dataDir);
      const runtime = readServerRuntime(dataDir);
      if (pids.length !== 1 || pids[0] !== runtime?.pid)
        throw new Error(`serve processes ${pids.join(', ')}; the runtime file names ${runtime?.pid}`);
      shared.pid = pids[0];
      shared.client = await seedingClient(shared.projectRoot, shared.server.userDataDir, shared.url!);
      const found = await shared.client.api.repoSearch({ q: 'shared-' });
      shared.owner = found.data?.find((repo) => repo.name === names.a)?.owner.login;
      if (!shared.owner) throw new Error('the server does not host window A’s repository');
      for (const name of Object.values(names)) {
        const answered = await status(shared.client, shared.owner, name);
        if (answered !== 200) throw new Error(`${name} answered ${answered}`);
      }
    },
  },
  {
    name: 'issues created through both windows are all there',
    async run(shared) {
      shared.issues.a = `From window A ${Date.now().toString(36)}`;
      shared.issues.b = `From window B ${Date.now().toString(36)}`;
      await createIssue(shared.pageA!, shared.issues.a);
      await createIssue(shared.pageB!, shared.issues.b);
      for (const [key, repo] of [
        ['a', names.a],
        ['b', names.b],
      ] as const) {
        const issues = await shared.client!.api.issueListIssues({
          owner: shared.owner!,
          repo,
          state: 'open',
        });
        if (!issues.some((issue) => issue.title === shared.issues[key]))
          throw new Error(`${repo} lacks "${shared.issues[key]}"`);
      }
    },
  },
  {
    name: 'closing window A hides its repository and leaves window B working on the same server',
    async run(shared) {
      await shared.pageA!.close();
      shared.pageA = undefined;
      // code-server ends a closed window's extension host after its reconnection grace time
      await until(
        'window A’s repository to be hidden',
        async () => (await status(shared.client!, shared.owner!, names.a)) === 404,
        60_000,
      );
      await createIssue(shared.pageB!, `After window A closed ${Date.now().toString(36)}`);
      const runtime = readServerRuntime(localServerDataDir(shared.server.userDataDir));
      if (runtime?.pid !== shared.pid)
        throw new Error(`the server changed: pid ${runtime?.pid}, was ${shared.pid}`);
      // window B's status bar no longer counts window A
      await shared
        .pageB!.locator('.part.statusbar', { hasText: 'Teahouse (2 windows)' })
        .waitFor({ state: 'detached' });
      await shared
        .pageB!.locator('.part.statusbar [aria-label*="Teahouse local server running"]')
        .first()
        .waitFor();
    },
  },
  {
    name: 'window A opened again brings its repository back, with its issues',
    async run(shared) {
      const page = (shared.pageA = await openWindow(shared, shared.folders.a));
      await treeRow(viewPane(page, 'Issues'), shared.issues.a!).waitFor({ timeout: 60_000 });
      const answered = await status(shared.client!, shared.owner!, names.a);
      if (answered !== 200) throw new Error(`${names.a} answered ${answered}`);
      if (serveProcesses(localServerDataDir(shared.server.userDataDir)).length !== 1)
        throw new Error('a second server process started');
    },
  },
  {
    name: 'Stop asks first while another window uses the server; Stop for All Windows stops it in both',
    async run(shared) {
      const page = shared.pageB!;
      const dialog = page.locator('.monaco-dialog-box');
      await runFromPalette(page, 'Teahouse: Stop Local Server');
      await dialog.locator('text=also used by 1 other window(s)').waitFor();
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      const dataDir = localServerDataDir(shared.server.userDataDir);
      if (serveProcesses(dataDir).length !== 1) throw new Error('Cancel stopped the server');
      await runFromPalette(page, 'Teahouse: Stop Local Server');
      await dialog.locator('.monaco-button', { hasText: 'Stop for All Windows' }).click();
      await until('the server process to end', () => Promise.resolve(serveProcesses(dataDir).length === 0));
      for (const window of [shared.pageA!, shared.pageB!]) {
        await window.locator('.part.statusbar [aria-label^="Local server stopped"]').first().waitFor();
      }
    },
  },
];

export async function runSharedServerScenario(
  browser: Browser,
  tools: Toolchain,
  runDir: string,
  projectRoot: string,
  resultsDir: string,
): Promise<Tally> {
  let tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  const server = await startCodeServer(tools, runDir, 'shared');
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const shared: Shared = {
    browser: context,
    server,
    projectRoot,
    folders: {
      a: createDemoWorkspace(path.join(runDir, 'shared-a'), names.a),
      b: createDemoWorkspace(path.join(runDir, 'shared-b'), names.b),
    },
    issues: {},
  };
  console.log(`two windows sharing the local server: code-server at ${server.url}`);
  try {
    tally = await runSteps(steps, shared, async (index) => {
      const shot = path.join(resultsDir, `shared-server-${index + 1}-failure.png`);
      await (shared.pageB ?? shared.pageA)?.screenshot({ path: shot }).catch(() => undefined);
      return shot;
    });
    await shared.client?.close();
  } finally {
    await context.close();
    await server.stop();
  }
  return tally;
}
