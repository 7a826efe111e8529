import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..');
const builtCli = path.join(projectRoot, 'dist', 'cli.js');

const listeningLine = /^Teahouse listening on (\S+)$/m;
const adminLine = /^Created the administrator "([^"]+)" with the password "([^"]+)"/m;

/** The BUILT server (`dist/cli.js serve`) on a loopback port over a data folder. */
export interface BenchServer {
  readonly url: string;
  readonly apiUrl: string;
  readonly pid: number;
  /** Set on the first start of a data folder only. */
  readonly admin?: { username: string; password: string };
  stop(): Promise<void>;
}

export async function startBuiltServer(
  dataDir: string,
  extraArgs: readonly string[] = [],
  serveArgs: readonly string[] = [],
): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...extraArgs, builtCli, 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1', ...serveArgs],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  // the server logs one line per request on stderr: read and drop it, or the pipe fills and stalls the server
  child.stderr?.on('data', (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = listeningLine.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.endsWith('/') ? match[1]! : `${match[1]!}/`);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const admin = adminLine.exec(output);
  return {
    url,
    apiUrl: `${url}api/v1`,
    pid: child.pid!,
    ...(admin ? { admin: { username: admin[1]!, password: admin[2]! } } : {}),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process in MB (VmRSS from /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

export interface JsonResponse<T> {
  status: number;
  json: T;
  text: string;
  headers: Headers;
}

/** One API call with a token or Basic credentials (seeding and capturing response bodies). */
export async function api<T = unknown>(
  server: Pick<BenchServer, 'apiUrl'>,
  method: string,
  apiPath: string,
  auth: { token: string } | { basic: { username: string; password: string } },
  body?: unknown,
): Promise<JsonResponse<T>> {
  const authorization =
    'token' in auth
      ? `token ${auth.token}`
      : `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.password}`).toString('base64')}`;
  const response = await fetch(`${server.apiUrl}${apiPath}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status >= 400)
    throw new Error(`${method} ${apiPath}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, json: json as T, text, headers: response.headers };
}
