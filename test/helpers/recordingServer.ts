import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A request as the server received it: the path exactly as sent, still percent-encoded. */
export interface RecordedRequest {
  readonly method: string;
  readonly rawPath: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Answers a request; may return a promise (or anything: a `response.end()` chain is fine). */
export type Responder = (request: RecordedRequest, response: ServerResponse) => unknown;

export interface RecordingServer {
  /** `http(s)://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A loopback server on port 0 that records every request and lets the test answer it. */
export async function startRecordingServer(
  respond: Responder,
  tls?: { readonly key: string; readonly cert: string },
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const handle = (incoming: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawUrl = incoming.url ?? '/';
      const queryStart = rawUrl.indexOf('?');
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        rawPath: queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart),
        query: new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1)),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(respond(recorded, response)).catch((error: unknown) => {
        response.statusCode = 599;
        response.end(String(error));
      });
    });
  };
  const server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, handle) : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // keep-alive and never-answered connections would hold `close` open
        server.closeAllConnections();
      }),
  };
}

export function replyJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}
