import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TeahouseClient } from '../../src/api/client';
import { initBareRepository } from '../../src/server/git/init';
import { codeRoutes } from './gitea122/codeRoutes';
import { gitHttp } from './gitea122/gitHttp';
import { findReplay, recordedBody, recordedOrigin, recordedRepoPath } from './gitea122/recorded';
import {
  failed,
  json,
  notFound,
  routeRepo,
  text,
  type Answer,
  type RequestContext,
} from './gitea122/routing';
import { toRepository, toUser } from './gitea122/shapes';
import { trackerRoutes } from './gitea122/trackerRoutes';
import { attachmentRoutes } from './gitea122/attachmentRoutes';
import { DoubleWorld, giteaTime, type DoubleUser } from './gitea122/world';

/**
 * A stand-in for the Gitea 1.22-dev the team recorded (test/fixtures/gitea-1.22-answers.json), on loopback.
 *
 * - The recorded world (`root/rec-1128165022`, users root and bob1128165022) is replayed: a GET answers what
 *   the real server answered to that path (recorded.ts says how a query is matched), with the double's
 *   address in place of the recording's. Where Gitea answers a nil slice and nothing was recorded (the
 *   reactions of an issue or comment without any) it answers `null`, as Gitea does. Its git data is a real
 *   repository with the recorded branches and tag (not the recorded commits).
 * - Repositories created in it (`POST /user/repos`) are held and served as Gitea 1.22 serves them
 *   (gitea122/*Routes.ts, shapes from the recorded objects, nil slices included), with real git over HTTP
 *   (`git http-backend`) and Gitea's push queue: the branches of a push into an empty repository show
 *   through the API only `branchRecordDelayMs` after the push returned (never, for `Infinity`).
 *
 * - Beyond the recording: `POST /markdown` answers the text escaped in a paragraph; there are no
 *   organisations (`POST /orgs/{org}/repos` answers 404) and `auto_init` is refused.
 *
 * Tokens: `gitea122Tokens`; Basic auth takes a user's password or a token as the password.
 */

export interface Gitea122DoubleOptions {
  /** How long Gitea's push queue takes to record a push into an empty repository; 1 s by default. */
  readonly branchRecordDelayMs?: number;
}

export interface Gitea122Double {
  /** `http://127.0.0.1:{port}/` */
  readonly url: string;
  /** Every request, as `METHOD /path?query` (API paths below `/api/v1`, git paths as they are). */
  readonly requests: string[];
  close(): Promise<void>;
}

export const gitea122Tokens = { root: 'root-token', bob: 'bob-token' } as const;

/** A client of the double as the recorded root, without retries (a test wants the first answer). */
export function gitea122Client(double: Gitea122Double): TeahouseClient {
  return new TeahouseClient({
    baseUrl: double.url,
    auth: { kind: 'token', token: gitea122Tokens.root },
    retries: 0,
  });
}

/** The recording's root (an administrator, `GET /user` as root) and bob1128165022. */
function recordedUsers(): DoubleUser[] {
  const user = (recordedPath: string, token: string, password: string, isAdmin: boolean): DoubleUser => {
    const found = recordedBody<{ id: number; login: string; full_name: string; email: string }>(
      'GET',
      recordedPath,
    );
    return {
      id: found.id,
      login: found.login,
      fullName: found.full_name,
      email: found.email,
      isAdmin,
      token,
      password,
    };
  };
  return [
    user('/user', gitea122Tokens.root, 'root-password', true),
    user('/users/bob1128165022', gitea122Tokens.bob, 'bob-password', false),
  ];
}

function userOf(world: DoubleWorld, request: http.IncomingMessage): DoubleUser | undefined {
  const header = request.headers.authorization ?? '';
  const token = /^(?:token|bearer)\s+(.+)$/i.exec(header)?.[1];
  if (token !== undefined) return world.users.find((user) => user.token === token);
  const basic = /^basic\s+(.+)$/i.exec(header)?.[1];
  if (basic === undefined) return undefined;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const secret = decoded.slice(decoded.indexOf(':') + 1);
  const login = decoded.slice(0, decoded.indexOf(':'));
  return world.users.find(
    (user) => user.token === secret || (user.login === login && user.password === secret),
  );
}

async function readBody(
  request: http.IncomingMessage,
): Promise<{ body: Record<string, unknown>; form: FormData | undefined }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    return { body: {}, form: await new Response(bytes, { headers: { 'content-type': type } }).formData() };
  }
  const parsed: unknown = bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : {};
  return {
    body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
    form: undefined,
  };
}

async function createRepository(ctx: RequestContext, dataDir: string): Promise<Answer> {
  if (!ctx.user) return failed(ctx, 401, 'token is required');
  const name = text(ctx, 'name');
  if (!/^[A-Za-z0-9._-]+$/.test(name)) return failed(ctx, 422, `[Name]: AlphaDashDot`);
  if (ctx.world.repo(ctx.user.login, name))
    return failed(ctx, 409, 'The repository with the same name already exists.');
  if (ctx.body['auto_init'] === true) return failed(ctx, 422, 'auto_init is not modelled by this double');
  const defaultBranch = text(ctx, 'default_branch') || 'main';
  const gitDir = path.join(dataDir, 'repos', ctx.user.login, `${name}.git`);
  await initBareRepository(gitDir, { defaultBranch, objectFormat: 'sha1' });
  const now = giteaTime();
  const repo = {
    id: ctx.world.nextId('repo'),
    owner: ctx.user,
    name,
    description: text(ctx, 'description'),
    website: '',
    isPrivate: ctx.body['private'] === true,
    defaultBranch,
    gitDir,
    empty: true,
    created: now,
    updated: now,
    labels: [],
    milestones: [],
    issues: [],
    comments: [],
    releases: [],
  };
  ctx.world.repos.set(`${ctx.user.login}/${name}`.toLowerCase(), repo);
  return json(201, toRepository(repo, ctx.origin, true));
}

/** What the double holds or computes; undefined when the recording is to answer. */
async function statefulAnswer(
  method: string,
  apiPath: string,
  ctx: RequestContext,
  dataDir: string,
): Promise<Answer | undefined> {
  if (method === 'POST' && apiPath === '/user/repos') return createRepository(ctx, dataDir);
  if (method === 'POST' && apiPath === '/markdown') {
    // not recorded: the text, escaped, in a paragraph (enough for a reader of rendered HTML)
    const escaped = text(ctx, 'Text').replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return {
      status: 200,
      bytes: Buffer.from(`<p>${escaped}</p>\n`),
      headers: { 'content-type': 'text/html' },
    };
  }
  // the double has no organisations
  if (method === 'POST' && /^\/orgs\/[^/]+\/repos$/.test(apiPath)) return notFound(ctx);
  const userPath = /^\/users\/([^/]+)$/.exec(apiPath);
  if (method === 'GET' && userPath) {
    const user = ctx.world.user(decodeURIComponent(userPath[1]!));
    return user ? json(200, toUser(user, ctx.origin)) : notFound(ctx);
  }
  const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(apiPath);
  const repo = repoPath && ctx.world.repo(decodeURIComponent(repoPath[1]!), decodeURIComponent(repoPath[2]!));
  if (!repo) return undefined;
  if (!ctx.world.canRead(repo, ctx.user)) return notFound(ctx);
  const routed = await routeRepo(
    [...trackerRoutes, ...attachmentRoutes, ...codeRoutes],
    method,
    repoPath![3] ?? '',
    {
      ...ctx,
      repo,
    },
  );
  return routed ?? notFound(ctx);
}

/** The recorded answer, or Gitea's `null` for a nil slice the recording did not ask for. */
function replayed(apiPath: string, search: URLSearchParams, as: string, origin: string): Answer | undefined {
  const replay = findReplay(apiPath, search, as);
  if (replay) {
    const body = replay.pastTheEnd && Array.isArray(replay.answer.body) ? [] : replay.answer.body;
    const rewritten: unknown =
      typeof body === 'string' ? body : JSON.parse(JSON.stringify(body).replaceAll(recordedOrigin, origin));
    const headers = { ...replay.answer.headers };
    if (typeof rewritten === 'string') {
      return {
        status: replay.answer.status,
        bytes: Buffer.from(rewritten.replaceAll(recordedOrigin, origin)),
        headers,
      };
    }
    return { status: replay.answer.status, body: rewritten, headers };
  }
  const reactions = /^(?:\/issues\/\d+|\/issues\/comments\/\d+)\/reactions$/;
  if (apiPath.startsWith(recordedRepoPath) && reactions.test(apiPath.slice(recordedRepoPath.length)))
    return json(200, null, { 'x-total-count': '0' });
  return undefined;
}

function send(response: http.ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.bytes !== undefined) {
    response.writeHead(answer.status, headers);
    response.end(answer.bytes);
    return;
  }
  if (answer.body === undefined && answer.status === 204) {
    response.writeHead(204, headers);
    response.end();
    return;
  }
  headers['content-type'] = 'application/json;charset=utf-8';
  response.writeHead(answer.status, headers);
  response.end(JSON.stringify(answer.body));
}

export async function startGitea122Double(options: Gitea122DoubleOptions = {}): Promise<Gitea122Double> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-gitea122-'));
  const world = new DoubleWorld(recordedUsers());
  const git = gitHttp(world, dataDir, options.branchRecordDelayMs ?? 1000);
  const requests: string[] = [];
  let origin = '';

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const apiPath = url.pathname.replace(/^\/api\/v1(?=\/)/, '');
    requests.push(`${method} ${apiPath}${url.search}`);
    const user = userOf(world, request);
    if (await git.serve(request, response, user)) return;
    const download = /^\/attachments\/([0-9a-f-]+)$/.exec(url.pathname);
    if (download) {
      const asset = world.asset(download[1]!);
      if (asset)
        send(response, {
          status: 200,
          bytes: asset.bytes,
          headers: { 'content-type': 'application/octet-stream' },
        });
      else
        send(response, {
          status: 404,
          bytes: Buffer.from('Not found.\n'),
          headers: { 'content-type': 'text/plain' },
        });
      return;
    }
    const { body, form } = await readBody(request);
    const ctx: RequestContext = { world, origin, user, query: url.searchParams, body, form };
    if (request.headers.authorization !== undefined && user === undefined) {
      send(response, failed(ctx, 401, 'user does not exist [uid: 0, name: ]'));
      return;
    }
    const answer =
      (url.pathname.startsWith('/api/v1/')
        ? await statefulAnswer(method, apiPath, ctx, dataDir)
        : undefined) ??
      (method === 'GET'
        ? replayed(apiPath, url.searchParams, user?.login ?? 'anonymous', origin)
        : undefined) ??
      notFound(ctx);
    send(response, answer);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`the double failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url: origin,
    requests,
    close: async () => {
      git.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
