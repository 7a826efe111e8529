import { spawn, type ChildProcess } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** What smart HTTP serves below a repository's URL. */
export type GitHttpService = 'info/refs' | 'git-upload-pack' | 'git-receive-pack';

export interface HttpBackendRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The repository's git directory, taken from its database row only. */
  readonly gitDir: string;
  readonly service: GitHttpService;
  /** The query string without `?` (`service=git-upload-pack`). */
  readonly queryString: string;
  /** The signed-in user's name, for git's logs and `http.receivepack`. */
  readonly remoteUser?: string;
  /** `key=value` settings for this request only, passed as `git -c`. */
  readonly config?: readonly string[];
  /** Extra environment for git and its hooks (the branch protection hook reads its rules from here). */
  readonly env?: Readonly<Record<string, string>>;
  /** Called with the spawned process, so a stop can end it. */
  readonly track?: (child: ChildProcess) => void;
  /**
   * Runs after git has finished and before the answer ends (the client waits for the end, so what this does
   * is visible once the push returns).
   */
  readonly beforeEnd?: () => Promise<void>;
}

export interface HttpBackendResult {
  /** The status git answered. */
  readonly status: number;
  /** Whether git ran to completion (exit 0) and the answer was sent whole. */
  readonly completed: boolean;
}

/** `version=2` and the like; anything else is not passed on. */
const gitProtocolPattern = /^[A-Za-z0-9=:._,-]{1,256}$/;

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** The inherited environment without git variables that would point git at another repository. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|NAMESPACE|CEILING_DIRECTORIES|COMMON_DIR|CONFIG_PARAMETERS|CONFIG_COUNT|PROTOCOL)$/.test(
        key,
      )
    )
      continue;
    env[key] = value;
  }
  return env;
}

/** The CGI environment `git http-backend` reads (RFC 3875 plus git's own variables). */
function cgiEnv(request: HttpBackendRequest): NodeJS.ProcessEnv {
  const { req, gitDir, service } = request;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    GIT_TERMINAL_PROMPT: '0',
    GIT_PROJECT_ROOT: path.dirname(gitDir),
    PATH_INFO: `/${path.basename(gitDir)}/${service}`,
    GIT_HTTP_EXPORT_ALL: '1',
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: request.queryString,
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: `HTTP/${req.httpVersion}`,
  };
  if (request.remoteUser !== undefined) env['REMOTE_USER'] = request.remoteUser;
  Object.assign(env, request.env);
  const contentType = headerValue(req.headers['content-type']);
  if (contentType !== undefined) env['CONTENT_TYPE'] = contentType;
  const contentLength = headerValue(req.headers['content-length']);
  // Without CONTENT_LENGTH (a chunked request) http-backend reads the body to its end.
  if (contentLength !== undefined && /^\d+$/.test(contentLength)) env['CONTENT_LENGTH'] = contentLength;
  const encoding = headerValue(req.headers['content-encoding']);
  // http-backend inflates gzip bodies itself.
  if (encoding !== undefined) env['HTTP_CONTENT_ENCODING'] = encoding;
  const protocol = headerValue(req.headers['git-protocol']);
  if (protocol !== undefined && gitProtocolPattern.test(protocol)) {
    env['HTTP_GIT_PROTOCOL'] = protocol;
    env['GIT_PROTOCOL'] = protocol;
  }
  return env;
}

interface CgiHead {
  readonly status: number;
  readonly headers: [string, string][];
  readonly rest: Buffer;
}

/** Splits a CGI answer into its header block (`Status:` and the rest) and what follows it, once complete. */
function parseCgiHead(buffer: Buffer): CgiHead | undefined {
  let end = buffer.indexOf('\r\n\r\n');
  let separator = 4;
  const bare = buffer.indexOf('\n\n');
  if (bare >= 0 && (end < 0 || bare < end)) {
    end = bare;
    separator = 2;
  }
  if (end < 0) return undefined;
  let status = 200;
  const headers: [string, string][] = [];
  for (const line of buffer.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number(/^\d{3}/.exec(value)?.[0] ?? 200);
    else headers.push([name, value]);
  }
  return { status, headers, rest: buffer.subarray(end + separator) };
}

/**
 * Serves one smart HTTP request through `git http-backend` (spawned with an argument array and a CGI
 * environment): the request body streams in, the CGI answer is parsed and streams out.
 */
export function runHttpBackend(request: HttpBackendRequest): Promise<HttpBackendResult> {
  const { req, res } = request;
  const args = [...(request.config ?? []).flatMap((setting) => ['-c', setting]), 'http-backend'];
  const child = spawn('git', args, {
    env: cgiEnv(request),
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  request.track?.(child);

  return new Promise((resolve) => {
    let head: CgiHead | undefined;
    let pending: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (result: HttpBackendResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };

    req.pipe(child.stdin);
    child.stdin.on('error', () => undefined);
    req.on('error', () => child.kill('SIGTERM'));
    // A client that goes away takes its git process with it.
    res.on('close', () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (head) {
        if (!res.write(chunk)) {
          child.stdout.pause();
          res.once('drain', () => child.stdout.resume());
        }
        return;
      }
      pending.push(chunk);
      const parsed = parseCgiHead(Buffer.concat(pending));
      if (!parsed) return;
      head = parsed;
      pending = [];
      res.statusCode = parsed.status;
      for (const [name, value] of parsed.headers) res.setHeader(name, value);
      if (parsed.rest.length > 0) res.write(parsed.rest);
    });
    child.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`git http-backend could not start: ${error.message}\n`);
      } else res.destroy();
      finish({ status: 503, completed: false });
    });
    child.on('close', (code) => {
      void (async () => {
        if (!head) {
          // git stopped before answering: its message is the best explanation there is.
          if (!res.headersSent && !res.destroyed) {
            res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end(`${stderr.trim() || 'git http-backend failed'}\n`);
          }
          finish({ status: 502, completed: false });
          return;
        }
        if (code === 0 && request.beforeEnd) {
          try {
            await request.beforeEnd();
          } catch {
            // The push itself succeeded; the caller logs what went wrong after it.
          }
        }
        res.end();
        finish({ status: head.status, completed: code === 0 });
      })();
    });
  });
}
