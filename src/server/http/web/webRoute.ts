import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerMap } from '../../routes/handler';
import type { AppServices } from '../../services/appServices';
import type { Identity } from '../auth';
import { assertOperationAllowed } from '../auth';
import { RequestContext } from '../context';
import { httpErrorOf } from '../errorStatus';
import { HttpError } from '../httpError';
import { apiPrefix, identifyCaller, type SiteRoute } from '../requestHandler';
import type { RouteMatch, Router } from '../router';
import { sendPlaceholderPage } from './placeholderPage';
import { webTarget, type ApiTarget, type PageCandidate } from './webTargets';

export interface WebRouteOptions {
  readonly app: AppServices;
  readonly router: Router;
  readonly handlers: HandlerMap;
}

/** A context whose JSON answer is kept instead of sent: a page reads the object the API would answer. */
class CapturingContext extends RequestContext {
  captured: unknown;

  override json(body: unknown): void {
    this.captured = body;
  }

  override list(items: readonly unknown[]): void {
    this.captured = items;
  }
}

const isNotFound = (error: unknown): boolean => httpErrorOf(error)?.status === 404;

/**
 * Gitea's web paths that URLs in API answers name: pull request diffs and patches, archives and raw files
 * are the API operation's own answer; the other pages (repository, issue, pull request, release, commit,
 * file, milestone, user or organization) stand in for web pages with the object's title and a link to its
 * API form. Each runs the API operation for the object with the caller's credentials, so who may see what
 * is decided exactly as for the API (a private repository is 404 to anonymous callers).
 */
export function webRoute(options: WebRouteOptions): SiteRoute {
  const { app, router, handlers } = options;

  const run = async <T extends RequestContext>(
    req: IncomingMessage,
    res: ServerResponse,
    identity: Identity,
    target: ApiTarget,
    query: URLSearchParams,
    make: (match: RouteMatch, path: string, query: URLSearchParams) => T,
  ): Promise<T> => {
    const match = router.resolve('GET', target.apiPath);
    const handler = handlers[match.op.operationId as keyof HandlerMap];
    if (!handler) throw new HttpError(501, `not implemented yet: ${match.op.operationId}`);
    assertOperationAllowed(match.op, identity);
    const merged = new URLSearchParams(query);
    for (const [name, value] of Object.entries(target.query ?? {})) merged.set(name, value);
    const ctx = make(match, `${apiPrefix}${target.apiPath}`, merged);
    await handler(ctx);
    return ctx;
  };

  const showPage = async (
    req: IncomingMessage,
    res: ServerResponse,
    identity: Identity,
    candidates: readonly PageCandidate[],
    query: URLSearchParams,
  ): Promise<void> => {
    let lastError: unknown;
    for (const candidate of candidates) {
      try {
        const ctx = await run(req, res, identity, candidate, query, (match, path, merged) => {
          return new CapturingContext(app, req, res, match.op, match.params, path, merged, identity);
        });
        if (ctx.responded) return;
        const link = candidate.link ?? candidate.apiPath;
        const search = candidate.query ? `?${new URLSearchParams(candidate.query).toString()}` : '';
        sendPlaceholderPage(res, {
          kind: candidate.kind,
          title: candidate.title(ctx.captured),
          apiUrl: `${app.config.rootUrl}${apiPrefix.slice(1)}${link}${search}`,
        });
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
        lastError = error;
      }
    }
    throw lastError ?? new HttpError(404, "The target couldn't be found.");
  };

  return async (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = webTarget(path);
    if (!target) return false;
    const rawUrl = req.url ?? '';
    const query = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
    const identity = await identifyCaller(app, req, query);
    if (target.mode === 'page') {
      await showPage(req, res, identity, target.candidates, query);
    } else {
      const ctx = await run(req, res, identity, target, query, (match, apiPath, merged) => {
        return new RequestContext(app, req, res, match.op, match.params, apiPath, merged, identity);
      });
      if (!ctx.responded) ctx.empty();
    }
    return true;
  };
}
