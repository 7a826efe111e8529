import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerMap } from '../routes/handler';
import { applySudo, assertMayAct, assertOperationAllowed, authenticate, type Identity } from './auth';
import type { AppServices } from '../services/appServices';
import { repositoriesDir } from '../config';
import { trackGitReads } from '../git/readTracking';
import { answeredFromTag, planValidation } from './conditional';
import { RequestContext } from './context';
import { httpErrorOf } from './errorStatus';
import { HttpError } from './httpError';
import { sendError, sendJson } from './respond';
import type { Router } from './router';
import { serverFault } from './serverFaults';
import { errorHeaders } from './relayedRequests';

export const apiPrefix = '/api/v1';

/** Paths outside `/api/v1` that the server answers itself. */
export type SiteRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => boolean | Promise<boolean>;

/** The request path with doubled slashes collapsed (gitea-js calls `//api/v1/...` with a base URL ending in /). */
export function normalizePath(rawUrl: string): { path: string; search: string } {
  const queryStart = rawUrl.indexOf('?');
  const path = (queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart)).replace(/\/{2,}/g, '/');
  return {
    path: path.startsWith('/') ? path : `/${path}`,
    search: queryStart < 0 ? '' : rawUrl.slice(queryStart),
  };
}

/** The URL as it may be logged: credential query parameters masked. */
export function loggableUrl(rawUrl: string): string {
  return rawUrl.replace(/([?&](?:token|access_token)=)[^&]*/gi, '$1***');
}

export interface RequestHandlerOptions {
  readonly app: AppServices;
  readonly router: Router;
  readonly handlers: HandlerMap;
  readonly siteRoutes: readonly SiteRoute[];
}

/** Who the request acts as: its credentials checked, the account allowed to act, sudo applied. */
export async function identifyCaller(
  app: AppServices,
  req: IncomingMessage,
  query: URLSearchParams,
): Promise<Identity> {
  const identity = await authenticate(app.db, req.headers, query, req.socket.remoteAddress);
  assertMayAct(identity);
  return applySudo(app.db, identity, req.headers, query);
}

async function handleApi(
  options: RequestHandlerOptions,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const { app, router, handlers } = options;
  const { op, params } = router.resolve(req.method ?? 'GET', path.slice(apiPrefix.length));
  const handler = handlers[op.operationId as keyof HandlerMap];
  if (!handler) throw new HttpError(501, `not implemented yet: ${op.operationId}`);
  const identity = await identifyCaller(app, req, query);
  assertOperationAllowed(op, identity);
  const ctx = new RequestContext(app, req, res, op, params, path, query, identity);
  if (op.method === 'GET') {
    const managedRoot = repositoriesDir(app.config.dataDir);
    const plan = planValidation(app.db, managedRoot, op.operationId, path, query, identity);
    if (answeredFromTag(req, res, plan)) return;
    ctx.validation = plan;
    await trackGitReads(() => handler(ctx));
  } else {
    await handler(ctx);
  }
  if (!ctx.responded) ctx.empty();
}

/** The node:http listener: routing, auth, the handler, and the one place errors become Gitea JSON. */
export function createRequestHandler(
  options: RequestHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { app } = options;
  return (req, res) => {
    const started = performance.now();
    const shownUrl = loggableUrl(req.url ?? '');
    app.log.debug(`started ${req.method} ${shownUrl}`);
    res.on('close', () => {
      const ms = (performance.now() - started).toFixed(1);
      const status = res.writableFinished ? String(res.statusCode) : `${res.statusCode} aborted`;
      app.log.access(`${req.method} ${shownUrl} ${status} ${ms}ms`);
    });
    void (async () => {
      try {
        const { path, search } = normalizePath(req.url ?? '/');
        if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) {
          await handleApi(options, req, res, path, new URLSearchParams(search));
          return;
        }
        for (const route of options.siteRoutes) {
          if (await route(req, res, path)) return;
        }
        throw new HttpError(404, "The target couldn't be found.");
      } catch (error) {
        answerError(app, req, res, error);
      }
    })();
  };
}

function answerError(app: AppServices, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (res.headersSent || res.destroyed) {
    app.log.error(`${req.method} ${loggableUrl(req.url ?? '')} failed after the answer started`, error);
    res.destroy();
    return;
  }
  const answer = httpErrorOf(error);
  if (answer) {
    sendError(res, app.config.rootUrl, answer.status, answer.message, errorHeaders(req, answer.headers));
    return;
  }
  app.log.error(`${req.method} ${loggableUrl(req.url ?? '')} failed`, error);
  const fault = serverFault(error);
  if (fault) {
    sendError(res, app.config.rootUrl, fault.status, fault.message, fault.headers);
    return;
  }
  sendJson(res, 500, {
    message: 'internal server error; the server log has the details',
    url: `${app.config.rootUrl}api/swagger`,
  });
}
