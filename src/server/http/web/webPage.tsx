import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSX } from 'hono/jsx/jsx-runtime';
import type { AppServices } from '../../services/appServices';
import { parseRepoContext } from '../../services/markdown/renderContext';
import { markdownRenderer } from '../../services/markdown/renderPool';
import type { Identity } from '../auth';
import { ApiReader, type ApiPage, type QueryValues } from './apiReader';
import { sendDocument } from './htmlResponse';
import { Document } from './layout/Layout';
import type { Site } from './layout/site';

export interface WebPageOptions {
  readonly app: AppServices;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly identity: Identity;
  readonly api: ApiReader;
  /** The request's query. */
  readonly query: URLSearchParams;
  /** The CSRF token forms on this page carry. */
  readonly csrfToken: string;
  /** A POST's form fields (its `_csrf` already checked); empty for GET. */
  readonly form?: URLSearchParams;
}

export interface PageContent {
  readonly title: string;
  readonly body: JSX.Element;
  readonly status?: number;
}

/** One web request being answered with a page: its caller, the API as that caller, and the renderer. */
export class WebPage {
  readonly app: AppServices;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly identity: Identity;
  readonly query: URLSearchParams;
  readonly csrfToken: string;
  readonly form: URLSearchParams;
  private readonly api: ApiReader;

  constructor(options: WebPageOptions) {
    this.app = options.app;
    this.req = options.req;
    this.res = options.res;
    this.identity = options.identity;
    this.query = options.query;
    this.csrfToken = options.csrfToken;
    this.form = options.form ?? new URLSearchParams();
    this.api = options.api;
  }

  /** `GET /api/v1{apiPath}` as this caller. */
  get<T>(apiPath: string, query?: QueryValues): Promise<T> {
    return this.api.get<T>(apiPath, query);
  }

  /** A page of an API list as this caller. */
  list<T>(apiPath: string, query?: QueryValues): Promise<ApiPage<T>> {
    return this.api.list<T>(apiPath, query);
  }

  /** A positive integer query parameter (`page`), or the fallback. */
  intParam(name: string, fallback: number): number {
    const value = Number(this.query.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : fallback;
  }

  /** Markdown rendered by the server's renderer and sanitiser, with `owner/repo` for its references. */
  async markdown(
    text: string,
    repo?: { owner: string; name: string },
    /** `wiki` resolves `[[Page]]` links, as a wiki page's text is rendered. */
    mode: 'gfm' | 'wiki' = 'gfm',
  ): Promise<string> {
    const rootUrl = this.app.config.rootUrl;
    const context = repo ? `${rootUrl}${repo.owner}/${repo.name}` : undefined;
    return markdownRenderer(this.app).render(text, {
      mode: repo ? mode : 'markdown',
      rootUrl,
      repo: context ? parseRepoContext(context, rootUrl) : undefined,
      onError: (error) => this.app.log.error('markdown rendering for a page failed', error),
    });
  }

  get site(): Site {
    const rootUrl = this.app.config.rootUrl;
    const user = this.identity.user;
    return {
      rootUrl,
      rootPath: new URL(rootUrl).pathname.replace(/\/$/, ''),
      viewer: user ? { login: user.name, isAdmin: user.is_admin } : null,
      csrfToken: this.csrfToken,
      currentPath: this.req.url ?? '/',
    };
  }

  /** Sends the page inside the site's document. */
  render(content: PageContent): Promise<void> {
    const document = (
      <Document site={this.site} title={content.title}>
        {content.body}
      </Document>
    );
    return sendDocument(this.res, content.status ?? 200, document);
  }
}
