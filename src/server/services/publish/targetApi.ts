import type { Dispatcher } from 'undici';
import { clientDispatcher, undici } from '../../net/undici';
import { withoutNilSlices } from '../../../api/nilSlices';

const requestTimeoutMs = 120_000;

/** The target answered something other than success, or could not be reached; `status` 0 for the latter. */
export class TargetFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TargetFailure';
  }
}

/** Counts of what a run asked the target, for the summary and the tests. */
export interface TargetRequestCounts {
  reads: number;
  writes: number;
}

export type JsonBody = Readonly<Record<string, unknown>>;

/** How the target is reached, as the extension's own clients reach a server. */
export interface TargetConnection {
  /** Accept a certificate that does not check out (a self-signed one the user trusts). */
  readonly insecure?: boolean;
  /** A PEM file of authorities to trust besides the system's. */
  readonly caFile?: string;
  /** An HTTP(S) proxy; the environment's HTTPS_PROXY / NO_PROXY otherwise. */
  readonly proxy?: string;
}

/**
 * The REST API of the server a repository is published to (Gitea ≥ 1.14, Forgejo, Teahouse), with the
 * publishing account's token. Only what publishing needs: JSON calls, an optional read, and an asset upload.
 */
export class TargetApi {
  readonly counts: TargetRequestCounts = { reads: 0, writes: 0 };
  private readonly agent: Dispatcher;

  constructor(
    /** `https://host/prefix/` with one trailing slash. */
    readonly serverUrl: string,
    private readonly token: string,
    connection: TargetConnection,
  ) {
    this.agent = clientDispatcher().createDispatcher({
      baseUrl: serverUrl,
      timeout: requestTimeoutMs,
      caFile: connection.caFile,
      ignoreCertificateErrors: connection.insecure,
      proxy: connection.proxy ? { url: connection.proxy } : 'environment',
    });
  }

  private url(path: string, query: Readonly<Record<string, string | number>> = {}): URL {
    const url = new URL(`api/v1${path}`, this.serverUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: JsonBody,
    query?: Readonly<Record<string, string | number>>,
  ): Promise<T> {
    const answer = await this.send(method, path, body, query);
    if (answer.status < 200 || answer.status > 299) throw failure(method, path, answer.status, answer.text);
    if (answer.text === '') return undefined as T;
    return parsed<T>(method, path, answer);
  }

  /** A read that may find nothing: undefined for a 404. */
  async find<T>(path: string, query?: Readonly<Record<string, string | number>>): Promise<T | undefined> {
    const answer = await this.send('GET', path, undefined, query);
    if (answer.status === 404) return undefined;
    if (answer.status < 200 || answer.status > 299) throw failure('GET', path, answer.status, answer.text);
    return parsed<T>('GET', path, answer);
  }

  /** Every item of a paged list (labels, milestones, releases of a repository being adopted). */
  async list<T>(path: string, query: Readonly<Record<string, string | number>> = {}): Promise<T[]> {
    const items: T[] = [];
    const limit = 50;
    for (let page = 1; page < 10_000; page++) {
      // Gitea answers `null` for an empty list
      const batch = withoutNilSlices(
        await this.call<unknown>('GET', path, undefined, { ...query, page, limit }),
        true,
      );
      if (!Array.isArray(batch))
        throw new TargetFailure(`the target did not answer a list to GET ${path}`, 200);
      items.push(...(batch as T[]));
      if (batch.length < limit) break;
    }
    return items;
  }

  /** `POST …/releases/{id}/assets?name=…` with the file as the multipart field `attachment`. */
  async uploadAsset<T>(path: string, name: string, file: Buffer): Promise<T> {
    const { FormData, fetch } = undici();
    const form = new FormData();
    form.append('attachment', new Blob([file]), name);
    const url = this.url(path, { name });
    this.counts.writes++;
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `token ${this.token}`, accept: 'application/json' },
        body: form,
        dispatcher: this.agent,
      });
    } catch (error) {
      throw unreachable(error);
    }
    const text = await response.text();
    if (!response.ok) throw failure('POST', path, response.status, text);
    return parsed<T>('POST', path, { status: response.status, text });
  }

  private async send(
    method: string,
    path: string,
    body: JsonBody | undefined,
    query: Readonly<Record<string, string | number>> | undefined,
  ): Promise<{ status: number; text: string }> {
    if (method === 'GET') this.counts.reads++;
    else this.counts.writes++;
    try {
      const response = await undici().request(this.url(path, query), {
        method: method as 'GET',
        headers: {
          authorization: `token ${this.token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        dispatcher: this.agent,
      });
      return { status: response.statusCode, text: await response.body.text() };
    } catch (error) {
      throw unreachable(error);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The JSON of a success, with Gitea's nil slices as empty lists. */
function parsed<T>(method: string, path: string, answer: { status: number; text: string }): T {
  let value: unknown;
  try {
    value = JSON.parse(answer.text);
  } catch {
    throw new TargetFailure(
      `the target answered ${method} ${path} with something other than JSON`,
      answer.status,
    );
  }
  return withoutNilSlices(value, false) as T;
}

function failure(method: string, path: string, status: number, text: string): TargetFailure {
  let message = '';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    message = text.slice(0, 200).trim();
  }
  const why =
    status === 401
      ? ' (the token is not valid on the target)'
      : status === 403
        ? ' (the token may not do this on the target: it needs write access to repositories and issues)'
        : '';
  return new TargetFailure(
    `the target answered ${status} to ${method} ${path}${why}${message ? `: ${message}` : ''}`,
    status,
  );
}

// Requests are never aborted half-way: a run stops between two items, so that what the target created is
// always in the ledger.
function unreachable(error: unknown): Error {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new TargetFailure(
    `the target is unreachable (${error instanceof Error ? error.message : String(error)}${cause})`,
    0,
  );
}
