import { createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordingReverseProxy {
  /** Root URL ending in `/`; every request below it goes to the upstream server. */
  readonly url: string;
  /** `METHOD /path?query` of every request forwarded, in order. */
  readonly seen: string[];
  close(): Promise<void>;
}

/** A reverse proxy on loopback in front of `upstream` (a root URL), recording what clients ask it. */
export async function startRecordingReverseProxy(upstream: string): Promise<RecordingReverseProxy> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const base = new URL(upstream);
  const server = createServer((incoming, outgoing) => {
    seen.push(`${incoming.method} ${incoming.url}`);
    const target = new URL(incoming.url ?? '/', base);
    const forwarded = request(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
