import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test harness for the local server: each call starts the REAL CLI (`teahouse serve`, TypeScript through
 * tsx, no build needed) on port 0 in a fresh temporary data folder, and talks to it over HTTP only.
 * Start one server per test file (in `before`) and stop it in `after`; give each test its own users.
 */

export const projectRoot = path.resolve(__dirname, '..', '..');
export const cliPath = path.join(projectRoot, 'src', 'server', 'cli.ts');

export interface Credentials {
  username: string;
  password: string;
}

export interface RequestOptions {
  /** `Authorization: token <token>` */
  token?: string;
  /** HTTP Basic with a username and a password (or a token as the password). */
  basic?: Credentials;
  /** A JSON body (objects and arrays are serialised; a string is sent as is). */
  body?: unknown;
  /** A form-urlencoded body. */
  form?: Record<string, string | string[]>;
  headers?: Record<string, string>;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is empty or not JSON); typed by the caller. */
  json: T;
}

export interface TestUser {
  /** The created user as the admin API answered it. */
  user: { id: number; login: string; email: string; is_admin: boolean };
  password: string;
  /** An access token with all scopes. */
  token: string;
}

export interface CreateUserOptions {
  admin?: boolean;
  password?: string;
  email?: string;
}

export interface TestServer {
  /** Root URL, ending in `/`, e.g. `http://127.0.0.1:40123/`. */
  url: string;
  /** `${url}api/v1` */
  apiUrl: string;
  dataDir: string;
  /** The administrator created on first start, and a token for it. */
  admin: { username: string; password: string; token: string };
  /** Everything the server printed on stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** A request to `/api/v1` + `apiPath` (e.g. `/user`). */
  request<T = unknown>(method: string, apiPath: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** A request to a path below the root (e.g. `/swagger.v1.json`). */
  requestRoot<T = unknown>(
    method: string,
    rootPath: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  /** Creates a user through the admin API and a token for it (scopes: all). */
  createUser(username: string, options?: CreateUserOptions): Promise<TestUser>;
  /** Sends a signal to the server process (once per signal: a late repeat could kill it mid-exit). */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM (unless already sent), wait for the exit, remove the data folder (unless `keepData`). */
  stop(options?: { keepData?: boolean }): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly process: ChildProcess;
}

export interface StartOptions {
  /** Reuse a data folder (for restart tests); a fresh temporary one otherwise. */
  dataDir?: string;
  /** Extra `serve` flags, e.g. ['--body-limit', '1024']. */
  args?: string[];
  /** How long to wait for the listening line. */
  timeoutMs?: number;
  /** The server's environment (the test process's own by default), e.g. a PATH without git. */
  env?: NodeJS.ProcessEnv;
  /** On a restart over the same data folder, the administrator of the first start (not printed again). */
  admin?: { username: string; password: string; token: string };
}

interface SpawnOptions {
  timeoutMs: number;
  env?: NodeJS.ProcessEnv | undefined;
}

const listeningLine = /^Teahouse listening on (\S+)$/m;
const adminLine = /^Created the administrator "([^"]+)" with the password "([^"]+)"/m;

export function basicHeader({ username, password }: Credentials): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Polls `condition` until it holds or the deadline passes (no fixed sleeps in tests). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function makeTempDir(prefix = 'teahouse-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface CliOptions {
  /** The CLI's environment; the test process's own by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** Each line it prints on stdout as it comes, with a way to send it SIGTERM. */
  readonly onLine?: (line: string, stop: () => void) => void;
}

/** Runs the CLI to completion (`admin create-user`, `publish`, argument errors). */
export function runCli(
  args: readonly string[],
  options: CliOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      cwd: projectRoot,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!options.onLine) return;
      pending += chunk.toString();
      let end;
      while ((end = pending.indexOf('\n')) >= 0) {
        options.onLine(pending.slice(0, end), () => child.kill('SIGTERM'));
        pending = pending.slice(end + 1);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Sends a request and reads the whole answer. */
export async function send<T>(
  url: string,
  method: string,
  options: RequestOptions = {},
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['Authorization'] = `token ${options.token}`;
  if (options.basic) headers['Authorization'] = basicHeader(options.basic);
  let body: string | undefined;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
    }
    body = form.toString();
    headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json: json as T };
}

/** Servers still running when the test process exits (a failed test skipped its `after`) are killed. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

interface SpawnedServer {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

function spawnServer(
  dataDir: string,
  args: readonly string[],
  { timeoutMs, env }: SpawnOptions,
): Promise<SpawnedServer> {
  const serveArgs = ['serve', '--data', dataDir, '--host', '127.0.0.1', '--port', '0', ...args];
  // TEAHOUSE_TEST_WORKERS=2 runs every test against a server of a primary and two workers
  const workers = process.env.TEAHOUSE_TEST_WORKERS;
  if (workers && !args.includes('--workers')) serveArgs.push('--workers', workers);
  const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...serveArgs], {
    cwd: projectRoot,
    env: env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `server did not print its URL within ${timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`,
        ),
      );
    }, timeoutMs);
    const onData = (): void => {
      const match = listeningLine.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({ child, url: match[1]!, stdout: () => stdout, stderr: () => stderr });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`server exited with ${code} before listening\nstdout:\n${stdout}\nstderr:\n${stderr}`),
      );
    });
  });
}

/** Starts a server in a fresh data folder; its first-start admin and an admin token are ready to use. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeTempDir();
  const spawned = await spawnServer(dataDir, options.args ?? [], {
    // a primary and its workers start one after the other on a shared machine
    timeoutMs: options.timeoutMs ?? (process.env.TEAHOUSE_TEST_WORKERS ? 90_000 : 30_000),
    env: options.env,
  });
  const { child, url } = spawned;
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const sent = new Set<NodeJS.Signals>();
  const apiUrl = `${url}api/v1`;
  const request = <T>(
    method: string,
    apiPath: string,
    requestOptions?: RequestOptions,
  ): Promise<TestResponse<T>> => send<T>(apiUrl + apiPath, method, requestOptions);
  const requestRoot = <T>(
    method: string,
    rootPath: string,
    requestOptions?: RequestOptions,
  ): Promise<TestResponse<T>> => send<T>(url + rootPath.replace(/^\//, ''), method, requestOptions);

  const printed = adminLine.exec(spawned.stdout());
  const admin = options.admin ?? { username: printed?.[1] ?? '', password: printed?.[2] ?? '', token: '' };
  if (printed && !options.admin) {
    const created = await request<{ sha1: string }>('POST', `/users/${admin.username}/tokens`, {
      basic: admin,
      body: { name: 'harness', scopes: ['all'] },
    });
    if (created.status !== 201)
      throw new Error(`could not create the admin token: ${created.status} ${created.text}`);
    admin.token = created.json.sha1;
  }

  return {
    url,
    apiUrl,
    dataDir,
    admin,
    process: child,
    output: () => ({ stdout: spawned.stdout(), stderr: spawned.stderr() }),
    request,
    requestRoot,
    async createUser(username, userOptions = {}) {
      const password = userOptions.password ?? `pw-${username}-12345`;
      const created = await request<TestUser['user']>('POST', '/admin/users', {
        token: admin.token,
        body: {
          username,
          email: userOptions.email ?? `${username}@example.com`,
          password,
          must_change_password: false,
        },
      });
      if (created.status !== 201)
        throw new Error(`createUser ${username}: ${created.status} ${created.text}`);
      if (userOptions.admin) {
        const edited = await request('PATCH', `/admin/users/${username}`, {
          token: admin.token,
          body: { admin: true },
        });
        if (edited.status !== 200) throw new Error(`make ${username} admin: ${edited.status} ${edited.text}`);
      }
      const token = await request<{ sha1: string }>('POST', `/users/${username}/tokens`, {
        basic: { username, password },
        body: { name: 'harness', scopes: ['all'] },
      });
      if (token.status !== 201) throw new Error(`token for ${username}: ${token.status} ${token.text}`);
      return {
        user: { ...created.json, is_admin: userOptions.admin === true },
        password,
        token: token.json.sha1,
      };
    },
    signal(signal) {
      if (sent.has(signal)) return;
      sent.add(signal);
      child.kill(signal);
    },
    async stop(stopOptions = {}) {
      if (
        child.exitCode === null &&
        child.signalCode === null &&
        !sent.has('SIGTERM') &&
        !sent.has('SIGINT')
      ) {
        sent.add('SIGTERM');
        child.kill('SIGTERM');
      }
      const result = await exited;
      running.delete(child);
      if (ownsDir && !stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
      return result;
    },
  };
}
