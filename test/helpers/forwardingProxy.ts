import { createServer, request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ForwardingProxy {
  readonly url: string;
  /** Absolute URIs of the plain-HTTP requests it forwarded. */
  readonly forwarded: string[];
  /** `host:port` of the CONNECT tunnels it opened (HTTPS through the proxy). */
  readonly tunnelled: string[];
  close(): Promise<void>;
}

/** A minimal HTTP proxy on loopback: forwards absolute-URI requests and opens CONNECT tunnels. */
export async function startForwardingProxy(): Promise<ForwardingProxy> {
  const forwarded: string[] = [];
  const tunnelled: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '');
    forwarded.push(target.href);
    const upstream = request(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  server.on('connect', (incoming, clientSocket: Socket, head: Buffer) => {
    const [host = '', port = '443'] = (incoming.url ?? '').split(':');
    tunnelled.push(`${host}:${port}`);
    const upstream = connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    for (const socket of [clientSocket, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    tunnelled,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
