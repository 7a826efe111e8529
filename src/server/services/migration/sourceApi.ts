import { createHash } from 'node:crypto';
import type { Agent, Dispatcher } from 'undici';
import { undici } from '../../net/undici';
import { policyLookup } from '../policyLookup';
import { withoutNilSlices } from '../../../api/nilSlices';
import { DomainError, invalid } from '../../domain/errors';
import { AddressRefused, type AddressPolicy } from '../addressPolicy';

/** Gitea's SDK page size when a source does not say (or says 0). */
export const fallbackPageSize = 50;
/** No repository of a sane source has more items in one list; past this a source is paging in circles. */
const maxListItems = 500_000;
const requestTimeoutMs = 60_000;

/** How the source is asked: a token (`Authorization: token …`), or a user name and password (Basic). */
export type SourceAuth =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'basic'; readonly username: string; readonly password: string }
  | { readonly kind: 'none' };

export type Query = Readonly<Record<string, string | number>>;

/**
 * The REST API of a Gitea-compatible source (Gitea ≥ 1.14, Forgejo, Teahouse), read as Gitea's migrator
 * reads it. Every connection resolves the host through the address policy, so the importer reaches only the
 * addresses the git part may reach (no DNS rebinding between the check and the connect); redirects are not
 * followed. Failures are 422s in Gitea's words ("Authentication failed: …", "Migration failed: …").
 */
export class SourceApi {
  private readonly agent: Agent;
  private pageSize = fallbackPageSize;
  /** Requests made, for the figures a caller may report. */
  requests = 0;

  constructor(
    private readonly policy: AddressPolicy,
    /** The API root, e.g. `https://gitea.example.com/api/v1` (no trailing slash). */
    private readonly apiRoot: string,
    private readonly auth: SourceAuth,
  ) {
    const lookup = policyLookup(policy);
    this.agent = new (undici().Agent)({
      connect: { lookup, timeout: requestTimeoutMs },
      headersTimeout: requestTimeoutMs,
      bodyTimeout: requestTimeoutMs,
      connections: 16,
    });
  }

  /** The page size the source serves (`/settings/api`'s `max_response_items`), else Gitea's SDK default. */
  async readPageSize(): Promise<number> {
    const settings = await this.get<{ max_response_items?: unknown }>('/settings/api', {}, true);
    const size = settings?.max_response_items;
    this.pageSize = typeof size === 'number' && Number.isInteger(size) && size > 0 ? size : fallbackPageSize;
    return this.pageSize;
  }

  /** One answer; with `optional`, an operation the source does not have answers undefined. */
  async get<T>(path: string, query?: Query): Promise<T>;
  async get<T>(path: string, query: Query, optional: true): Promise<T | undefined>;
  async get<T>(path: string, query: Query = {}, optional = false): Promise<T | undefined> {
    const url = new URL(`${this.apiRoot}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const shown = `GET ${url.pathname}`;
    const response = await this.open(url, { accept: 'application/json', ...this.authHeader() });
    const status = response.statusCode;
    const text = await this.reading(() => response.body.text());
    // An operation the source lacks: 404 from Gitea, 501 from a Teahouse that has not implemented it.
    if (optional && (status === 404 || status === 405 || status === 501)) return undefined;
    if (status === 401 || status === 403) {
      throw invalid(`Authentication failed: the source answered ${status} to ${shown}.`);
    }
    if (status < 200 || status > 299)
      throw invalid(`Migration failed: the source answered ${status} to ${shown}.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid(`Migration failed: the source answered ${shown} with something other than JSON.`);
    }
    return withoutNilSlices(parsed, false) as T;
  }

  /** A list answered whole (not paged); Gitea's `null` for an empty one is the empty list. */
  async getList<T>(path: string): Promise<T[]> {
    return this.asList<T>(path, await this.get<unknown>(path));
  }

  private asList<T>(path: string, answer: unknown): T[] {
    const items = withoutNilSlices(answer, true);
    if (!Array.isArray(items))
      throw invalid(`Migration failed: the source did not answer a list to GET ${path}.`);
    return items as T[];
  }

  /**
   * Every item of a paged list, page by page at the source's page size. Ends at a short or empty page, and
   * at a page answered before (a source that ignores `page`, or cycles); a source that pages on without
   * end is refused rather than followed.
   */
  async list<T>(path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    const seenPages = new Set<string>();
    for (let page = 1; ; page++) {
      const batch = this.asList<T>(
        path,
        await this.get<unknown>(path, { ...query, page, limit: this.pageSize }),
      );
      if (batch.length === 0) break;
      const fingerprint = createHash('sha256').update(JSON.stringify(batch)).digest('hex');
      if (seenPages.has(fingerprint)) break;
      seenPages.add(fingerprint);
      items.push(...batch);
      if (batch.length < this.pageSize) break;
      if (items.length > maxListItems) {
        throw invalid(`Migration failed: the source keeps answering more pages of GET ${path}.`);
      }
    }
    return items;
  }

  /**
   * A file the source serves (a release asset's `browser_download_url`), read whole; with the source's
   * credentials only when it is on the API's own origin. Larger than `maxBytes` is a failed migration.
   */
  async download(address: string, maxBytes: number): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw invalid(`Migration failed: the source gave "${address}" as a download address.`);
    }
    const sameOrigin = url.origin === new URL(this.apiRoot).origin;
    const response = await this.open(url, sameOrigin ? this.authHeader() : {});
    if (response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump();
      throw invalid(`Migration failed: the source answered ${response.statusCode} to GET ${url.pathname}.`);
    }
    return this.reading(async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).byteLength;
        if (size > maxBytes) {
          await response.body.dump();
          throw invalid(`Migration failed: ${url.pathname} is larger than ${maxBytes} bytes.`);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    });
  }

  /** A GET through the address policy; a refused host or a failed connection is the migration's 422. */
  private async open(url: URL, headers: Record<string, string>): Promise<Dispatcher.ResponseData> {
    return this.reading(async () => {
      await this.policy.check(url);
      this.requests++;
      return undici().request(url, { method: 'GET', headers, dispatcher: this.agent });
    });
  }

  /** Runs network work, turning a transport failure into Gitea's words for a failed migration. */
  private async reading<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AddressRefused)
        throw invalid(`You can not import from disallowed hosts: ${error.message}.`);
      if (error instanceof DomainError) throw error;
      throw invalid(`Migration failed: the source is unreachable (${describe(error)}).`);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private authHeader(): Record<string, string> {
    switch (this.auth.kind) {
      case 'token':
        return { authorization: `token ${this.auth.token}` };
      case 'basic':
        return {
          authorization: `Basic ${Buffer.from(`${this.auth.username}:${this.auth.password}`).toString('base64')}`,
        };
      case 'none':
        return {};
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
