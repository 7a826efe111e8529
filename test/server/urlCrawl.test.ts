import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { operations } from '../../src/api/operations';
import { basicHeader, startServer, type TestServer } from './harness';
import { buildUrlWorld, type UrlWorld } from './urlWorld';

/**
 * The URL crawl: every GET operation of the catalogue whose path the world can fill is fetched; every
 * string field named `url` or `*_url` (at any depth) that points at the server is followed, and must
 * resolve (2xx, or a redirect to something that does) with the content type of what it names.
 */

interface FoundUrl {
  readonly key: string;
  readonly url: string;
  /** The operation whose answer held it. */
  readonly from: string;
}

/**
 * URL kinds whose operation another change brings (Gitea 1.14.1's git trees/blobs, languages, release
 * assets): followed once the catalogue has the operation, so the crawl checks them as soon as they exist.
 */
const pendingOperations: readonly [RegExp, string][] = [
  [/\/api\/v1\/repos\/[^/]+\/[^/]+\/languages$/, 'repoGetLanguages'],
  [/\/api\/v1\/repos\/[^/]+\/[^/]+\/git\/trees\/[0-9a-f]+$/, 'GetTree'],
  [/\/api\/v1\/repos\/[^/]+\/[^/]+\/git\/blobs\/[0-9a-f]+$/, 'GetBlob'],
  [/\/api\/v1\/repos\/[^/]+\/[^/]+\/releases\/\d+\/assets$/, 'repoListReleaseAttachments'],
];
const catalogued = new Set(operations.map((op) => op.operationId));

function pendingOperation(url: string): string | undefined {
  const path = url.split('?')[0] ?? url;
  const pending = pendingOperations.find(([pattern, id]) => pattern.test(path) && !catalogued.has(id));
  return pending?.[1];
}

/** Values for the path parameters of the catalogue's GET operations, by the segment before each. */
function pathFor(template: string, world: UrlWorld): string | undefined {
  const me = world.owner.user.login;
  const segments = template.split('/');
  // a repository's teams exist only for an organization's repository
  const inOrg = template.startsWith('/repos/{owner}/{repo}/teams');
  const values: Record<string, string | number | undefined> = {
    'repos/{owner}': inOrg ? world.org : me,
    '{owner}/{repo}': inOrg ? world.orgRepo : world.repo,
    'starred/{owner}': me,
    '{org}/{repo}': world.orgRepo,
    'orgs/{org}': world.org,
    'repos/{org}': world.org,
    'users/{username}': me,
    'members/{username}': template.startsWith('/teams/') ? world.other.user.login : me,
    'public_members/{username}': me,
    'following/{username}': world.other.user.login,
    'following/{target}': world.other.user.login,
    'times/{user}': me,
    'collaborators/{collaborator}': world.other.user.login,
    'teams/{team}': world.teamName,
    'teams/{id}': world.ids['team'],
    'threads/{id}': world.ids['thread'],
    'labels/{id}': template.startsWith('/orgs/') ? world.ids['orgLabel'] : world.ids['label'],
    'milestones/{id}': world.ids['milestone'],
    'releases/{id}': world.ids['release'],
    'reviews/{id}': world.ids['review'],
    'comments/{id}': world.ids['comment'],
    'keys/{id}': template.startsWith('/user/') ? world.ids['userKey'] : world.ids['deployKey'],
    'issues/{index}': world.issue,
    'pulls/{index}': world.pull,
    'pulls/{index}.{diffType}': `${world.pull}.patch`,
    'raw/{filepath}': world.filePath.split('/').map(encodeURIComponent).join('/'),
    'contents/{filepath}': world.filePath.split('/').map(encodeURIComponent).join('/'),
    // no .editorconfig in the world, and its answer holds no URL
    'editorconfig/{filepath}': undefined,
    'archive/{archive}': 'main.zip',
    'branches/{branch}': 'main',
    'commits/{ref}': 'main',
    'commits/{sha}': world.headSha,
    'statuses/{sha}': world.headSha,
    'tags/{tag}': world.tag,
    'repositories/{id}': undefined,
    'page/{pageName}': 'Home',
    'revisions/{pageName}': 'Home',
  };
  const filled: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (!segment.includes('{')) {
      filled.push(segment);
      continue;
    }
    const value = values[`${segments[i - 1]}/${segment}`];
    if (value === undefined) return undefined;
    filled.push(String(value));
  }
  return filled.join('/');
}

function collectUrls(value: unknown, from: string, found: FoundUrl[], key = ''): void {
  if (Array.isArray(value)) {
    for (const item of value) collectUrls(item, from, found, key);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, child] of Object.entries(value)) collectUrls(child, from, found, name);
  } else if (
    typeof value === 'string' &&
    (key === 'url' || key.endsWith('_url')) &&
    // a wiki page's `sub_url` is its name in a URL (`Setup-Guide`), not an address
    key !== 'sub_url' &&
    value !== ''
  ) {
    found.push({ key, url: value, from });
  }
}

/** What a URL must answer, by what it names. */
function expectedType(key: string, url: URL): RegExp {
  const path = url.pathname;
  if (key === 'avatar_url' || path.startsWith('/avatars/')) return /^image\//;
  if (path.endsWith('.zip')) return /^application\/zip/;
  if (path.endsWith('.tar.gz')) return /^application\/(x-)?gzip/;
  if (path.endsWith('.diff') || path.endsWith('.patch')) return /^text\/plain/;
  if (/\/raw\//.test(path)) return /./;
  // a release asset is the uploaded file as it was: bytes, not a page
  if (key === 'browser_download_url' || path.startsWith('/attachments/')) return /^application\/octet-stream/;
  if (path.startsWith('/api/v1/')) return /^application\/json/;
  return /^text\/html/;
}

interface Followed {
  readonly status: number;
  readonly contentType: string;
  readonly hops: number;
  readonly bytes: number;
}

async function follow(url: string, authorization: string): Promise<Followed> {
  let current = url;
  for (let hops = 0; hops < 5; hops++) {
    const res = await fetch(current, { headers: { Authorization: authorization }, redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      current = new URL(location, current).toString();
      continue;
    }
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      hops,
      bytes: body.length,
    };
  }
  return { status: 0, contentType: '', hops: 5, bytes: 0 };
}

describe('every URL in an answer resolves to what it names', () => {
  let server: TestServer;
  let world: UrlWorld;
  before(async () => {
    server = await startServer();
    world = await buildUrlWorld(server, 'crawl');
  });
  after(async () => {
    await server.stop();
  });

  test('the crawl: every *_url field of every object the API returns is followed and resolves', async (t) => {
    const authorization = basicHeader({ username: world.owner.user.login, password: world.owner.password });
    const found: FoundUrl[] = [];
    const fetched: string[] = [];
    const failedOperations: string[] = [];
    let unfilled = 0;
    for (const op of operations) {
      if (op.method !== 'GET' || op.auth === 'admin') continue;
      const path = pathFor(op.path, world);
      if (path === undefined) {
        unfilled++;
        continue;
      }
      const res = await server.request('GET', path, {
        basic: { username: world.owner.user.login, password: world.owner.password },
      });
      // an answer with no body (a check operation's 204) holds no URL
      if (res.status === 204 || (res.status === 404 && /Is|Check/.test(op.operationId))) continue;
      // git hooks answer Gitea's 403 unless `serve --enable-git-hooks` (gitHooks.test.ts); a GitHook holds no URL
      if (res.status === 403 && op.operationId === 'repoListGitHooks') continue;
      // no signing key is configured, which Gitea 1.27 answers with 404 (templates.test.ts), and `/token`
      // reads only a bearer token while the crawl signs in with Basic; neither answer holds a URL
      const notFoundHere = ['getSigningKeySSH', 'repoSigningKeySSH', 'getCurrentToken'];
      if (res.status === 404 && notFoundHere.includes(op.operationId)) continue;
      // the world's commit was merged by no pull request (repoGitRead.test.ts has one that was)
      if (res.status === 404 && op.operationId === 'repoGetCommitPullRequest') continue;
      // the files to read come in a `body` query the crawl does not fill (contentsRead tests fill it)
      if (res.status === 400 && op.operationId === 'repoGetFileContents') continue;
      if (res.status !== 200) {
        failedOperations.push(`${op.operationId} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      fetched.push(op.operationId);
      if (res.json !== undefined) collectUrls(res.json, op.operationId, found);
    }
    assert.deepEqual(failedOperations, [], 'every fillable GET operation answers 200');

    const ours = found.filter((entry) => entry.url.startsWith(server.url));
    const external = found.filter((entry) => !entry.url.startsWith(server.url));
    // only SSH addresses and what a user typed (a status's target) point elsewhere
    assert.deepEqual(
      [
        ...new Set(
          external.filter((entry) => entry.key !== 'ssh_url').map((entry) => `${entry.key}=${entry.url}`),
        ),
      ],
      ['target_url=https://ci.invalid/build/1'],
    );
    for (const entry of external.filter((e) => e.key === 'ssh_url'))
      assert.match(entry.url, /^git@127\.0\.0\.1:/);
    const distinct = new Map<string, FoundUrl>();
    for (const entry of ours) if (!distinct.has(entry.url)) distinct.set(entry.url, entry);
    const unresolved: string[] = [];
    const pending = new Set<string>();
    let redirects = 0;
    for (const [url, entry] of distinct) {
      const waitingFor = pendingOperation(url);
      if (waitingFor) {
        pending.add(`${entry.key} (${waitingFor})`);
        continue;
      }
      const answer = await follow(url, authorization);
      if (answer.hops > 0) redirects++;
      const type = expectedType(entry.key, new URL(url));
      if (
        answer.status < 200 ||
        answer.status >= 300 ||
        !type.test(answer.contentType) ||
        answer.bytes === 0
      ) {
        unresolved.push(`${entry.key} ${url} (from ${entry.from}): ${answer.status} ${answer.contentType}`);
      }
    }
    assert.deepEqual(unresolved, [], 'every URL resolves');

    const keys = new Set(ours.map((entry) => entry.key));
    for (const key of [
      'url',
      'html_url',
      'avatar_url',
      'clone_url',
      'diff_url',
      'patch_url',
      'zipball_url',
      'tarball_url',
      'download_url',
      'browser_download_url',
      'raw_url',
      'pull_request_url',
      'issue_url',
    ]) {
      assert.ok(keys.has(key), `the crawl met ${key}`);
    }
    const followedFields = ours.filter((entry) => !pendingOperation(entry.url)).length;
    const followedUrls = distinct.size - [...distinct.keys()].filter((url) => pendingOperation(url)).length;
    t.diagnostic(
      `operations fetched: ${fetched.length} (${unfilled} GET operations need objects the world lacks); ` +
        `URL fields: ${ours.length} pointing at the server (${keys.size} kinds), ${followedFields} followed; ` +
        `distinct URLs: ${distinct.size}, followed ${followedUrls}, resolving ${followedUrls - unresolved.length}` +
        ` (redirects ${redirects}); waiting for their operation: ${[...pending].join(', ') || 'none'}`,
    );
  });
});
