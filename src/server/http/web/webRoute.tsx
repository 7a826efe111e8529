import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerMap } from '../../routes/handler';
import type { AppServices } from '../../services/appServices';
import { anonymous, type Identity } from '../auth';
import { RequestContext } from '../context';
import { httpErrorOf } from '../errorStatus';
import { HttpError } from '../httpError';
import type { Router } from '../router';
import { serverFault } from '../serverFaults';
import { ApiReader } from './apiReader';
import { ErrorBody } from './layout/parts';
import { findPageRoute, type PageRoute } from './pageRoutes';
import { allPages } from './pages/allPages';
import { assertCsrfToken, assertSameOrigin } from './session/csrf';
import { pageIdentity, readForm } from './session/pageIdentity';
import { csrfTokenOf, readVisitor, withFormKey } from './session/visitor';
import { WebPage } from './webPage';
import { servedTarget, type ApiTarget } from './webTargets';
import { apiPrefix, type SiteRoute } from '../requestHandler';

export interface WebRouteOptions {
  readonly app: AppServices;
  readonly router: Router;
  readonly handlers: HandlerMap;
  /** The pages (all of them unless a test narrows it). */
  readonly pages?: readonly PageRoute[];
}

const queryOf = (req: IncomingMessage): URLSearchParams => {
  const rawUrl = req.url ?? '';
  return new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
};

/**
 * Gitea's web paths: the pages (pages/allPages.ts) in Gitea's URL layout, so every `html_url` the API hands
 * out opens one; pull request diffs and patches, archives and raw files served as the API operation's own
 * answer. Pages read their objects through the API operations with the caller's identity, so who may see
 * what is decided exactly as for the API (a private repository is 404 to anonymous callers).
 */
export function webRoute(options: WebRouteOptions): SiteRoute {
  const { app, router, handlers } = options;
  const pages = options.pages ?? allPages;

  const reader = (req: IncomingMessage, res: ServerResponse, identity: Identity): ApiReader =>
    new ApiReader({ app, router, handlers, req, res, identity });

  const serve = async (req: IncomingMessage, res: ServerResponse, target: ApiTarget): Promise<void> => {
    const query = queryOf(req);
    const identity = await pageIdentity(app, req, query, readVisitor(app, req));
    const match = router.resolve('GET', target.apiPath);
    const handler = handlers[match.op.operationId as keyof HandlerMap];
    if (!handler) throw new HttpError(501, `not implemented yet: ${match.op.operationId}`);
    const merged = new URLSearchParams(query);
    for (const [name, value] of Object.entries(target.query ?? {})) merged.set(name, value);
    const path = `${apiPrefix}${target.apiPath}`;
    const ctx = new RequestContext(app, req, res, match.op, match.params, path, merged, identity);
    await handler(ctx);
    if (!ctx.responded) ctx.empty();
  };

  const showPage = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: PageRoute,
    params: Readonly<Record<string, string>>,
  ): Promise<void> => {
    const query = queryOf(req);
    let page: WebPage | undefined;
    try {
      let visitor = readVisitor(app, req);
      let form = new URLSearchParams();
      if (route.method === 'POST') {
        // every form post: from this site, with the visitor's token (webRoute checks it, not each page)
        assertSameOrigin(app, req);
        form = await readForm(req);
        assertCsrfToken(app, visitor, form.get('_csrf'));
      } else {
        visitor = withFormKey(app, res, visitor);
      }
      const identity = await pageIdentity(app, req, query, visitor);
      const csrfToken = csrfTokenOf(app, visitor);
      page = new WebPage({
        app,
        req,
        res,
        identity,
        api: reader(req, res, identity),
        query,
        csrfToken,
        form,
      });
      await route.handle(page, params);
    } catch (error) {
      if (res.headersSent) throw error;
      const known = httpErrorOf(error) ?? serverFault(error);
      if (!known) app.log.error(`${req.method} ${req.url ?? ''}: the page failed`, error);
      const status = known?.status ?? 500;
      const message = known?.message ?? 'The page failed; the server log has the details.';
      for (const [name, value] of Object.entries(known?.headers ?? {})) res.setHeader(name, value);
      page ??= new WebPage({
        app,
        req,
        res,
        identity: anonymous,
        api: reader(req, res, anonymous),
        query,
        csrfToken: '',
      });
      await page.render({
        title: status === 404 ? 'Not found' : `Error ${status}`,
        status,
        body: <ErrorBody status={status} message={message} />,
      });
    }
  };

  return async (req, res, path) => {
    const method = req.method ?? 'GET';
    const target = method === 'GET' || method === 'HEAD' ? servedTarget(path) : undefined;
    if (target) {
      await serve(req, res, target);
      return true;
    }
    const found = findPageRoute(pages, method, path);
    if (found) {
      await showPage(req, res, found.route, found.params);
      return true;
    }
    return false;
  };
}
