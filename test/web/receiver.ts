import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server of another origin: counts every request to `/hit…` (what an executed XSS payload would
 * fetch) and serves pages set by the test (a cross-origin form).
 */
export interface Receiver {
  readonly url: string;
  readonly hits: string[];
  servePage(path: string, html: string): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hits: string[] = [];
  const pages = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/hit')) hits.push(url);
    const page = pages.get(url);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (page) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(page);
      return;
    }
    res.setHeader('Content-Type', 'text/plain');
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    servePage: (path, html) => pages.set(path, html),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
