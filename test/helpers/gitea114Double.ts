import http from 'node:http';
import type { AddressInfo } from 'node:net';
import gitea114Api from '../../scripts/data/gitea-api/1.14.1.json';
import answersFile from '../fixtures/gitea-1.14.1-answers.json';
import type { RecordedAnswer } from './recordedAnswer';

/**
 * A stand-in for Gitea 1.14.1 on loopback: its routes are those of 1.14.1's swagger
 * (scripts/data/gitea-api/1.14.1.json), anything else answers 404 "404 page not found" as 1.14 does;
 * unknown query parameters are ignored, as Gitea ignores them. Answers are the ones a real 1.14.1 gave
 * (test/fixtures/gitea-1.14.1-answers.json), replayed by path, and the issue list and issue search are
 * computed from the recorded issues the way 1.14's code filters, pages and sorts them
 * (routers/api/v1/repo/issue.go at v1.14.1).
 *
 * Beyond the recording (marked `synthetic`): an issue by alice in acme/widgets assigned to root, an issue
 * by alice in another repository (root/notes), and the `.patch` of pull request #4 (built from the
 * recorded `.diff` and branch commit), so every group has something it must not show.
 */

interface IssueJson {
  id: number;
  number: number;
  state: string;
  user: { login: string };
  assignees: { login: string }[] | null;
  labels: { name: string }[];
  pull_request: unknown;
  repository: { id: number; name: string; owner: string; full_name: string };
  created_at: string;
  [field: string]: unknown;
}

// imported, not read from disk: the real VS Code suite runs this from a bundle elsewhere
const recorded = (answersFile as unknown as { answers: RecordedAnswer[] }).answers;
const swaggerRoutes = Object.keys((gitea114Api as unknown as { routes: Record<string, unknown> }).routes);

/** `GET /repos/{owner}/{repo}/pulls/{index}.diff` → a matcher of request paths. */
const routeMatchers = swaggerRoutes.map((route) => {
  const [method = '', template = ''] = route.split(' ');
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return { method, regex: new RegExp(`^${pattern}$`) };
});

export const tokens: Readonly<Record<string, string>> = { 'root-token': 'root', 'alice-token': 'alice' };
const passwords: Readonly<Record<string, string>> = { root: 'root-password', alice: 'alice-password' };

function recordedBody<T>(requestPath: string): T {
  const answer = recorded.find((entry) => entry.path === requestPath);
  if (answer === undefined) throw new Error(`nothing recorded for ${requestPath}`);
  return structuredClone(answer.body) as T;
}

function buildIssues(): { issues: IssueJson[]; mentions: Map<number, Set<string>> } {
  const issues = recordedBody<IssueJson[]>('/repos/acme/widgets/issues?state=all&type=all');
  const [template] = issues.filter((issue) => issue.number === 1);
  if (template === undefined) throw new Error('issue #1 not recorded');
  const aliceUser = recorded.find((entry) => entry.as === 'alice' && entry.path === '/user')?.body;
  if (aliceUser === undefined) throw new Error("alice's /user not recorded");
  const rootUser = template.user;
  const synthetic = (fields: Partial<IssueJson>): IssueJson => ({ ...structuredClone(template), ...fields });
  issues.push(
    synthetic({
      id: 101,
      number: 5,
      title: 'synthetic: widgets issue by alice, assigned to root',
      user: aliceUser as { login: string },
      assignees: [rootUser],
      labels: [],
      created_at: '2026-11-24T23:00:00Z',
    }),
    synthetic({
      id: 102,
      number: 1,
      title: 'synthetic: notes issue by alice, assigned to her',
      user: aliceUser as { login: string },
      assignees: [aliceUser as { login: string }],
      labels: [],
      repository: { id: 6, name: 'notes', owner: 'root', full_name: 'root/notes' },
      created_at: '2026-11-25T00:00:00Z',
    }),
  );
  // who 1.14 counts as mentioned: recorded for alice (issue_user.is_mentioned), plus alice in root/notes
  const mentionedAlice = recordedBody<IssueJson[]>(
    '/repos/issues/search?state=open&type=issues&mentioned=true',
  ).map((issue) => issue.id);
  const mentions = new Map<number, Set<string>>();
  for (const id of [...mentionedAlice, 102]) mentions.set(id, new Set(['alice']));
  return { issues, mentions };
}

function userOf(request: http.IncomingMessage): string | undefined {
  const header = request.headers.authorization ?? '';
  const token = /^(?:token|bearer)\s+(.+)$/i.exec(header)?.[1];
  if (token !== undefined) return tokens[token];
  const basic = /^basic\s+(.+)$/i.exec(header)?.[1];
  if (basic !== undefined) {
    const [user = '', password = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return passwords[user] === password ? user : undefined;
  }
  return undefined;
}

/** Gitea 1.14's `QueryBool`: strconv.ParseBool. */
function queryBool(value: string | null): boolean {
  return value !== null && ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

function filterIssues(
  issues: IssueJson[],
  query: URLSearchParams,
  mentions: Map<number, Set<string>>,
  user: string | undefined,
): IssueJson[] {
  const state = query.get('state') ?? 'open';
  const type = query.get('type');
  const labels = (query.get('labels') ?? '')
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
  return issues.filter(
    (issue) =>
      (state === 'all' || issue.state === (state === 'closed' ? 'closed' : 'open')) &&
      (type !== 'pulls' || issue.pull_request != null) &&
      (type !== 'issues' || issue.pull_request == null) &&
      (labels.length === 0 || issue.labels.some((label) => labels.includes(label.name))) &&
      (!queryBool(query.get('created')) || issue.user.login === user) &&
      (!queryBool(query.get('assigned')) || (issue.assignees ?? []).some((who) => who.login === user)) &&
      (!queryBool(query.get('mentioned')) ||
        (user !== undefined && mentions.get(issue.id)?.has(user) === true)),
  );
}

function pageOf<T>(items: T[], query: URLSearchParams, defaultLimit: number, max: number): T[] {
  const page = Math.max(1, Number(query.get('page')) || 1);
  let limit = Number(query.get('limit')) || 0;
  if (limit <= 0) limit = defaultLimit;
  if (limit > max) limit = max;
  return items.slice((page - 1) * limit, page * limit);
}

export interface Gitea114Double {
  readonly url: string;
  /** Every request, as `METHOD /path?query` below `/api/v1`. */
  readonly requests: string[];
  /** Bodies of token creations (`POST /users/{u}/tokens`). */
  readonly createdTokens: unknown[];
  close(): Promise<void>;
}

export async function startGitea114Double(): Promise<Gitea114Double> {
  const { issues, mentions } = buildIssues();
  const requests: string[] = [];
  const createdTokens: unknown[] = [];
  const patch = [
    'From 3e3eaad1937499daf3e983a240c74173eff592d9 Mon Sep 17 00:00:00 2001',
    'From: root <root@example.com>',
    'Date: Tue, 24 Nov 2026 22:00:49 +0000',
    'Subject: [PATCH] Add feature X notes',
    '',
    '---',
    ' docs/feature-x.md | 3 +++',
    '',
    String(recordedBody<string>('/repos/acme/widgets/pulls/4.diff')),
  ].join('\n');
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://double.invalid');
    const apiPath = url.pathname.replace(/^\/api\/v1/, '');
    const method = request.method ?? 'GET';
    requests.push(`${method} ${apiPath}${url.search}`);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const notFound = () => {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('404 page not found\n');
    };
    if (
      !url.pathname.startsWith('/api/v1/') ||
      !routeMatchers.some((route) => route.method === method && route.regex.test(apiPath))
    ) {
      notFound();
      return;
    }
    const user = userOf(request);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (method === 'POST' && /^\/users\/[^/]+\/tokens$/.test(apiPath)) {
        if (!/^basic /i.test(request.headers.authorization ?? '') || user === undefined) {
          json(401, { message: 'basic auth required' });
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { name?: string };
        createdTokens.push(body);
        // 1.14 ignores `scopes`
        json(201, { name: body.name, sha1: `${user}-token` });
        return;
      }
      if (apiPath === '/repos/issues/search') {
        // 1.14: every repository the user can see, the priority repository's issues first, newest first
        const priority = Number(url.searchParams.get('priority_repo_id')) || 0;
        const found = filterIssues(issues, url.searchParams, mentions, user).sort(
          (a, b) =>
            Number(b.repository.id === priority) - Number(a.repository.id === priority) ||
            b.created_at.localeCompare(a.created_at),
        );
        const items = pageOf(found, url.searchParams, 10, 50);
        json(200, items, { 'x-total-count': String(found.length) });
        return;
      }
      const list = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(apiPath);
      if (list) {
        // created_by, assigned_by, mentioned_by do not exist in 1.14: ignored
        const inRepo = issues.filter(
          (issue) => issue.repository.owner === list[1] && issue.repository.name === list[2],
        );
        const ignoringUser = new URLSearchParams(url.searchParams);
        for (const name of ['created', 'assigned', 'mentioned']) ignoringUser.delete(name);
        const found = filterIssues(inRepo, ignoringUser, mentions, user).sort((a, b) =>
          b.created_at.localeCompare(a.created_at),
        );
        json(200, pageOf(found, url.searchParams, 30, 50), { 'x-total-count': String(found.length) });
        return;
      }
      if (method === 'POST' && apiPath === '/markdown') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { Text?: string };
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<p>${(body.Text ?? '').replace(/[<>&]/g, '')}</p>\n`);
        return;
      }
      const single = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)(\/comments|\/reactions|\/times)?$/.exec(
        apiPath,
      );
      const issue = issues.find(
        (candidate) =>
          candidate.repository.owner === single?.[1] &&
          candidate.repository.name === single[2] &&
          candidate.number === Number(single[3]),
      );
      if (single && issue && single[4] === undefined && !recorded.some((entry) => entry.path === apiPath)) {
        json(200, issue);
        return;
      }
      if (single && issue && single[4] !== undefined && !recorded.some((entry) => entry.path === apiPath)) {
        json(200, []);
        return;
      }
      if (apiPath === '/repos/acme/widgets/pulls/4.patch') {
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(patch);
        return;
      }
      const as = user ?? 'root';
      const answer =
        recorded.find((entry) => entry.path === `${apiPath}${url.search}` && entry.as === as) ??
        recorded.find((entry) => entry.path === `${apiPath}${url.search}`) ??
        recorded.find((entry) => entry.path === apiPath && entry.as === as) ??
        recorded.find((entry) => entry.path === apiPath) ??
        // recorded with other paging parameters: every recorded list fits in one page
        recorded.find((entry) => entry.path.split('?')[0] === apiPath && entry.as === as) ??
        recorded.find((entry) => entry.path.split('?')[0] === apiPath);
      if (answer === undefined) {
        notFound();
        return;
      }
      const headers = { ...answer.headers };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status, headers);
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    createdTokens,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
