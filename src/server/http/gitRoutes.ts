import type { ChildProcess } from 'node:child_process';
import { runHttpBackend, type GitHttpService } from '../git/httpBackend';
import { managedWikiDir, repositoryGitDir } from '../git/paths';
import { countedRefChange } from '../git/readTracking';
import { initBareRepository } from '../git/init';
import { wikiExists } from '../git/wikiRepository';
import { isDomainError } from '../domain/errors';
import { authorizeGit, receivePush } from '../services/gitAccess';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
import { assertMayAct, authenticate, type Identity } from './auth';
import type { AppServices } from '../services/appServices';
import { HttpError } from './httpError';
import type { SiteRoute } from './requestHandler';

/**
 * `/{owner}/{repo}.git/<service>` (the `.git` is optional, as in Gitea), and `/{owner}/{repo}.wiki.git/…`
 * for its wiki (no repository name ends in `.wiki`, so the two never meet).
 */
const gitPathPattern = /^\/([^/]+)\/([^/]+)\/(info\/refs|git-upload-pack|git-receive-pack)$/;

/** Gitea's realm: git shows it when it asks for credentials. */
const askForCredentials = (message = 'Unauthorized'): HttpError =>
  new HttpError(401, message, { 'WWW-Authenticate': 'Basic realm="Gitea"' });

interface GitTarget {
  readonly owner: string;
  readonly name: string;
  readonly wiki: boolean;
  readonly service: GitHttpService;
}

/** Whether a path is one of smart HTTP's (a repository's or a wiki's), whatever its method. */
export const isGitHttpPath = (path: string): boolean => gitPathPattern.test(path);

function parseGitPath(path: string): GitTarget | undefined {
  const match = gitPathPattern.exec(path);
  if (!match) return undefined;
  try {
    const owner = decodeURIComponent(match[1]!);
    const full = decodeURIComponent(match[2]!).replace(/\.git$/i, '');
    const wiki = /\.wiki$/i.test(full);
    const name = wiki ? full.slice(0, -'.wiki'.length) : full;
    if (owner === '' || name === '' || /[/\\\0]/.test(owner + name)) return undefined;
    return { owner, name, wiki, service: match[3] as GitHttpService };
  } catch {
    return undefined;
  }
}

/** Whether the request writes: a receive-pack exchange or its advertisement. */
function wantsWrite(target: GitTarget, query: URLSearchParams): boolean {
  if (target.service === 'git-receive-pack') return true;
  if (target.service === 'info/refs') {
    const service = query.get('service');
    if (service !== null && service !== 'git-upload-pack' && service !== 'git-receive-pack') {
      throw new HttpError(403, `unsupported service: ${service}`);
    }
    return service === 'git-receive-pack';
  }
  return false;
}

function assertMethod(method: string, target: GitTarget): void {
  const allowed = target.service === 'info/refs' ? ['GET', 'HEAD'] : ['POST'];
  if (!allowed.includes(method))
    throw new HttpError(405, 'Method Not Allowed', { Allow: allowed.join(', ') });
}

async function identify(
  app: AppServices,
  req: Parameters<SiteRoute>[0],
  query: URLSearchParams,
): Promise<Identity> {
  let identity: Identity;
  try {
    identity = await authenticate(app.db, req.headers, query, req.socket.remoteAddress);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw askForCredentials(error.message);
    throw error;
  }
  assertMayAct(identity);
  return identity;
}

/** services/gitAccess decides; an anonymous caller it refuses is asked for credentials, as git expects. */
function authorizeGitRequest(
  app: AppServices,
  identity: Identity,
  repo: RepositoryRow | undefined,
  write: boolean,
  wiki: boolean,
): RepositoryRow {
  try {
    const caller = { user: identity.user, tokenScopes: identity.token?.scopes };
    return authorizeGit(app.db, caller, repo, write, wiki);
  } catch (error) {
    if (isDomainError(error, 'unauthenticated')) throw askForCredentials();
    throw error;
  }
}

/**
 * The wiki's git directory. One nobody has written yet cannot be fetched (404, as Gitea answers); the
 * first push creates it, on the repository's default branch.
 */
async function openWiki(repo: RepositoryRow, wikiDir: string, write: boolean): Promise<string> {
  if (wikiExists(wikiDir)) return wikiDir;
  if (!write) throw new HttpError(404, 'Repository not found');
  await initBareRepository(wikiDir, {
    defaultBranch: repo.default_branch,
    objectFormat: repo.object_format_name === 'sha256' ? 'sha256' : 'sha1',
  });
  return wikiDir;
}

/**
 * The site route for smart HTTP (`info/refs`, `git-upload-pack`, `git-receive-pack`) through
 * `git http-backend`. The git directory comes only from the repository's row, never from the request path.
 * A push runs with the repository to itself; the references it moved become push events before the
 * answer ends.
 */
export function gitHttpRoute(app: AppServices): SiteRoute {
  const running = new Set<ChildProcess>();
  app.onStop(() => {
    for (const child of running) child.kill('SIGKILL');
  });
  const track = (child: ChildProcess): void => {
    running.add(child);
    child.once('close', () => running.delete(child));
  };

  return async (req, res, path) => {
    const target = parseGitPath(path);
    if (!target) return false;
    const rawUrl = req.url ?? '';
    const queryString = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
    const query = new URLSearchParams(queryString);
    assertMethod(req.method ?? 'GET', target);
    const write = wantsWrite(target, query);
    const identity = await identify(app, req, query);
    const repo = authorizeGitRequest(
      app,
      identity,
      findRepositoryByName(app.db, target.owner, target.name),
      write,
      target.wiki,
    );
    const gitDir = target.wiki
      ? await openWiki(repo, managedWikiDir(app.config.dataDir, repo.owner_name, repo.name), write)
      : repositoryGitDir(app.config.dataDir, repo);
    const config = write ? ['http.receivepack=true'] : ['http.receivepack=false'];
    // A workspace repository has a working tree: a push to its checked-out branch updates it when clean.
    if (write && repo.git_path !== null && !target.wiki)
      config.push('receive.denyCurrentBranch=updateInstead');
    const request = {
      req,
      res,
      gitDir,
      service: target.service,
      // Credentials in the query (?token=) are not git's business.
      queryString: query.has('service') ? `service=${encodeURIComponent(query.get('service')!)}` : '',
      remoteUser: identity.user?.name,
      config,
      track,
    };
    // A wiki push is pages, not code: no branch protection and no push events (Gitea's wiki has neither).
    if (target.service === 'git-receive-pack' && identity.user && !target.wiki) {
      await receivePush(app, repo, gitDir, identity.user, (extra, settle) =>
        runHttpBackend({
          ...request,
          config: [...config, ...extra.config],
          env: extra.env,
          beforeEnd: settle,
        }),
      );
    } else if (target.service === 'git-receive-pack') {
      // A wiki push moves references too: answers tagged before it must not stand after it.
      await countedRefChange(() => runHttpBackend(request));
    } else {
      await runHttpBackend(request);
    }
    return true;
  };
}
