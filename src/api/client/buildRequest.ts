import { FormData } from '../undici/parts';
import type { ContentKind, HttpMethod, OperationSpec } from '../operationSpec';

/** Arguments as the extension's "run any operation" command gathers them: params by name, plus `body`. */
export type UntypedArgs = Readonly<Record<string, unknown>>;

/** One request, fully described, before it is sent: the only thing the executor runs. */
export interface PreparedRequest {
  readonly operation: OperationSpec;
  readonly method: HttpMethod;
  readonly url: URL;
  /**
   * `accept` and, with a JSON or text body, `content-type`; auth and the user agent are added when sending.
   * A multipart body's `content-type` (with its boundary) is left to the transport that encodes the form.
   */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | FormData;
}

const placeholder = /\{([^}]+)\}/g;

/** `https://host/sub/` and `https://host/sub/api/v1` both become `https://host/sub/api/v1`. */
export function apiRootOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${trimmed}/api/v1`;
}

/** How the success body is encoded: `json` when the catalogue names a type, `empty` otherwise. */
export function successContentOf(operation: OperationSpec): ContentKind {
  return operation.success.content ?? (operation.success.type === undefined ? 'empty' : 'json');
}

/**
 * Builds the request from the catalogue entry: path params fill the placeholders, `body` becomes the
 * body, and every other argument goes to the query string (undeclared ones too, as Octokit does, so a
 * parameter the catalogue lacks, e.g. `sudo` or `ref`, still reaches the server).
 */
export function buildRequest(
  apiRoot: string,
  operation: OperationSpec,
  args: UntypedArgs = {},
): PreparedRequest {
  const pathNames = new Set<string>();
  const path = operation.path.replace(placeholder, (_match, name: string) => {
    pathNames.add(name);
    const wildcard = operation.pathParams?.some((param) => param.name === name && param.wildcard === true);
    return encodePathValue(operation.operationId, name, args[name], wildcard === true);
  });
  const url = new URL(apiRoot + path);
  // Gitea's GET /file-contents takes its JSON as a query named `body`: there `body` is no request body
  const bodyIsQuery =
    operation.body === undefined && operation.queryParams?.some((param) => param.name === 'body') === true;
  for (const [name, value] of Object.entries(args)) {
    if ((name !== 'body' || bodyIsQuery) && !pathNames.has(name)) appendQuery(url.searchParams, name, value);
  }
  const headers: Record<string, string> = { accept: acceptFor(successContentOf(operation)) };
  const body = encodeBody(operation, bodyIsQuery ? undefined : args['body']);
  if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
  return { operation, method: operation.method, url, headers, ...(body && { body: body.content }) };
}

function encodePathValue(operationId: string, name: string, value: unknown, wildcard: boolean): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${operationId} needs the path parameter "${name}" (a non-empty string or a number)`);
  }
  // a wildcard (file path, branch with slashes) keeps its separators; each segment is still encoded
  return wildcard ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
}

/** Arrays repeat the key (`?status-types=read&status-types=unread`): Gitea reads them with `FormStrings`. */
function appendQuery(search: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(search, name, item);
    return;
  }
  if (value instanceof Date) {
    search.append(name, value.toISOString());
    return;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    search.append(name, String(value));
    return;
  }
  throw new TypeError(
    `query parameter "${name}" must be a string, number, boolean, date or an array of them`,
  );
}

function encodeBody(
  operation: OperationSpec,
  body: unknown,
): { readonly content: string | FormData; readonly contentType?: string } | undefined {
  if (body === undefined) return undefined;
  if (operation.body === undefined) throw new TypeError(`${operation.operationId} takes no request body`);
  if (operation.body.content === 'multipart') {
    if (!(body instanceof Blob))
      throw new TypeError(`${operation.operationId} takes a file (a Blob or File)`);
    // undici's own FormData: its transport encodes only that class (boundary and content-type included)
    const form = new FormData();
    // a File arrives under its own name, a bare Blob as "blob" (Gitea then takes the `name` query)
    form.append(operation.body.field, body);
    return { content: form };
  }
  if (operation.body.content === 'text') {
    if (typeof body !== 'string') throw new TypeError(`${operation.operationId} takes a text body`);
    return { content: body, contentType: 'text/plain; charset=utf-8' };
  }
  return { content: JSON.stringify(body), contentType: 'application/json' };
}

function acceptFor(content: ContentKind): string {
  switch (content) {
    case 'html':
      return 'text/html, */*;q=0.5';
    case 'text':
      return 'text/plain, */*;q=0.5';
    case 'binary':
    case 'form':
      return '*/*';
    case 'json':
    case 'empty':
      // errors come back as JSON even for operations without a body
      return 'application/json';
  }
}
